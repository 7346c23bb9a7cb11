#pragma once
// The distinct ids (from gen's GrammarIndex) a test case's I and Q were built from.
#include <vector>

namespace eriq {

// Each list sorted, no duplicates; empty for hand-written cases.
struct CaseFeatures {
    std::vector<int> productions;
    std::vector<int> functions;
    std::vector<int> families;
};

}  // namespace eriq
