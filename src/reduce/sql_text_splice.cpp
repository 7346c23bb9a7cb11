#include "reduce/sql_text_splice.hpp"

#include <cctype>

namespace eriq {

std::string replace_all_text(std::string s, std::string_view from, std::string_view to) {
    for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
        s.replace(at, from.size(), to);
    return s;
}

std::string trim_right(std::string s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
    return s;
}

std::string trim_left(const std::string& s) {
    std::size_t i = 0;
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    return s.substr(i);
}

void append_spaced(std::string& out, std::string_view part) {
    if (part.empty()) return;
    const bool tight =
        out.empty() || out.back() == '(' || part.front() == ')' || part.front() == ',';
    if (!tight) out += ' ';
    out += part;
}

std::string collapse_spaces(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == ' ' && !out.empty() && out.back() == ' ') continue;
        out += c;
    }
    return out;
}

std::string rename_qualified(std::string s, const std::string& qualifier, const std::string& from,
                             const std::string& to) {
    auto name_char = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
    };
    const std::string old_name = qualifier + "." + from;
    for (std::size_t at = s.find(old_name); at != std::string::npos;
         at = s.find(old_name, at + 1)) {
        const std::size_t end = at + old_name.size();
        if ((at > 0 && name_char(s[at - 1])) || (end < s.size() && name_char(s[end]))) continue;
        s.replace(at + qualifier.size() + 1, from.size(), to);
    }
    return s;
}

}  // namespace eriq
