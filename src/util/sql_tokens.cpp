#include "util/sql_tokens.hpp"

#include <cctype>

namespace eriq {
namespace {

bool is_space(char c) {
    return std::isspace(static_cast<unsigned char>(c)) != 0;
}

bool is_digit(char c) {
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

bool word_start(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_' ||
           static_cast<unsigned char>(c) >= 0x80;
}

bool word_char(char c) {
    return word_start(c) || is_digit(c) || c == '$';
}

class Scanner {
  public:
    Scanner(std::string_view sql, const SqlLexis& lexis) : sql_(sql), lexis_(lexis) {}

    std::vector<SqlToken> run() {
        std::vector<SqlToken> out;
        out.reserve(sql_.size() / 3 + 1);
        std::size_t i = 0;
        while (i < sql_.size()) {
            std::size_t end = i + 1;
            const SqlTokenKind kind = next(i, end);
            out.push_back({kind, sql_.substr(i, end - i)});
            i = end;
        }
        return out;
    }

  private:
    char at(std::size_t i) const { return i < sql_.size() ? sql_[i] : '\0'; }

    // Classifies the token starting at `i` and sets `end` past it.
    SqlTokenKind next(std::size_t i, std::size_t& end) const {
        const char c = sql_[i];
        const char n = at(i + 1);
        if (is_space(c)) {
            while (end < sql_.size() && is_space(sql_[end])) ++end;
            return SqlTokenKind::Space;
        }
        if ((c == '-' && n == '-' && dash_comment_starts(i + 2)) ||
            (c == '#' && lexis_.hash_comments)) {
            end = line_end(i);
            return SqlTokenKind::Comment;
        }
        if (c == '/' && n == '*') {
            end = comment_end(i);
            return executable_comment(i) ? SqlTokenKind::ExecutableComment : SqlTokenKind::Comment;
        }
        if (c == '\'') {
            end = quoted_end(i, '\'', lexis_.backslash_escapes);
            return SqlTokenKind::String;
        }
        if (c == '"' && lexis_.double_quoted_strings) {
            end = quoted_end(i, '"', lexis_.backslash_escapes);
            return SqlTokenKind::String;
        }
        if (c == '"' || c == '`') {
            end = quoted_end(i, c, false);
            return SqlTokenKind::QuotedIdentifier;
        }
        if (c == '[' && lexis_.bracket_identifiers) {
            const std::size_t close = sql_.find(']', i + 1);
            end = close == std::string_view::npos ? sql_.size() : close + 1;
            return SqlTokenKind::QuotedIdentifier;
        }
        if (c == '$' && lexis_.dollar_quotes) {
            if (std::size_t close = dollar_quote_end(i); close != 0) {
                end = close;
                return SqlTokenKind::String;
            }
        }
        if (is_digit(c)) {
            while (end < sql_.size() &&
                   (std::isalnum(static_cast<unsigned char>(sql_[end])) || sql_[end] == '.'))
                ++end;
            return SqlTokenKind::Number;
        }
        if (word_start(c)) {
            while (end < sql_.size() && word_char(sql_[end])) ++end;
            // A word glued to a quote is a literal's prefix: X'6162', N'abc', E'\n', _utf8'a'.
            if (at(end) == '\'') {
                const bool escapes =
                    lexis_.backslash_escapes ||
                    (lexis_.escape_string_prefix && end == i + 1 && (c == 'E' || c == 'e'));
                end = quoted_end(end, '\'', escapes);
                return SqlTokenKind::String;
            }
            return SqlTokenKind::Word;
        }
        return SqlTokenKind::Symbol;
    }

    bool dash_comment_starts(std::size_t after) const {
        if (!lexis_.dash_comment_needs_space) return true;
        // MySQL: "--" must be followed by whitespace or a control character (or the end).
        return after >= sql_.size() || static_cast<unsigned char>(sql_[after]) <= ' ';
    }

    std::size_t line_end(std::size_t i) const {
        const std::size_t end = sql_.find('\n', i);
        return end == std::string_view::npos ? sql_.size() : end;
    }

    std::size_t comment_end(std::size_t i) const {
        if (!lexis_.nested_comments) {
            const std::size_t end = sql_.find("*/", i + 2);
            return end == std::string_view::npos ? sql_.size() : end + 2;
        }
        std::size_t depth = 1;
        std::size_t k = i + 2;
        while (k < sql_.size()) {
            if (sql_[k] == '/' && at(k + 1) == '*') {
                ++depth;
                k += 2;
            } else if (sql_[k] == '*' && at(k + 1) == '/') {
                k += 2;
                if (--depth == 0) return k;
            } else {
                ++k;
            }
        }
        return sql_.size();
    }

    bool executable_comment(std::size_t i) const {
        if (!lexis_.executable_comments) return false;
        return at(i + 2) == '!' || (at(i + 2) == 'M' && at(i + 3) == '!');
    }

    // The end of a quoted run starting at `open` (the opening quote); a doubled quote is
    // part of the text, and with `escapes` a backslash takes the next character.
    std::size_t quoted_end(std::size_t open, char close, bool escapes) const {
        std::size_t k = open + 1;
        while (k < sql_.size()) {
            if (escapes && sql_[k] == '\\') {
                k += 2;
                continue;
            }
            if (sql_[k] == close) {
                if (at(k + 1) == close) {
                    k += 2;
                    continue;
                }
                return k + 1;
            }
            ++k;
        }
        return sql_.size();
    }

    // A dollar-quoted string $tag$ .. $tag$ starting at `i`: its end, or 0 when `i` does
    // not open one ($1 is a parameter, a$b$ a word).
    std::size_t dollar_quote_end(std::size_t i) const {
        std::size_t k = i + 1;
        if (k < sql_.size() && word_start(sql_[k]))
            while (k < sql_.size() && word_char(sql_[k]) && sql_[k] != '$') ++k;
        if (at(k) != '$') return 0;
        const std::string_view tag = sql_.substr(i, k + 1 - i);
        const std::size_t close = sql_.find(tag, k + 1);
        return close == std::string_view::npos ? sql_.size() : close + tag.size();
    }

    std::string_view sql_;
    const SqlLexis& lexis_;
};

}  // namespace

SqlLexis SqlLexis::for_driver(std::string_view driver) {
    SqlLexis lexis;
    if (driver == "mysql") {
        lexis.backslash_escapes = true;
        lexis.hash_comments = true;
        lexis.dash_comment_needs_space = true;
        lexis.double_quoted_strings = true;
        lexis.executable_comments = true;
    } else if (driver == "postgres" || driver == "duckdb") {
        lexis.nested_comments = true;
        lexis.dollar_quotes = true;
        lexis.escape_string_prefix = true;
    } else if (driver == "sqlite") {
        lexis.bracket_identifiers = true;
    }
    return lexis;
}

std::vector<SqlToken> scan_sql(std::string_view sql, const SqlLexis& lexis) {
    return Scanner(sql, lexis).run();
}

std::string unquoted_identifier(std::string_view quoted) {
    if (quoted.size() < 2) return std::string(quoted);
    const char open = quoted.front();
    const char close = open == '[' ? ']' : open;
    std::string out;
    const std::size_t last = quoted.back() == close ? quoted.size() - 1 : quoted.size();
    for (std::size_t i = 1; i < last; ++i) {
        out += quoted[i];
        if (quoted[i] == close && open != '[' && i + 1 < last && quoted[i + 1] == close) ++i;
    }
    return out;
}

std::vector<std::string> leading_words(const std::vector<SqlToken>& tokens, std::size_t count) {
    std::vector<std::string> words;
    for (const SqlToken& t : tokens) {
        if (!t.significant()) continue;
        if (t.kind == SqlTokenKind::Symbol && t.text == "(" && words.empty()) continue;
        if (t.kind != SqlTokenKind::Word || words.size() == count) break;
        std::string w(t.text);
        for (auto& ch : w) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
        words.push_back(std::move(w));
    }
    return words;
}

bool has_several_statements(const std::vector<SqlToken>& tokens) {
    bool after_semicolon = false;
    for (const SqlToken& t : tokens) {
        if (!t.significant()) continue;
        if (after_semicolon) return true;
        after_semicolon = t.kind == SqlTokenKind::Symbol && t.text == ";";
    }
    return false;
}

}  // namespace eriq
