#pragma once
// Value normalization (ERIQ paper 3.4): turns driver values into stable strings
// so that representational differences (2.0000 vs 2, 1e0 vs 1.0, bytes) vanish.
#include <string>
#include <vector>

#include "exec/result_set.hpp"

namespace eriq {

// Declared in the rules file, section [normalize].
struct NormalizationRules {
    int float_digits = 12;              // significant digits in scientific notation
    double float_zero_below = 1e-12;    // |x| below this prints as 0
    bool canonical_decimals = true;     // 2.5000 -> 2.5, -0.0 -> 0
    bool unify_numeric = true;          // int, decimal and float compare as numbers
    std::string bytes = "hex_or_text";  // "hex", "text" or "hex_or_text"
    bool compact_json = true;           // strip insignificant JSON whitespace
    bool trim_zero_fraction = true;     // 10:58:48.000000 -> 10:58:48 (times, datetimes)
    // Results that differ while one of them holds an infinite or NaN float are not
    // compared (the case is discarded as non_finite_float): whether a float sum overflows
    // depends on the order rows are added in, which SQL leaves open.
    bool non_finite_uninformative = true;
};

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

// Whether a normalized result holds inf, -inf or nan (as normalize() spells them).
bool has_non_finite(const NormResult& r);

NormValue normalize_value(const Value& v, const NormalizationRules& rules);
NormValue normalize_value(Value&& v, const NormalizationRules& rules);
// Takes the result by value and normalizes its rows in place.
NormResult normalize(ResultSet rs, const NormalizationRules& rules);
std::string to_display(const NormValue& v);  // NULL or the text, for printing

}  // namespace eriq
