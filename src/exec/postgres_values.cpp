#include "exec/postgres_values.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace eriq {

namespace {

// Type OIDs of the built-in types (PostgreSQL's pg_type.dat); they never change.
constexpr Oid kBool = 16;
constexpr Oid kBytea = 17;
constexpr Oid kInt8 = 20;
constexpr Oid kInt2 = 21;
constexpr Oid kInt4 = 23;
constexpr Oid kJson = 114;
constexpr Oid kFloat4 = 700;
constexpr Oid kBpchar = 1042;
constexpr Oid kFloat8 = 701;
constexpr Oid kDate = 1082;
constexpr Oid kTime = 1083;
constexpr Oid kTimestamp = 1114;
constexpr Oid kTimestamptz = 1184;
constexpr Oid kInterval = 1186;
constexpr Oid kTimetz = 1266;
constexpr Oid kNumeric = 1700;
constexpr Oid kJsonb = 3802;

ValueKind column_kind(Oid type) {
    switch (type) {
        case kInt2:
        case kInt4:
        case kInt8:
        case kBool:
            return ValueKind::Int;
        case kNumeric:
            return ValueKind::Decimal;
        case kFloat4:
        case kFloat8:
            return ValueKind::Float;
        case kDate:
        case kTime:
        case kTimestamp:
        case kTimestamptz:
        case kTimetz:
        case kInterval:
            return ValueKind::Temporal;
        case kJson:
        case kJsonb:
            return ValueKind::Json;
        case kBytea:
            return ValueKind::Bytes;
        default:
            return ValueKind::Text;
    }
}

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// bytea in hex output format: \x followed by two hex digits per byte.
std::string decode_bytea(std::string_view text) {
    if (!text.starts_with("\\x") || text.size() % 2 != 0) return std::string(text);
    std::string bytes;
    bytes.reserve(text.size() / 2 - 1);
    for (std::size_t i = 2; i < text.size(); i += 2) {
        int hi = hex_value(text[i]);
        int lo = hex_value(text[i + 1]);
        if (hi < 0 || lo < 0) return std::string(text);
        bytes += static_cast<char>(hi * 16 + lo);
    }
    return bytes;
}

// The part of a value's text that its type's equality compares: character(n) (bpchar) ignores
// trailing blanks, so 'a ' and 'a    ' are one value, and GROUP BY, DISTINCT or UNION may
// return either spelling of it (PostgreSQL's manual, "Character Types").
std::string_view significant_text(std::string_view text, Oid type) {
    if (type != kBpchar) return text;
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    return text;
}

Value cell_value(const PGresult* result, int row, int column, Oid type) {
    if (PQgetisnull(result, row, column)) return Value::null();
    std::string_view text(PQgetvalue(result, row, column),
                          static_cast<std::size_t>(PQgetlength(result, row, column)));
    // Booleans compare with the 1/0 of MySQL-style engines and of integer expressions.
    if (type == kBool) return {ValueKind::Int, text == "t" ? "1" : "0"};
    if (type == kBytea) return {ValueKind::Bytes, decode_bytea(text)};
    return {column_kind(type), std::string(significant_text(text, type))};
}

}  // namespace

void read_tuples(const PGresult* result, ResultSet& out) {
    const int columns = PQnfields(result);
    const int rows = PQntuples(result);
    std::vector<Oid> types;
    out.columns.clear();
    out.rows.clear();
    for (int i = 0; i < columns; ++i) {
        out.columns.emplace_back(PQfname(result, i));
        types.push_back(PQftype(result, i));
    }
    out.rows.reserve(static_cast<std::size_t>(rows));
    for (int r = 0; r < rows; ++r) {
        std::vector<Value> values;
        values.reserve(static_cast<std::size_t>(columns));
        for (int c = 0; c < columns; ++c)
            values.push_back(cell_value(result, r, c, types[static_cast<std::size_t>(c)]));
        out.rows.push_back(std::move(values));
    }
}

void fingerprint_tuples(const PGresult* result, FingerprintBuilder& builder) {
    const int columns = PQnfields(result);
    const int rows = PQntuples(result);
    std::vector<ValueKind> kinds;
    std::vector<Oid> types;
    for (int i = 0; i < columns; ++i) {
        const Oid type = PQftype(result, i);
        types.push_back(type);
        kinds.push_back(type == kBool    ? ValueKind::Int
                        : type == kBytea ? ValueKind::Bytes
                                         : column_kind(type));
    }
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < columns; ++c) {
            if (PQgetisnull(result, r, c)) {
                builder.add(ValueKind::Null, std::string_view());
                continue;
            }
            builder.add(kinds[static_cast<std::size_t>(c)],
                        significant_text(
                            std::string_view(PQgetvalue(result, r, c),
                                             static_cast<std::size_t>(PQgetlength(result, r, c))),
                            types[static_cast<std::size_t>(c)]));
        }
        builder.end_row();
    }
}

}  // namespace eriq
