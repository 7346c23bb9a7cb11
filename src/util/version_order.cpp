#include "util/version_order.hpp"

#include <algorithm>
#include <cctype>

namespace eriq {
namespace {

bool is_digit(char c) {
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

}  // namespace

std::optional<std::vector<unsigned long>> release_number(std::string_view text) {
    const auto first = std::find_if(text.begin(), text.end(), is_digit);
    if (first == text.end()) return std::nullopt;
    std::vector<unsigned long> parts;
    auto it = first;
    while (true) {
        unsigned long part = 0;
        int digits = 0;
        for (; it != text.end() && is_digit(*it) && digits < 9; ++it, ++digits)
            part = part * 10 + static_cast<unsigned long>(*it - '0');
        parts.push_back(part);
        if (it + 1 < text.end() && *it == '.' && is_digit(*(it + 1))) {
            ++it;
            continue;
        }
        return parts;
    }
}

bool release_before(std::string_view version_text, std::string_view bound) {
    auto version = release_number(version_text);
    auto limit = release_number(bound);
    if (!version || !limit) return false;
    const std::size_t n = std::max(version->size(), limit->size());
    version->resize(n, 0);
    limit->resize(n, 0);
    return *version < *limit;
}

}  // namespace eriq
