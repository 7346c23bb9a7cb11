#include "exec/mysql_values.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace eriq {

namespace {

bool is_json_field(const MYSQL_FIELD& field) {
    if (field.type == MYSQL_TYPE_JSON) return true;
    // MariaDB sends JSON columns as LONGTEXT and names the format in extended metadata.
    MARIADB_CONST_STRING format{};
    if (mariadb_field_attr(&format, &field, MARIADB_FIELD_ATTR_FORMAT_NAME) != 0) return false;
    return std::string_view(format.str, format.length) == "json";
}

ValueKind field_kind(const MYSQL_FIELD& field) {
    constexpr unsigned kBinaryCharset = 63;
    switch (field.type) {
        case MYSQL_TYPE_TINY:
        case MYSQL_TYPE_SHORT:
        case MYSQL_TYPE_LONG:
        case MYSQL_TYPE_INT24:
        case MYSQL_TYPE_LONGLONG:
        case MYSQL_TYPE_YEAR:
            return ValueKind::Int;
        case MYSQL_TYPE_DECIMAL:
        case MYSQL_TYPE_NEWDECIMAL:
            return ValueKind::Decimal;
        case MYSQL_TYPE_FLOAT:
        case MYSQL_TYPE_DOUBLE:
            return ValueKind::Float;
        case MYSQL_TYPE_DATE:
        case MYSQL_TYPE_TIME:
        case MYSQL_TYPE_DATETIME:
        case MYSQL_TYPE_TIMESTAMP:
        case MYSQL_TYPE_NEWDATE:
        case MYSQL_TYPE_TIME2:
        case MYSQL_TYPE_DATETIME2:
        case MYSQL_TYPE_TIMESTAMP2:
            return ValueKind::Temporal;
        case MYSQL_TYPE_BIT:
            return ValueKind::Int;  // converted by bit_value_text
        default:
            if (field.charsetnr == kBinaryCharset) return ValueKind::Bytes;
            return is_json_field(field) ? ValueKind::Json : ValueKind::Text;
    }
}

// A BIT value arrives as big-endian bytes; the same value computed by an
// expression arrives as an integer, so BIT is read as the number it holds. Some
// expressions over a BIT column (IF(c, bit_col, NULL) in MariaDB 10.11) are typed BIT(M)
// but send the value as decimal text: "0" is the byte 48, more than a BIT(1) holds, so a
// payload of digits too large for M bits is read as the decimal text it is.
std::string bit_value_text(const char* bytes, unsigned long length, unsigned long bits) {
    std::uint64_t v = 0;
    for (unsigned long i = 0; i < length; ++i) v = (v << 8) | static_cast<unsigned char>(bytes[i]);
    const bool digits = length > 0 && std::all_of(bytes, bytes + length,
                                                  [](char c) { return c >= '0' && c <= '9'; });
    if (digits && bits > 0 && bits < 64 && v >> bits != 0) {
        const std::string text(bytes, length);
        const std::size_t first = text.find_first_not_of('0');
        return first == std::string::npos ? "0" : text.substr(first);
    }
    return std::to_string(v);
}

std::vector<ValueKind> field_kinds(MYSQL_RES* result) {
    MYSQL_FIELD* fields = mysql_fetch_fields(result);
    std::vector<ValueKind> kinds;
    for (unsigned i = 0; i < mysql_num_fields(result); ++i) kinds.push_back(field_kind(fields[i]));
    return kinds;
}

}  // namespace

void read_result(MYSQL_RES* result, ResultSet& out) {
    unsigned count = mysql_num_fields(result);
    MYSQL_FIELD* fields = mysql_fetch_fields(result);
    const std::vector<ValueKind> kinds = field_kinds(result);
    out.columns.clear();
    for (unsigned i = 0; i < count; ++i)
        out.columns.emplace_back(fields[i].name, fields[i].name_length);
    out.rows.reserve(mysql_num_rows(result));
    while (MYSQL_ROW row = mysql_fetch_row(result)) {
        unsigned long* lengths = mysql_fetch_lengths(result);
        std::vector<Value> values;
        values.reserve(count);
        for (unsigned i = 0; i < count; ++i) {
            if (row[i] == nullptr) {
                values.push_back(Value::null());
            } else if (fields[i].type == MYSQL_TYPE_BIT) {
                values.push_back(
                    {ValueKind::Int, bit_value_text(row[i], lengths[i], fields[i].length)});
            } else {
                values.push_back({kinds[i], std::string(row[i], lengths[i])});
            }
        }
        out.rows.push_back(std::move(values));
    }
}

void fingerprint_result(MYSQL_RES* result, FingerprintBuilder& builder) {
    unsigned count = mysql_num_fields(result);
    MYSQL_FIELD* fields = mysql_fetch_fields(result);
    const std::vector<ValueKind> kinds = field_kinds(result);
    while (MYSQL_ROW row = mysql_fetch_row(result)) {
        unsigned long* lengths = mysql_fetch_lengths(result);
        for (unsigned i = 0; i < count; ++i) {
            if (row[i] == nullptr) {
                builder.add(ValueKind::Null, std::string_view());
            } else if (fields[i].type == MYSQL_TYPE_BIT) {
                builder.add(ValueKind::Int, bit_value_text(row[i], lengths[i], fields[i].length));
            } else {
                builder.add(kinds[i], std::string_view(row[i], lengths[i]));
            }
        }
        builder.end_row();
    }
}

}  // namespace eriq
