#pragma once
// The rows a backend returns, before any normalization. Values keep the driver's
// textual form plus the value class the driver reported, so the oracle can
// normalize without knowing which DBMS produced them.
#include <compare>
#include <string>
#include <vector>

namespace eriq {

enum class ValueKind { Null, Int, Float, Decimal, Text, Bytes, Temporal, Json };

struct Value {
    ValueKind kind = ValueKind::Null;
    std::string text;  // decimal digits for numbers, raw bytes for Bytes, "" for Null

    static Value null() { return {}; }
    auto operator<=>(const Value&) const = default;
};

struct ResultSet {
    std::vector<std::string> columns;
    std::vector<std::vector<Value>> rows;
};

}  // namespace eriq
