#pragma once
// Structural substitution for representation templates: each placeholder is replaced
// once, where the template has it; text put in (I, Q, names) is never scanned again, so
// a '{Q}' inside a string literal of I stays what it is.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace eriq {

// (placeholder without braces, value), e.g. {"I", intermediate}.
using PlaceholderValues = std::vector<std::pair<std::string_view, std::string_view>>;

// Replaces each {word} of `tmpl` that `values` names; other braces stay as written.
std::string fill_placeholders(std::string_view tmpl, const PlaceholderValues& values);

// Replaces the references {x} in Q by `x`, outside string literals, quoted identifiers
// and comments. `backslash_escapes`: a backslash escapes the next character inside a
// string literal (MySQL's default sql_mode).
std::string replace_x_references(std::string_view q, std::string_view x, bool backslash_escapes);

// Replaces each `reference` (e.g. "{Q}" in a case's outer query) by `value`, likewise
// outside string literals, quoted identifiers and comments.
std::string replace_references(std::string_view q, std::string_view reference,
                               std::string_view value, bool backslash_escapes);

}  // namespace eriq
