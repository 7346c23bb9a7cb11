#pragma once
// What a representation's SQL templates must say: only placeholders that
// instantiate() substitutes, {Q} in the query, and a way for I to reach the query
// (through setup, x or the query itself). Shared by the rules file and the dialect
// files' [representation.NAME] overrides.
#include <optional>
#include <string>
#include <vector>

namespace eriq {

struct Representation;

// Where a template came from, so a problem names the text at fault.
enum class TemplatePart { Setup, X, Query, Teardown };

struct TemplateProblem {
    TemplatePart part;
    std::size_t index = 0;  // which setup or teardown statement
    std::string message;
};

// The first problem of a representation's templates, if any.
std::optional<TemplateProblem> template_problem(const Representation& rep);

}  // namespace eriq
