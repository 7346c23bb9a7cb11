#pragma once
// ASCII upper and lower case for SQL keywords and names (locale-independent).
#include <cctype>
#include <string>
#include <string_view>

namespace eriq {

inline std::string ascii_upper(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

inline std::string ascii_lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

}  // namespace eriq
