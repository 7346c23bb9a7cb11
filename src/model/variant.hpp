#pragma once
// A representation instantiated for one test case: the statements to run.
#include <string>
#include <vector>

namespace eriq {

struct Variant {
    std::string representation;         // e.g. VIEW, CTE, TEMPT, DERIVED
    std::vector<std::string> setup;     // e.g. CREATE VIEW ...
    std::string query;                  // the final SELECT whose rows are compared
    std::vector<std::string> teardown;  // always run, even after an error
};

struct VariantPlan {
    std::vector<Variant> variants;
    std::vector<std::string> skipped;  // representations not legal for this case
};

}  // namespace eriq
