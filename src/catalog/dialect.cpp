#include "catalog/dialect.hpp"

#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace eriq {

std::vector<const TypeInfo*> Dialect::types_of(const std::string& family) const {
    std::vector<const TypeInfo*> found;
    for (const TypeInfo& type : types)
        if (type.family == family) found.push_back(&type);
    return found;
}

std::vector<std::string> Dialect::session_statements(const std::string& profile) const {
    std::vector<std::string> out = session_init;
    const std::string& chosen = profile.empty() ? session_profile : profile;
    if (chosen.empty()) return out;
    auto it = session_profiles.find(chosen);
    if (it == session_profiles.end()) {
        std::vector<std::string> known;
        for (const auto& [name, statements] : session_profiles) known.push_back(name);
        throw std::invalid_argument(fmt::format(
            "--session-profile: dialect {} ({}) has no session profile '{}'{}", name, file, chosen,
            known.empty() ? std::string("; it declares none ([session_profiles])")
                          : fmt::format("; it has: {}", fmt::join(known, ", "))));
    }
    out.insert(out.end(), it->second.begin(), it->second.end());
    return out;
}

}  // namespace eriq
