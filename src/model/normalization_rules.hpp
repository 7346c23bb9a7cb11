#pragma once
// How the oracle normalizes values before comparing (ERIQ paper 3.4); the rules file
// declares them (section [normalize]) and the oracle applies them.
#include <string>

namespace eriq {

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

}  // namespace eriq
