#include "oracle/normalize.hpp"
#include <cctype>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string_view>

#include <fmt/format.h>

#include "util/utf8.hpp"

namespace eriq {

namespace {

// Integers below this magnitude are exact in a double, so an integral float
// can be printed as the integer it is and still match an INT or DECIMAL column.
constexpr double kExactIntegerLimit = 1e15;
// Integral floats up to here may meet the same number as an INT: SQLite's NUMERIC
// affinity stores a whole REAL that fits 64 bits as INTEGER (datatype3.html, 3.0). They
// print as integers rounded to the float digits, so 1e15 and 1000000000000000 agree.
constexpr double kInt64Limit = 9223372036854775808.0;
// Decimals with more significant digits than a double holds stay exact text:
// rounding them would hide real differences between high-precision results.
constexpr std::size_t kMaxDecimalDigitsAsFloat = 15;

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

std::string format_integral(double x) {
    return fmt::format("{:.0f}", x);
}

std::string format_float(double x, const NormalizationRules& rules) {
    if (std::isnan(x)) return "nan";
    if (std::isinf(x)) return x < 0 ? "-inf" : "inf";
    if (x == 0 || std::fabs(x) < rules.float_zero_below) return "0";
    if (rules.unify_numeric && std::trunc(x) == x && std::fabs(x) < kExactIntegerLimit) {
        return format_integral(x);
    }
    const int digits = std::clamp(rules.float_digits, 1, 17);
    std::string scientific = fmt::format("{:.{}e}", x, digits - 1);
    if (rules.unify_numeric) {
        // Rounding may land on an integer (0.9999999999999999 -> 1); print that
        // integer so it equals the INT/DECIMAL 1, as long as it fits in `digits`.
        const double rounded = std::strtod(scientific.c_str(), nullptr);
        if (std::trunc(rounded) == rounded && std::fabs(rounded) < std::pow(10.0, digits)) {
            return format_integral(rounded);
        }
        if (std::trunc(x) == x && std::fabs(rounded) < kInt64Limit) return format_integral(rounded);
    }
    return scientific;
}

// An integer at or above 1e15 that a double holds exactly prints as that double does:
// SQLite's NUMERIC and INTEGER affinities store a whole REAL as the INTEGER it equals, so
// the REAL 7.0227e16 of one representation is the INTEGER 70226999999999984 of another.
// Integers a double cannot hold (2^63-1, 2^53+1) stay exact.
std::optional<std::string> whole_float_spelling(const std::string& text,
                                                const NormalizationRules& rules) {
    if (!rules.unify_numeric || text.size() < 16) return std::nullopt;
    std::int64_t n = 0;
    auto [stop, error] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (error != std::errc() || stop != text.data() + text.size()) return std::nullopt;
    const double x = static_cast<double>(n);
    if (std::fabs(x) < kExactIntegerLimit || std::fabs(x) >= kInt64Limit ||
        static_cast<std::int64_t>(x) != n)
        return std::nullopt;
    return format_float(x, rules);
}

struct DecimalText {
    bool negative = false;
    std::string integer;   // no leading zeros, "0" when zero
    std::string fraction;  // no trailing zeros, may be empty

    std::string canonical() const {
        const bool zero = integer == "0" && fraction.empty();
        std::string out = (negative && !zero) ? "-" : "";
        out += integer;
        if (!fraction.empty()) out += "." + fraction;
        return out;
    }

    std::size_t significant_digits() const {
        const std::string digits = integer + fraction;
        const std::size_t first = digits.find_first_not_of('0');
        return first == std::string::npos ? 0 : digits.size() - first;
    }
};

// Parses [+-]digits[.digits] (either digit run may be empty, not both).
std::optional<DecimalText> parse_decimal(std::string_view s) {
    DecimalText d;
    std::size_t pos = 0;
    if (pos < s.size() && (s[pos] == '+' || s[pos] == '-')) d.negative = s[pos++] == '-';
    const std::size_t integer_start = pos;
    while (pos < s.size() && is_digit(s[pos])) ++pos;
    std::string_view integer = s.substr(integer_start, pos - integer_start);
    std::string_view fraction;
    if (pos < s.size() && s[pos] == '.') {
        const std::size_t fraction_start = ++pos;
        while (pos < s.size() && is_digit(s[pos])) ++pos;
        fraction = s.substr(fraction_start, pos - fraction_start);
    }
    if (pos != s.size() || (integer.empty() && fraction.empty())) return std::nullopt;

    const std::size_t first_nonzero = integer.find_first_not_of('0');
    d.integer = first_nonzero == std::string_view::npos ? "0" : integer.substr(first_nonzero);
    const std::size_t last_nonzero = fraction.find_last_not_of('0');
    if (last_nonzero != std::string_view::npos) d.fraction = fraction.substr(0, last_nonzero + 1);
    return d;
}

std::string normalize_decimal(const std::string& text, bool canonical,
                              const NormalizationRules& rules) {
    const std::optional<DecimalText> d = parse_decimal(text);
    if (!d) return text;
    if (rules.unify_numeric && !d->fraction.empty() &&
        d->significant_digits() <= kMaxDecimalDigitsAsFloat) {
        return format_float(std::strtod(text.c_str(), nullptr), rules);
    }
    // Comparing as numbers needs one spelling per number even if canonical
    // decimals were not asked for.
    return (canonical || rules.unify_numeric) ? d->canonical() : text;
}

std::string normalize_float(const std::string& text, const NormalizationRules& rules) {
    const char* begin = text.c_str();
    const char* end = begin + text.size();
    if (begin != end && *begin == '+') ++begin;  // from_chars takes no plus sign
    double x = 0;
    auto [stop, error] = std::from_chars(begin, end, x);
    if (error == std::errc::result_out_of_range) {
        // from_chars reports overflow and underflow; strtod gives +-inf or the denormal.
        char* strtod_end = nullptr;
        x = std::strtod(begin, &strtod_end);
        stop = strtod_end;
    } else if (error != std::errc()) {
        return text;  // not a number: keep the driver's text
    }
    if (stop != end) return text;
    return format_float(x, rules);
}

bool starts_json_number(char c) {
    return c == '-' || is_digit(c);
}

bool json_number_char(char c) {
    return is_digit(c) || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

// JSON text without insignificant whitespace. With `unify_numeric` its numbers are
// normalized like SQL floats: JSON has one number type, so {"k":0} and {"k":0.0} (a REAL
// stored as INTEGER by one representation before json_object saw it) are the same.
std::string compact_json(const std::string& json, const NormalizationRules& rules) {
    std::string out;
    out.reserve(json.size());
    bool in_string = false;
    bool escaped = false;
    int depth = 0;
    for (std::size_t i = 0; i < json.size(); ++i) {
        const char c = json[i];
        if (in_string) {
            out += c;
            if (escaped) {
                escaped = false;
            } else if (c == '\\') {
                escaped = true;
            } else if (c == '"') {
                in_string = false;
            }
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') continue;
        if (c == '"') in_string = true;
        if (c == '[' || c == '{') ++depth;
        if (c == ']' || c == '}') --depth;
        // Only numbers inside arrays and objects: a bare scalar ("1.5") arrives as JSON
        // from one representation and as text from another, and stays as written in both.
        if (rules.unify_numeric && depth > 0 && starts_json_number(c)) {
            std::size_t end = i;
            while (end < json.size() && json_number_char(json[end])) ++end;
            out += normalize_float(json.substr(i, end - i), rules);
            i = end - 1;
            continue;
        }
        out += c;
    }
    return out;
}

// A time of day written with an all-zero fraction ("...10:58:48.000000") names
// the same instant as without it; the precision depends on the column type a
// representation derived, so it is representational only.
void trim_zero_fraction(std::string& text) {
    const auto dot = text.rfind('.');
    if (dot == std::string::npos || dot < 8 || dot + 1 == text.size()) return;
    if (text[dot - 3] != ':' || text[dot - 6] != ':') return;
    for (std::size_t i = dot + 1; i < text.size(); ++i)
        if (text[i] != '0') return;
    for (std::size_t i = dot - 8; i < dot; ++i)
        if (!std::isdigit(static_cast<unsigned char>(text[i])) && text[i] != ':') return;
    text.resize(dot);
}

// Already the one spelling of an integer: no sign but '-', no leading zero, not "-0".
bool is_canonical_integer(const std::string& text) {
    const std::size_t start = !text.empty() && text[0] == '-' ? 1 : 0;
    if (text.size() == start) return false;
    if (text[start] == '0') return text.size() == 1;
    for (std::size_t i = start; i < text.size(); ++i)
        if (!is_digit(text[i])) return false;
    return true;
}

bool looks_like_json_document(const std::string& text) {
    if (text.size() < 2) return false;
    const char first = text.front();
    const char last = text.back();
    return (first == '{' && last == '}') || (first == '[' && last == ']');
}

std::string to_hex_literal(const std::string& bytes) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out = "x'";
    for (const char c : bytes) {
        const auto b = static_cast<unsigned char>(c);
        out += kDigits[b >> 4];
        out += kDigits[b & 0x0F];
    }
    return out + "'";
}

bool is_printable_text(const std::string& bytes) {
    for (const char c : bytes) {
        const auto b = static_cast<unsigned char>(c);
        if ((b < 0x20 && c != '\t' && c != '\n' && c != '\r') || b == 0x7F) return false;
    }
    return is_valid_utf8(bytes);
}

std::string normalize_bytes(const std::string& bytes, const std::string& mode) {
    if (mode == "text") return bytes;
    if (mode == "hex") return to_hex_literal(bytes);
    return is_printable_text(bytes) ? bytes : to_hex_literal(bytes);
}

}  // namespace

NormValue normalize_value(Value&& v, const NormalizationRules& rules) {
    switch (v.kind) {
        case ValueKind::Null:
            return Value::null();
        case ValueKind::Int:
            if (auto as_float = whole_float_spelling(v.text, rules))
                return {ValueKind::Text, std::move(*as_float)};
            if (is_canonical_integer(v.text)) return {ValueKind::Text, std::move(v.text)};
            return {ValueKind::Text, normalize_decimal(v.text, true, rules)};
        case ValueKind::Float:
            return {ValueKind::Text, normalize_float(v.text, rules)};
        case ValueKind::Decimal:
            return {ValueKind::Text, normalize_decimal(v.text, rules.canonical_decimals, rules)};
        case ValueKind::Json:
            // Compacted like JSON text (below): a document cut short by the server (a known
            // MariaDB bug) is no JSON, and arrives as text from a temporary table.
            return {ValueKind::Text, rules.compact_json && looks_like_json_document(v.text)
                                         ? compact_json(v.text, rules)
                                         : std::move(v.text)};
        case ValueKind::Bytes:
            // Printable bytes compare as text, and a JSON document among them as JSON:
            // MariaDB's CREATE TABLE AS types `NULL AS c` BINARY(0), so a JSON function over
            // that column returns a binary string where the merged forms return text.
            if (rules.compact_json && rules.bytes != "hex" && looks_like_json_document(v.text) &&
                is_printable_text(v.text))
                return {ValueKind::Text, compact_json(v.text, rules)};
            return {ValueKind::Text, normalize_bytes(v.text, rules.bytes)};
        case ValueKind::Text:
            // MySQL-protocol servers send JSON as plain text: compact what looks
            // like a JSON document so {"a": 1} and {"a":1} compare equal.
            if (rules.compact_json && looks_like_json_document(v.text))
                return {ValueKind::Text, compact_json(v.text, rules)};
            // Text with control bytes prints like the byte string it equals: a CASE over
            // X'00' and a VARCHAR column is text "\0" where over a literal it is binary.
            if (rules.bytes == "hex_or_text" && !is_printable_text(v.text))
                return {ValueKind::Text, to_hex_literal(v.text)};
            if (rules.trim_zero_fraction) trim_zero_fraction(v.text);
            break;
        case ValueKind::Temporal:
            if (rules.trim_zero_fraction) trim_zero_fraction(v.text);
            break;
    }
    return {ValueKind::Text, std::move(v.text)};
}

NormValue normalize_value(const Value& v, const NormalizationRules& rules) {
    return normalize_value(Value(v), rules);
}

NormResult normalize(ResultSet rs, const NormalizationRules& rules) {
    for (auto& row : rs.rows)
        for (auto& value : row) value = normalize_value(std::move(value), rules);
    NormResult out;
    out.rows = std::move(rs.rows);
    std::sort(out.rows.begin(), out.rows.end());
    return out;
}

std::string to_display(const NormValue& v) {
    return is_null(v) ? "NULL" : v.text;
}

bool has_non_finite(const NormResult& r) {
    for (const auto& row : r.rows)
        for (const auto& v : row)
            if (!is_null(v) && (v.text == "inf" || v.text == "-inf" || v.text == "nan"))
                return true;
    return false;
}

}  // namespace eriq
