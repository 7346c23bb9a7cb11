#include "dsl/grammar_limits.hpp"

#include <cctype>

#include <fmt/format.h>

namespace eriq::dsl {

std::optional<std::string> name_problem(std::string_view what, std::string_view name) {
    if (name.size() > kMaxNameLength)
        return fmt::format("{} name of {} characters is longer than the limit of {}", what,
                           name.size(), kMaxNameLength);
    const auto word = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
    };
    bool ok = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0]));
    for (char c : name) ok = ok && word(c);
    if (!ok)
        return fmt::format(
            "{} name '{}' is not a name (letters, digits and '_', not starting "
            "with a digit)",
            what, name);
    return std::nullopt;
}

}  // namespace eriq::dsl
