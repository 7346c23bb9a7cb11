#include "exec/workspace_names.hpp"

#include <algorithm>
#include <cctype>

namespace eriq {

namespace {

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

char lower(char c) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

}  // namespace

bool is_tool_object_name(std::string_view name) {
    if (name.size() >= 2 && lower(name[0]) == 't' &&
        std::all_of(name.begin() + 1, name.end(), is_digit)) {
        return true;
    }
    constexpr std::string_view prefix = "eriq_";
    if (name.size() < prefix.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i) {
        if (lower(name[i]) != prefix[i]) return false;
    }
    return true;
}

}  // namespace eriq
