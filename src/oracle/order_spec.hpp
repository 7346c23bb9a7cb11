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

// One item of a query's top-level select list, as written ("t2.d2", "a + b", "*").
struct SelectItem {
    std::string expression;  // tokens joined as parse_key joins a key's
    std::string alias;       // empty when none is written
};

// The items of the select list of `query`'s top-level SELECT (after a WITH clause); empty
// when the query has none that eriq can read (VALUES, a compound query's later arms).
std::vector<SelectItem> top_level_select_items(const std::string& query);

// The output position a key names: its ordinal, an item's alias, an item written exactly as
// the key (ASCII case-insensitive), or a result column of the key's name (a qualified key
// reads the column of its last part only when the select list holds a star and one column
// has that name). nullopt when none or more than one fits.
std::optional<std::size_t> key_column(const OrderKey& key, const std::vector<SelectItem>& items,
                                      const std::vector<std::string>& result_columns);

// The column names a select list gives its rows as far as the text says: the alias, else the
// last part of a (qualified) column name, else the expression as written.
std::vector<std::string> output_names(const std::vector<SelectItem>& items);

// The result column each key reads, for the longest prefix of keys that key_column()
// resolves: a later key only splits ties of the earlier ones, so comparing on the prefix
// alone never reports a difference among ties.
std::vector<std::size_t> key_columns(const std::vector<OrderKey>& keys,
                                     const std::vector<SelectItem>& items,
                                     const std::vector<std::string>& result_columns);

// The normalized key values of each row, in the order the rows came (KeySequence: model/).
KeySequence key_sequence(const std::vector<std::vector<Value>>& rows,
                         const std::vector<std::size_t>& columns, const NormalizationRules& rules);

}  // namespace eriq
