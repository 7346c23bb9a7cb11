#pragma once
// The draws that derived a generated case's I and Q (gen/choice_source.hpp says what a
// value means). Replaying them over the same database gives the same SQL; the reducer
// shrinks them. Empty for hand-written cases.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace eriq {

using ChoiceValues = std::vector<std::uint64_t>;

struct ChoiceSequence {
    ChoiceValues intermediate;  // from the derivation of I
    ChoiceValues referencing;   // from the derivation of Q, which starts where I left off
    // The grammar's knob values they were drawn under (--weight, --weights, capabilities):
    // a draw picks among the alternatives whose weight is not 0, so the same draws give
    // another query under other knobs.
    std::map<std::string, double> knobs;
    bool empty() const { return intermediate.empty() && referencing.empty(); }
    std::size_t size() const { return intermediate.size() + referencing.size(); }
    bool operator==(const ChoiceSequence&) const = default;
};

}  // namespace eriq
