#pragma once
// The order a query fixes: the keys of its top-level, trailing ORDER BY, read from the
// SQL text, and the sequence of key values a result holds in that order. Two results
// are in the same order when their key sequences are equal; rows with equal keys (ties)
// form runs whose inner order is left open, so it is never compared.
#include <optional>
#include <string>
#include <vector>

#include "oracle/normalize.hpp"

namespace eriq {

// Where NULLs go in an ascending order when a key does not say (dialect `null_order`):
// "low" (first, as in SQLite and MySQL) or "high" (last, as in PostgreSQL).
enum class NullOrder { Low, High };

struct OrderKey {
    std::string expression;  // as written, e.g. "vc_1", "2" or "a + b"
    int ordinal = 0;         // 1-based output position when written as a number, else 0
    bool descending = false;
    std::optional<bool> nulls_first;  // NULLS FIRST / LAST when written

    // Whether NULLs come first under this key, given the dialect's default.
    bool nulls_come_first(NullOrder dialect_default) const;
    // e.g. "vc_1 DESC NULLS LAST": the key with its effective NULL placement.
    std::string describe(NullOrder dialect_default) const;
};

// The keys of the ORDER BY that ends `query` at the top level (followed at most by
// LIMIT/OFFSET/FETCH), or empty when the query has none. `query` may hold {x} placeholders.
std::vector<OrderKey> trailing_order_keys(const std::string& query);

// The result column each key reads, for the longest prefix of keys that name an output
// column (by ordinal or by name, case-insensitively): a later key only splits ties of the
// earlier ones, so comparing on the prefix alone never reports a difference among ties.
std::vector<std::size_t> key_columns(const std::vector<OrderKey>& keys,
                                     const std::vector<std::string>& result_columns);

// The normalized key values of each row, in the order the rows came (KeySequence: model/).
KeySequence key_sequence(const std::vector<std::vector<Value>>& rows,
                         const std::vector<std::size_t>& columns, const NormalizationRules& rules);

}  // namespace eriq
