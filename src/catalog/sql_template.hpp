#pragma once
// Positional SQL templates of the catalogue, e.g. "({0} + {1})" or "CAST({0} AS BINARY)".
// Only "{digits}" is a placeholder; any other brace is literal SQL text (JSON literals
// such as '{"a":1}' stay intact), so there is no escaping to learn.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace eriq {

struct TemplatePlaceholder {
    std::size_t index;   // the k of {k}
    std::size_t offset;  // byte offset of the '{' in the template
};

// The placeholders of a template in order of appearance.
std::vector<TemplatePlaceholder> template_placeholders(std::string_view tmpl);

// Replaces each {k} by args[k]. Throws std::out_of_range when k >= args.size().
std::string fill_template(std::string_view tmpl, const std::vector<std::string>& args);

// Named templates, e.g. "CREATE TABLE {table} ({columns})": a placeholder is "{word}", where
// the word starts with a letter or '_' and goes on with letters, digits or '_'.
using NamedValues = std::vector<std::pair<std::string_view, std::string_view>>;

// The names of a template's named placeholders in order of appearance.
std::vector<std::string> named_placeholders(std::string_view tmpl);

// Replaces each named placeholder that `values` names, in one pass (text put in is never
// scanned again); any other brace stays as written.
std::string fill_named(std::string_view tmpl, const NamedValues& values);

}  // namespace eriq
