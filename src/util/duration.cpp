#include "util/duration.hpp"

#include <cctype>

namespace eriq {

std::optional<double> parse_duration_seconds(const std::string& text) {
    if (text.empty()) return std::nullopt;
    double total = 0;
    std::size_t i = 0;
    while (i < text.size()) {
        std::size_t start = i;
        while (i < text.size() &&
               (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '.'))
            ++i;
        if (start == i) return std::nullopt;
        double value = std::stod(text.substr(start, i - start));
        std::size_t unit_start = i;
        while (i < text.size() && std::isalpha(static_cast<unsigned char>(text[i]))) ++i;
        std::string unit = text.substr(unit_start, i - unit_start);
        if (unit.empty() || unit == "s")
            total += value;
        else if (unit == "ms")
            total += value / 1000;
        else if (unit == "m")
            total += value * 60;
        else if (unit == "h")
            total += value * 3600;
        else if (unit == "d")
            total += value * 86400;
        else
            return std::nullopt;
        if (unit.empty() && i < text.size()) return std::nullopt;
    }
    return total;
}

}  // namespace eriq
