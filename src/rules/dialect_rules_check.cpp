#include <algorithm>

#include <fmt/format.h>

#include "rules/rule_set.hpp"
#include "rules/template_check.hpp"
#include "util/did_you_mean.hpp"
#include "util/load_error.hpp"

namespace eriq {

void check_rules_for_dialect(const RuleSet& rules, const Dialect& dialect) {
    std::vector<std::string> names;
    for (const auto& rep : rules.representations) names.push_back(rep.name);
    auto check_name = [&](const std::string& name, std::size_t line, std::size_t column,
                          const char* where) {
        if (std::find(names.begin(), names.end(), name) != names.end()) return;
        throw LoadError(dialect.file, line, column,
                        fmt::format("{} names representation '{}', which {} does not declare{}; "
                                    "representations: {}",
                                    where, name, rules.file, did_you_mean(name, names),
                                    fmt::join(names, ", ")));
    };
    for (const auto& [name, spelling] : dialect.representations)
        check_name(name, spelling.line, spelling.column, "[representation]");
    // A [[benign]] entry may also name an optimizer variant, e.g. VIEW[no_query_flattener].
    const std::vector<std::string> with_variants =
        representation_names(representations_for(rules, dialect), dialect);
    for (const auto& b : dialect.benign)
        for (const auto& name : b.representations)
            if (std::find(with_variants.begin(), with_variants.end(), name) == with_variants.end())
                check_name(name, b.line, b.column, "[[benign]]");
    for (const auto& e : dialect.expected_errors)
        for (const auto& name : e.representations)
            check_name(name, e.line, e.column, "[[expected_error]]");
    for (const auto& v : dialect.optimizer_variants)
        for (const auto& name : v.representations)
            check_name(name, v.line, v.column, "[[optimizer_variant]]");

    const std::vector<Representation> available = representations_for(rules, dialect);
    for (const auto& rep : available) {
        auto it = dialect.representations.find(rep.name);
        if (it == dialect.representations.end()) continue;
        if (auto problem = template_problem(rep))
            throw LoadError(dialect.file, it->second.line, it->second.column,
                            fmt::format("[representation.{}] with the rules' templates: {}",
                                        rep.name, problem->message));
    }
    if (available.size() < 2) {
        std::vector<std::string> left;
        for (const auto& rep : available) left.push_back(rep.name);
        throw std::invalid_argument(fmt::format(
            "only {} representation{} ({}) of {} exist{} on dialect {} ({}): the oracle needs at "
            "least two to compare (check 'requires', the dialect's [capabilities] and "
            "'disabled')",
            available.size(), available.size() == 1 ? "" : "s",
            left.empty() ? "none" : fmt::format("{}", fmt::join(left, ", ")), rules.file,
            available.size() == 1 ? "s" : "", dialect.name, dialect.file));
    }
}

}  // namespace eriq
