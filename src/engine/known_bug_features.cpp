#include "engine/known_bug_features.hpp"

#include <fmt/format.h>

#include <map>

#include "engine/case_file.hpp"
#include "engine/target.hpp"
#include "report/group_signature.hpp"
#include "util/load_error.hpp"

namespace eriq {

void add_known_bug_case_features(std::vector<KnownBug>& bugs) {
    std::map<std::string, TypeFamilies> families;  // by dialect name, once it loaded
    for (KnownBug& b : bugs) {
        if (b.case_file.empty()) continue;
        TestCase tc;
        try {
            std::string dialect;
            tc = load_case_file(resolve_data_path(b.case_file), &dialect);
        } catch (const LoadError& e) {
            throw LoadError(
                b.file, b.case_line, b.case_column,
                fmt::format("known bug '{}': its case does not load: {}", b.id, e.what()));
        }
        if (b.pattern == "server_fault") continue;
        auto it = families.find(b.dialect);
        if (it == families.end()) {
            const std::string dialect_file = fmt::format("dialects/{}.toml", b.dialect);
            try {
                it = families
                         .emplace(b.dialect,
                                  type_families_of(load_dialect(resolve_data_path(dialect_file))))
                         .first;
            } catch (const LoadError& e) {
                throw LoadError(b.file, b.line, b.column,
                                fmt::format("the known bugs of dialect '{}' (the file's name) need "
                                            "{}, which does not load: {}",
                                            b.dialect, dialect_file, e.what()));
            }
        }
        b.case_features = group_key(tc, b.pattern, it->second).features;
    }
}

}  // namespace eriq
