#pragma once
// Structural substitution for representation templates: each placeholder is replaced
// once, where the template has it; text put in (I, Q, names) is never scanned again, so
// a '{Q}' inside a string literal of I stays what it is.
#include <string>
#include <string_view>

#include <utility>
#include <vector>
#include "util/sql_tokens.hpp"

namespace eriq {

// (placeholder without braces, value), e.g. {"I", intermediate}.
using PlaceholderValues = std::vector<std::pair<std::string_view, std::string_view>>;

// Replaces each {word} of `tmpl` that `values` names; other braces stay as written.
std::string fill_placeholders(std::string_view tmpl, const PlaceholderValues& values);

// Replaces the references {x} in Q by `x`, outside string literals, quoted identifiers
// and comments, as the engine's lexical rules `lexis` read them (util/sql_tokens.hpp: on
// MySQL a backslash escapes a quote and # starts a comment; PostgreSQL has dollar quotes).
std::string replace_x_references(std::string_view q, std::string_view x, const SqlLexis& lexis);

// Replaces each `reference` (e.g. "{Q}" in a case's outer query) by `value`, likewise
// outside string literals, quoted identifiers and comments.
std::string replace_references(std::string_view q, std::string_view reference,
                               std::string_view value, const SqlLexis& lexis);

}  // namespace eriq
