#pragma once
// A representation instantiated for one test case: the statements to run.
#include <cstdint>
#include <string>
#include <vector>

namespace eriq {

struct Variant {
    std::string representation;         // e.g. VIEW, CTE, TEMPT, DERIVED, VIEW[derived_merge=off]
    std::vector<std::string> setup;     // e.g. CREATE VIEW ...
    std::string query;                  // the final SELECT whose rows are compared
    std::vector<std::string> teardown;  // always run, even after an error
    // An optimizer-setting variant runs its base representation's query on the objects that
    // representation set up, with these session statements around the query (the teardown
    // ones always run) and, on SQLite, these optimizations turned off.
    std::vector<std::string> session_setup;
    std::vector<std::string> session_teardown;
    std::uint64_t sqlite_optimizations_off = 0;
};

// The representation whose objects a variant uses: VIEW for VIEW[derived_merge=off].
inline std::string base_representation(const std::string& name) {
    return name.substr(0, name.find('['));
}

struct VariantPlan {
    std::vector<Variant> variants;
    std::vector<std::string> skipped;  // representations not legal for this case
};

}  // namespace eriq
