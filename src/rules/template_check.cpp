#include "rules/template_check.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "rules/rule_set.hpp"
#include "util/did_you_mean.hpp"

namespace eriq {
namespace {

// The placeholders instantiate() substitutes, and where.
const std::vector<std::string> kEverywhere{"name", "I"};
const std::vector<std::string> kQueryOnly{"Q"};

// The {word} placeholders of a template (braces around anything else, such as JSON
// text, are not placeholders).
std::vector<std::string> placeholders(const std::string& text) {
    std::vector<std::string> out;
    for (std::size_t open = text.find('{'); open != std::string::npos;
         open = text.find('{', open + 1)) {
        std::size_t end = open + 1;
        while (end < text.size() &&
               (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_'))
            ++end;
        if (end > open + 1 && end < text.size() && text[end] == '}')
            out.push_back(text.substr(open + 1, end - open - 1));
    }
    return out;
}

bool mentions(const std::string& text, const char* placeholder) {
    return text.find(placeholder) != std::string::npos;
}

std::optional<std::string> unknown_placeholder(const std::string& text, bool in_query) {
    std::vector<std::string> allowed = kEverywhere;
    if (in_query) allowed.insert(allowed.end(), kQueryOnly.begin(), kQueryOnly.end());
    for (const std::string& p : placeholders(text)) {
        if (std::find(allowed.begin(), allowed.end(), p) != allowed.end()) continue;
        if (!in_query && p == "Q") return std::string("{Q} is only substituted in 'query'");
        std::vector<std::string> braced;
        for (const auto& a : allowed) braced.push_back("{" + a + "}");
        return fmt::format("unknown placeholder {{{}}}{}; known: {}", p,
                           did_you_mean("{" + p + "}", braced), fmt::join(braced, " "));
    }
    return std::nullopt;
}

}  // namespace

std::optional<TemplateProblem> template_problem(const Representation& rep) {
    for (std::size_t i = 0; i < rep.setup.size(); ++i)
        if (auto m = unknown_placeholder(rep.setup[i], false))
            return TemplateProblem{TemplatePart::Setup, i, *m};
    if (auto m = unknown_placeholder(rep.x, false)) return TemplateProblem{TemplatePart::X, 0, *m};
    if (auto m = unknown_placeholder(rep.query, true))
        return TemplateProblem{TemplatePart::Query, 0, *m};
    for (std::size_t i = 0; i < rep.teardown.size(); ++i)
        if (auto m = unknown_placeholder(rep.teardown[i], false))
            return TemplateProblem{TemplatePart::Teardown, i, *m};

    if (rep.x.empty()) return TemplateProblem{TemplatePart::X, 0, "'x' must not be empty"};
    if (!mentions(rep.query, "{Q}"))
        return TemplateProblem{TemplatePart::Query, 0, "'query' must contain {Q}"};
    if (mentions(rep.x, "{I}") || mentions(rep.query, "{I}")) return std::nullopt;
    bool setup_has_i = false;
    for (const auto& s : rep.setup) setup_has_i = setup_has_i || mentions(s, "{I}");
    if (!setup_has_i)
        return TemplateProblem{TemplatePart::Query, 0,
                               "the intermediate query {I} appears nowhere: put it in 'setup', "
                               "'x' or 'query'"};
    if (!mentions(rep.x, "{name}") && !mentions(rep.query, "{name}"))
        return TemplateProblem{TemplatePart::X, 0,
                               "'setup' builds {I} into {name}, but neither 'x' nor 'query' "
                               "mentions {name}, so I never reaches the query"};
    return std::nullopt;
}

}  // namespace eriq
