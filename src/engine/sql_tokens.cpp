#include "engine/sql_tokens.hpp"

#include <cctype>

namespace eriq {
namespace {

bool word_start(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_' ||
           static_cast<unsigned char>(c) >= 0x80;
}

bool word_char(char c) {
    return word_start(c) || std::isdigit(static_cast<unsigned char>(c)) || c == '$';
}

// The end of a quoted run starting at `at` (the opening quote); a doubled quote is
// part of the text.
std::size_t quoted_end(std::string_view sql, std::size_t at, char close) {
    std::size_t i = at + 1;
    while (i < sql.size()) {
        if (sql[i] == close) {
            if (i + 1 < sql.size() && sql[i + 1] == close) {
                i += 2;
                continue;
            }
            return i + 1;
        }
        ++i;
    }
    return sql.size();
}

}  // namespace

std::vector<SqlToken> scan_sql(std::string_view sql) {
    std::vector<SqlToken> out;
    std::size_t i = 0;
    while (i < sql.size()) {
        const char c = sql[i];
        const char next = i + 1 < sql.size() ? sql[i + 1] : '\0';
        SqlTokenKind kind = SqlTokenKind::Symbol;
        std::size_t end = i + 1;
        if (std::isspace(static_cast<unsigned char>(c))) {
            kind = SqlTokenKind::Space;
            while (end < sql.size() && std::isspace(static_cast<unsigned char>(sql[end]))) ++end;
        } else if (c == '-' && next == '-') {
            kind = SqlTokenKind::Comment;
            end = sql.find('\n', i);
            end = end == std::string_view::npos ? sql.size() : end;
        } else if (c == '/' && next == '*') {
            kind = SqlTokenKind::Comment;
            end = sql.find("*/", i + 2);
            end = end == std::string_view::npos ? sql.size() : end + 2;
        } else if (c == '\'') {
            kind = SqlTokenKind::String;
            end = quoted_end(sql, i, '\'');
        } else if (c == '"' || c == '`') {
            kind = SqlTokenKind::QuotedIdentifier;
            end = quoted_end(sql, i, c);
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
            kind = SqlTokenKind::Number;
            while (end < sql.size() &&
                   (std::isalnum(static_cast<unsigned char>(sql[end])) || sql[end] == '.'))
                ++end;
        } else if (word_start(c)) {
            kind = SqlTokenKind::Word;
            while (end < sql.size() && word_char(sql[end])) ++end;
            // A word glued to a quote is a literal's prefix: X'6162', N'abc', E'\n', _utf8'a'.
            if (end < sql.size() && sql[end] == '\'') {
                kind = SqlTokenKind::String;
                end = quoted_end(sql, end, '\'');
            }
        }
        out.push_back({kind, sql.substr(i, end - i)});
        i = end;
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
