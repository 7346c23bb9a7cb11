#include "engine/known_bug_features.hpp"

#include <fmt/format.h>

#include <map>

#include "engine/case_file.hpp"
#include "engine/target.hpp"
#include "report/group_signature.hpp"
#include "util/load_error.hpp"

namespace eriq {

void add_known_bug_case_features(std::vector<KnownBug>& bugs, std::FILE* warnings) {
    std::map<std::string, TypeFamilies> families;  // by dialect name, once it loaded
    for (KnownBug& b : bugs) {
        if (b.case_file.empty() || b.pattern == "server_fault") continue;
        try {
            auto it = families.find(b.dialect);
            if (it == families.end())
                it = families
                         .emplace(b.dialect, type_families_of(load_dialect(resolve_data_path(
                                                 fmt::format("dialects/{}.toml", b.dialect)))))
                         .first;
            std::string dialect;
            const TestCase tc = load_case_file(resolve_data_path(b.case_file), &dialect);
            b.case_features = group_key(tc, b.pattern, it->second).features;
        } catch (const LoadError& e) {
            fmt::print(warnings, "eriq-gen: known bug {}: no resemblance from its case ({})\n",
                       b.id, e.what());
        }
    }
}

}  // namespace eriq
