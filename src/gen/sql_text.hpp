#pragma once
// Joins SQL fragments with single spaces, but none after '(' or '.' and none
// before ')', ',' or '.', so generated SQL reads like hand-written SQL.
#include <string>
#include <vector>

namespace eriq {

inline void append_sql(std::string& out, const std::string& part) {
    if (part.empty()) return;
    if (!out.empty()) {
        char prev = out.back();
        char next = part.front();
        bool tight = prev == '(' || prev == '.' || prev == ' ' || next == ')' || next == ',' ||
                     next == '.' || next == ' ';
        if (!tight) out.push_back(' ');
    }
    out += part;
}

inline std::string join_sql(const std::vector<std::string>& parts) {
    std::string out;
    for (const auto& p : parts) append_sql(out, p);
    return out;
}

// Replaces every occurrence of `from` in `s` by `to`.
inline std::string replace_all(std::string s, const std::string& from, const std::string& to) {
    if (from.empty()) return s;
    std::size_t pos = 0;
    while ((pos = s.find(from, pos)) != std::string::npos) {
        s.replace(pos, from.size(), to);
        pos += to.size();
    }
    return s;
}

}  // namespace eriq
