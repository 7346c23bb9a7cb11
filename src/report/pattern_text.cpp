#include "report/pattern_text.hpp"

#include <cctype>

namespace eriq {
namespace {

constexpr std::string_view kNotEqual = "\xE2\x89\xA0";  // ≠

bool word_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// Reads a pattern left to right; each read_* consumes what it matched or nothing.
struct PatternReader {
    std::string_view s;
    std::size_t i = 0;

    bool literal(std::string_view text) {
        if (s.substr(i, text.size()) != text) return false;
        i += text.size();
        return true;
    }
    bool word() {
        const std::size_t start = i;
        while (i < s.size() && word_char(s[i])) ++i;
        return i > start;
    }
    // A representation name, optionally with [variant]; a variant's name is anything but
    // brackets (derived_merge=off, enable_hashagg=off, no_query_flattener).
    bool name() {
        if (!word()) return false;
        if (!literal("[")) return true;
        const std::size_t close = s.find_first_of("[]", i);
        if (close == std::string_view::npos || close == i || s[close] != ']') return false;
        i = close + 1;
        return true;
    }
    bool names(char separator) {
        if (!name()) return false;
        while (i < s.size() && s[i] == separator) {
            ++i;
            if (!name()) return false;
        }
        return true;
    }
    bool groups() {
        if (!names('=')) return false;
        while (literal(kNotEqual)) {
            if (literal("error_in_")) return names('+');
            if (!names('=')) return false;
        }
        return true;
    }
    bool body() {
        if (literal("server_fault") || literal("all_diff")) return true;
        if (literal("error_only_in_")) return names('+');
        return groups();
    }
    bool suffixes() {
        literal(" (order)");
        while (literal("(")) {  // (NAME_SKIP), NAME maybe with [variant]
            const std::size_t close = s.find(')', i);
            if (close == std::string_view::npos) return false;
            const std::string_view skipped = s.substr(i, close - i);
            if (!skipped.ends_with("_SKIP") || skipped.size() == 5) return false;
            PatternReader inner{skipped.substr(0, skipped.size() - 5)};
            if (!inner.name() || inner.i != inner.s.size()) return false;
            i = close + 1;
        }
        return i == s.size();
    }
};

}  // namespace

std::optional<std::string> pattern_problem(std::string_view pattern) {
    PatternReader r{pattern};
    if (r.body() && r.suffixes()) return std::nullopt;
    return "'" + std::string(pattern) +
           "' is not a pattern a finding can have (e.g. VIEW=CTE\xE2\x89\xA0TEMPT, "
           "error_only_in_VIEW, server_fault)";
}

bool is_group_signature(std::string_view signature) {
    if (signature.size() != 13 || signature[0] != 'g') return false;
    for (char c : signature.substr(1))
        if (!std::isdigit(static_cast<unsigned char>(c)) && (c < 'a' || c > 'f')) return false;
    return true;
}

}  // namespace eriq
