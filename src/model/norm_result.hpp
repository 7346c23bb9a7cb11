#pragma once
// A result after value normalization: every value in its one spelling, rows sorted.
#include <vector>

#include "model/result_set.hpp"

namespace eriq {

// One normalized value: kind Null (distinct from every string) or Text, the value's one
// spelling. The same type as a driver value, so normalizing a result rewrites it in place.
using NormValue = Value;
inline bool is_null(const NormValue& v) {
    return v.kind == ValueKind::Null;
}
using NormRow = std::vector<NormValue>;

// A result after normalization, rows sorted (multiset form).
struct NormResult {
    std::vector<NormRow> rows;
    bool operator==(const NormResult&) const = default;
};

// The normalized ORDER BY key values of each row, in the order the rows came (compared
// when the query fixes an order).
using KeySequence = std::vector<NormRow>;

}  // namespace eriq
