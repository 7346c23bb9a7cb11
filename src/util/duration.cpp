#include "util/duration.hpp"

#include <charconv>
#include <cmath>
#include <stdexcept>
#include <string>

namespace eriq {
namespace {

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

bool is_letter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// Seconds per unit; 0 for an unknown one.
double unit_seconds(std::string_view unit) {
    if (unit == "ms") return 0.001;
    if (unit == "s") return 1;
    if (unit == "m") return 60;
    if (unit == "h") return 3600;
    if (unit == "d") return 86400;
    return 0;
}

}  // namespace

std::chrono::milliseconds parse_duration(std::string_view text) {
    std::string shown = "'";  // built in steps: g++ 12 -O3 warns (-Wrestrict) on "'" + string
    shown.append(text).append("'");
    const std::string examples = " (use e.g. 90s, 5m, 2h or 250ms)";
    if (text.empty()) throw std::invalid_argument("an empty duration" + examples);
    if (text.front() == '-') throw std::invalid_argument(shown + ": a duration cannot be negative");
    const double max_seconds = std::chrono::duration<double>(kMaxDuration).count();
    double seconds = 0;
    std::size_t i = 0;
    while (i < text.size()) {
        // A number: digits, optionally '.' and more digits.
        const std::size_t start = i;
        while (i < text.size() && is_digit(text[i])) ++i;
        if (i == start) throw std::invalid_argument(shown + " is not a duration" + examples);
        if (i < text.size() && text[i] == '.') {
            ++i;
            const std::size_t fraction = i;
            while (i < text.size() && is_digit(text[i])) ++i;
            if (i == fraction) throw std::invalid_argument(shown + " is not a duration" + examples);
        }
        double number = 0;
        if (std::from_chars(text.data() + start, text.data() + i, number).ec != std::errc())
            throw std::invalid_argument(shown + " is longer than the maximum of 30 days");
        const std::size_t unit_start = i;
        while (i < text.size() && is_letter(text[i])) ++i;
        const std::string_view unit = text.substr(unit_start, i - unit_start);
        double scale = 1;
        if (unit.empty()) {
            if (start != 0 || i != text.size())
                throw std::invalid_argument(shown + ": every part needs a unit" + examples);
        } else {
            scale = unit_seconds(unit);
            if (scale == 0)
                throw std::invalid_argument(shown + ": unknown unit '" + std::string(unit) +
                                            "' (ms, s, m, h or d)");
        }
        seconds += number * scale;
        if (!std::isfinite(seconds) || seconds > max_seconds)
            throw std::invalid_argument(shown + " is longer than the maximum of 30 days");
    }
    const auto rounded = std::chrono::milliseconds(std::llround(seconds * 1000));
    // Rounded to 0 it would read as "no limit" where one is meant.
    if (rounded.count() == 0 && seconds > 0)
        throw std::invalid_argument(shown + " is shorter than 1 ms");
    return rounded;
}

}  // namespace eriq
