#include "exec/mysql_values.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "exec/mysql_bit_column.hpp"

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
            return ValueKind::Int;  // converted by BitColumnWire
        default:
            if (field.charsetnr == kBinaryCharset) return ValueKind::Bytes;
            return is_json_field(field) ? ValueKind::Json : ValueKind::Text;
    }
}

// One decoder per BIT column (none for other columns), fed by a first pass over the stored
// rows, because whether a BIT column sends bytes or decimal text shows only in its payloads.
std::vector<std::optional<BitColumnWire>> bit_columns(MYSQL_RES* result) {
    const unsigned count = mysql_num_fields(result);
    MYSQL_FIELD* fields = mysql_fetch_fields(result);
    std::vector<std::optional<BitColumnWire>> wires(count);
    bool any = false;
    for (unsigned i = 0; i < count; ++i) {
        if (fields[i].type != MYSQL_TYPE_BIT) continue;
        wires[i].emplace(fields[i].length, (fields[i].flags & BINARY_FLAG) != 0);
        any = true;
    }
    if (!any) return wires;
    while (MYSQL_ROW row = mysql_fetch_row(result)) {
        unsigned long* lengths = mysql_fetch_lengths(result);
        for (unsigned i = 0; i < count; ++i)
            if (wires[i] && row[i] != nullptr) wires[i]->observe({row[i], lengths[i]});
    }
    mysql_data_seek(result, 0);
    return wires;
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
    const auto bits = bit_columns(result);
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
            } else if (bits[i]) {
                values.push_back({ValueKind::Int, bits[i]->value_text({row[i], lengths[i]})});
            } else {
                values.push_back({kinds[i], std::string(row[i], lengths[i])});
            }
        }
        out.rows.push_back(std::move(values));
    }
}

void fingerprint_result(MYSQL_RES* result, FingerprintBuilder& builder) {
    unsigned count = mysql_num_fields(result);
    const std::vector<ValueKind> kinds = field_kinds(result);
    const auto bits = bit_columns(result);
    while (MYSQL_ROW row = mysql_fetch_row(result)) {
        unsigned long* lengths = mysql_fetch_lengths(result);
        for (unsigned i = 0; i < count; ++i) {
            if (row[i] == nullptr) {
                builder.add(ValueKind::Null, std::string_view());
            } else if (bits[i]) {
                builder.add(ValueKind::Int, bits[i]->value_text({row[i], lengths[i]}));
            } else {
                builder.add(kinds[i], std::string_view(row[i], lengths[i]));
            }
        }
        builder.end_row();
    }
}

}  // namespace eriq
