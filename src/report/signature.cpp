#include "report/signature.hpp"

#include <array>

#include <fmt/format.h>

#include "report/report_writer.hpp"

namespace eriq {

namespace {

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}
bool is_word_start(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool is_word_char(char c) {
    return is_word_start(c) || is_digit(c) || c == '$';
}
bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

char lower(char c) {
    return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

// t12 -> t, vc_3 -> vc_; any other word is kept as written.
std::string abstract_name(std::string_view word) {
    static constexpr std::array<std::string_view, 5> kPrefixes = {"vc_", "t", "c", "q", "s"};
    for (const std::string_view prefix : kPrefixes) {
        if (word.size() <= prefix.size()) continue;
        bool matches = true;
        for (std::size_t i = 0; i < prefix.size(); ++i) matches &= lower(word[i]) == prefix[i];
        for (std::size_t i = prefix.size(); i < word.size(); ++i) matches &= is_digit(word[i]);
        if (matches) return std::string(prefix);
    }
    return std::string(word);
}

// Index just past the quoted literal starting at `start` ('' and \ escapes).
std::size_t skip_quoted(std::string_view sql, std::size_t start) {
    const char quote = sql[start];
    std::size_t i = start + 1;
    while (i < sql.size()) {
        if (sql[i] == '\\' && quote != '`') {
            i += 2;
        } else if (sql[i] == quote) {
            if (i + 1 < sql.size() && sql[i + 1] == quote) {
                i += 2;
            } else {
                return i + 1;
            }
        } else {
            ++i;
        }
    }
    return sql.size();
}

// Index just past the number starting at `start`: digits, fraction, exponent,
// or a 0x.. hex literal.
std::size_t skip_number(std::string_view sql, std::size_t start) {
    std::size_t i = start;
    const auto digits = [&] {
        while (i < sql.size() && is_digit(sql[i])) ++i;
    };
    if (sql.substr(i, 2) == "0x" || sql.substr(i, 2) == "0X") {
        i += 2;
        while (i < sql.size() && is_word_char(sql[i])) ++i;
        return i;
    }
    digits();
    if (i < sql.size() && sql[i] == '.') {
        ++i;
        digits();
    }
    if (i < sql.size() && (sql[i] == 'e' || sql[i] == 'E')) {
        std::size_t exponent = i + 1;
        if (exponent < sql.size() && (sql[exponent] == '+' || sql[exponent] == '-')) ++exponent;
        if (exponent < sql.size() && is_digit(sql[exponent])) {
            i = exponent;
            digits();
        }
    }
    return i;
}

}  // namespace

std::string sql_shape(std::string_view sql) {
    std::string out;
    bool pending_space = false;
    const auto emit = [&](std::string_view token) {
        if (pending_space && !out.empty()) out += ' ';
        pending_space = false;
        out += token;
    };
    std::size_t i = 0;
    while (i < sql.size()) {
        const char c = sql[i];
        if (is_space(c)) {
            pending_space = true;
            ++i;
        } else if (c == '\'' || c == '"') {
            i = skip_quoted(sql, i);
            emit("?");
        } else if (c == '`') {
            const std::size_t end = skip_quoted(sql, i);
            const std::size_t inner_end = end > i + 1 ? end - 1 : end;
            emit("`" + abstract_name(sql.substr(i + 1, inner_end - i - 1)) + "`");
            i = end;
        } else if (is_digit(c) || (c == '.' && i + 1 < sql.size() && is_digit(sql[i + 1]))) {
            i = skip_number(sql, i);
            emit("?");
        } else if (is_word_start(c)) {
            const std::size_t start = i;
            while (i < sql.size() && is_word_char(sql[i])) ++i;
            emit(abstract_name(sql.substr(start, i - start)));
        } else {
            emit(std::string_view(&sql[i], 1));
            ++i;
        }
    }
    return out;
}

std::string fnv1a64_hex(std::string_view data) {
    std::uint64_t hash = 14695981039346656037ULL;
    for (const char c : data) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 1099511628211ULL;
    }
    return fmt::format("{:016x}", hash);
}

std::string finding_signature(const TestCase& tc, const CaseOutcome& outcome) {
    std::string shape = outcome.classification.pattern + "|" + sql_shape(tc.intermediate) + "|" +
                        sql_shape(tc.referencing);
    if (!tc.outer.empty()) shape += "|" + sql_shape(tc.outer);
    return fnv1a64_hex(shape);
}

}  // namespace eriq
