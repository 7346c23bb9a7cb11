#include "exec/duckdb_values.hpp"

#include <bit>
#include <cstring>

#include <fmt/format.h>

#include "exec/backend.hpp"
#include "exec/duckdb_library.hpp"

namespace eriq {

namespace {

template <class T>
T element(const DuckdbVector& v, idx_t row) {
    T out;
    std::memcpy(&out, static_cast<const char*>(v.data) + row * sizeof(T), sizeof(T));
    return out;
}

std::string digits_of(unsigned __int128 magnitude) {
    if (magnitude == 0) return "0";
    std::string out;
    for (; magnitude != 0; magnitude /= 10) out.insert(out.begin(), char('0' + magnitude % 10));
    return out;
}

std::string integer_text(__int128 value) {
    const bool negative = value < 0;
    // Negating through unsigned arithmetic is defined for the smallest value too.
    const auto magnitude = negative ? ~static_cast<unsigned __int128>(value) + 1
                                    : static_cast<unsigned __int128>(value);
    return (negative ? "-" : "") + digits_of(magnitude);
}

__int128 hugeint_value(duckdb_hugeint h) {
    return static_cast<__int128>((static_cast<unsigned __int128>(h.upper) << 64) | h.lower);
}

// The unscaled integer a DECIMAL is stored as, with `scale` digits after the point.
std::string decimal_text(__int128 unscaled, std::uint8_t scale) {
    std::string text = integer_text(unscaled);
    if (scale == 0) return text;
    const bool negative = text[0] == '-';
    std::string digits = negative ? text.substr(1) : text;
    if (digits.size() <= scale) digits.insert(0, scale + 1 - digits.size(), '0');
    digits.insert(digits.size() - scale, ".");
    return (negative ? "-" : "") + digits;
}

__int128 decimal_unscaled(const DuckdbVector& v, idx_t row) {
    switch (v.column->decimal_storage) {
        case DUCKDB_TYPE_SMALLINT:
            return element<std::int16_t>(v, row);
        case DUCKDB_TYPE_INTEGER:
            return element<std::int32_t>(v, row);
        case DUCKDB_TYPE_BIGINT:
            return element<std::int64_t>(v, row);
        default:
            return hugeint_value(element<duckdb_hugeint>(v, row));
    }
}

std::string string_bytes(const DuckdbVector& v, idx_t row) {
    const auto* s = static_cast<const duckdb_string_t*>(v.data) + row;
    const std::uint32_t length = s->value.inlined.length;
    if (length <= sizeof s->value.inlined.inlined) return {s->value.inlined.inlined, length};
    return {s->value.pointer.ptr, length};
}

// A temporal value through DuckDB's own VARCHAR cast, so reports show what DuckDB shows.
std::string temporal_text(const DuckdbLibrary& lib, const DuckdbVector& v, idx_t row) {
    duckdb_value value = nullptr;
    switch (v.column->type) {
        case DUCKDB_TYPE_DATE:
            value = lib.create_date(element<duckdb_date>(v, row));
            break;
        case DUCKDB_TYPE_TIME:
            value = lib.create_time(element<duckdb_time>(v, row));
            break;
        case DUCKDB_TYPE_TIME_TZ:
            value = lib.create_time_tz_value(element<duckdb_time_tz>(v, row));
            break;
        case DUCKDB_TYPE_TIMESTAMP:
            value = lib.create_timestamp(element<duckdb_timestamp>(v, row));
            break;
        case DUCKDB_TYPE_TIMESTAMP_TZ:
            value = lib.create_timestamp_tz(element<duckdb_timestamp>(v, row));
            break;
        case DUCKDB_TYPE_TIMESTAMP_S:
            value = lib.create_timestamp_s(element<duckdb_timestamp_s>(v, row));
            break;
        case DUCKDB_TYPE_TIMESTAMP_MS:
            value = lib.create_timestamp_ms(element<duckdb_timestamp_ms>(v, row));
            break;
        case DUCKDB_TYPE_TIMESTAMP_NS:
            value = lib.create_timestamp_ns(element<duckdb_timestamp_ns>(v, row));
            break;
        default:
            value = lib.create_interval(element<duckdb_interval>(v, row));
            break;
    }
    char* text = lib.get_varchar(value);
    std::string out = text != nullptr ? text : "";
    lib.free(text);
    lib.destroy_value(&value);
    return out;
}

bool is_temporal(duckdb_type type) {
    switch (type) {
        case DUCKDB_TYPE_DATE:
        case DUCKDB_TYPE_TIME:
        case DUCKDB_TYPE_TIME_TZ:
        case DUCKDB_TYPE_TIMESTAMP:
        case DUCKDB_TYPE_TIMESTAMP_TZ:
        case DUCKDB_TYPE_TIMESTAMP_S:
        case DUCKDB_TYPE_TIMESTAMP_MS:
        case DUCKDB_TYPE_TIMESTAMP_NS:
        case DUCKDB_TYPE_INTERVAL:
            return true;
        default:
            return false;
    }
}

bool is_supported(duckdb_type type) {
    switch (type) {
        case DUCKDB_TYPE_BOOLEAN:
        case DUCKDB_TYPE_TINYINT:
        case DUCKDB_TYPE_SMALLINT:
        case DUCKDB_TYPE_INTEGER:
        case DUCKDB_TYPE_BIGINT:
        case DUCKDB_TYPE_UTINYINT:
        case DUCKDB_TYPE_USMALLINT:
        case DUCKDB_TYPE_UINTEGER:
        case DUCKDB_TYPE_UBIGINT:
        case DUCKDB_TYPE_HUGEINT:
        case DUCKDB_TYPE_UHUGEINT:
        case DUCKDB_TYPE_FLOAT:
        case DUCKDB_TYPE_DOUBLE:
        case DUCKDB_TYPE_DECIMAL:
        case DUCKDB_TYPE_VARCHAR:
        case DUCKDB_TYPE_BLOB:
        case DUCKDB_TYPE_SQLNULL:
            return true;
        default:
            return is_temporal(type);
    }
}

// Integers up to 64 bits as their two's-complement bits, with whether the type has any.
bool small_integer_bits(const DuckdbVector& v, idx_t row, std::uint64_t& bits) {
    switch (v.column->type) {
        case DUCKDB_TYPE_TINYINT:
            bits = static_cast<std::uint64_t>(std::int64_t{element<std::int8_t>(v, row)});
            return true;
        case DUCKDB_TYPE_SMALLINT:
            bits = static_cast<std::uint64_t>(std::int64_t{element<std::int16_t>(v, row)});
            return true;
        case DUCKDB_TYPE_INTEGER:
            bits = static_cast<std::uint64_t>(std::int64_t{element<std::int32_t>(v, row)});
            return true;
        case DUCKDB_TYPE_BIGINT:
            bits = static_cast<std::uint64_t>(element<std::int64_t>(v, row));
            return true;
        case DUCKDB_TYPE_UTINYINT:
            bits = element<std::uint8_t>(v, row);
            return true;
        case DUCKDB_TYPE_USMALLINT:
            bits = element<std::uint16_t>(v, row);
            return true;
        case DUCKDB_TYPE_UINTEGER:
            bits = element<std::uint32_t>(v, row);
            return true;
        default:
            return false;
    }
}

}  // namespace

std::vector<DuckdbColumn> result_columns(const DuckdbLibrary& lib, duckdb_result& result) {
    std::vector<DuckdbColumn> columns;
    const idx_t count = lib.column_count(&result);
    for (idx_t i = 0; i < count; ++i) {
        duckdb_logical_type type = lib.column_logical_type(&result, i);
        DuckdbColumn column;
        column.type = lib.get_type_id(type);
        if (column.type == DUCKDB_TYPE_DECIMAL) {
            column.decimal_storage = lib.decimal_internal_type(type);
            column.scale = lib.decimal_scale(type);
        }
        lib.destroy_logical_type(&type);
        if (!is_supported(column.type))
            throw BackendError("duckdb:unsupported_type",
                               fmt::format("duckdb: result column {} has a type eriq does not "
                                           "read (duckdb_type {})",
                                           lib.column_name(&result, i), int(column.type)));
        columns.push_back(column);
    }
    return columns;
}

Value read_value(const DuckdbLibrary& lib, const DuckdbVector& v, idx_t row) {
    if (v.is_null(row) || v.column->type == DUCKDB_TYPE_SQLNULL) return Value::null();
    std::uint64_t bits = 0;
    if (small_integer_bits(v, row, bits)) {
        const bool is_signed =
            v.column->type == DUCKDB_TYPE_TINYINT || v.column->type == DUCKDB_TYPE_SMALLINT ||
            v.column->type == DUCKDB_TYPE_INTEGER || v.column->type == DUCKDB_TYPE_BIGINT;
        return {ValueKind::Int,
                is_signed ? std::to_string(static_cast<std::int64_t>(bits)) : std::to_string(bits)};
    }
    switch (v.column->type) {
        case DUCKDB_TYPE_BOOLEAN:
            return {ValueKind::Int, element<bool>(v, row) ? "1" : "0"};
        case DUCKDB_TYPE_UBIGINT:
            return {ValueKind::Int, std::to_string(element<std::uint64_t>(v, row))};
        case DUCKDB_TYPE_HUGEINT:
            return {ValueKind::Int, integer_text(hugeint_value(element<duckdb_hugeint>(v, row)))};
        case DUCKDB_TYPE_UHUGEINT: {
            const auto u = element<duckdb_uhugeint>(v, row);
            return {ValueKind::Int,
                    digits_of((static_cast<unsigned __int128>(u.upper) << 64) | u.lower)};
        }
        case DUCKDB_TYPE_FLOAT:
            return {ValueKind::Float, fmt::format("{}", element<float>(v, row))};
        case DUCKDB_TYPE_DOUBLE:
            return {ValueKind::Float, fmt::format("{}", element<double>(v, row))};
        case DUCKDB_TYPE_DECIMAL:
            return {ValueKind::Decimal, decimal_text(decimal_unscaled(v, row), v.column->scale)};
        case DUCKDB_TYPE_VARCHAR:
            return {ValueKind::Text, string_bytes(v, row)};
        case DUCKDB_TYPE_BLOB:
            return {ValueKind::Bytes, string_bytes(v, row)};
        default:
            return {ValueKind::Temporal, temporal_text(lib, v, row)};
    }
}

void add_to_fingerprint(FingerprintBuilder& builder, const DuckdbLibrary& lib,
                        const DuckdbVector& v, idx_t row) {
    std::uint64_t bits = 0;
    if (v.is_null(row) || v.column->type == DUCKDB_TYPE_SQLNULL) {
        builder.add(ValueKind::Null, std::string_view());
    } else if (small_integer_bits(v, row, bits)) {
        builder.add(ValueKind::Int, bits);
    } else if (v.column->type == DUCKDB_TYPE_DOUBLE) {
        builder.add(ValueKind::Float, std::bit_cast<std::uint64_t>(element<double>(v, row)));
    } else {
        const Value value = read_value(lib, v, row);
        builder.add(value.kind, value.text);
    }
}

}  // namespace eriq
