#pragma once
// A small SQL token scanner (case files, the reducer): enough to tell words from
// string and blob literals (X'6162', N'..', E'..'), quoted identifiers ("x", `x`),
// comments (-- and /* */) and whitespace, so rewriting or classifying a statement
// never looks inside a literal. Strings use the standard '' escape.
#include <string>
#include <string_view>
#include <vector>

namespace eriq {

enum class SqlTokenKind { Word, QuotedIdentifier, String, Comment, Space, Number, Symbol };

struct SqlToken {
    SqlTokenKind kind;
    std::string_view text;  // a view into the scanned SQL

    // Whitespace and comments do not change what a statement means.
    bool significant() const {
        return kind != SqlTokenKind::Space && kind != SqlTokenKind::Comment;
    }
};

// Splits `sql` into tokens whose texts concatenate back to `sql`. An unterminated
// literal or comment runs to the end.
std::vector<SqlToken> scan_sql(std::string_view sql);

// The upper-case words a statement starts with (at most `count`, leading parentheses
// skipped), e.g. {"CREATE", "UNIQUE", "INDEX"}.
std::vector<std::string> leading_words(const std::vector<SqlToken>& tokens, std::size_t count);

// Whether significant tokens follow a ';' (more than one statement).
bool has_several_statements(const std::vector<SqlToken>& tokens);

}  // namespace eriq
