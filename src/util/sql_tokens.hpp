#pragma once
// The one SQL lexer of eriq: every place that reads SQL text (the statement gate, the
// workspace ledger's targets, case-file checks, placeholder substitution, signatures, the
// reducer, eriq-prove's schema reader) splits it into tokens here, with the lexical rules of
// the DBMS that will run it, so no two of them can disagree about where a literal or a
// comment ends.
#include <string>
#include <string_view>
#include <vector>

namespace eriq {

// The lexical rules that differ between the engines eriq talks to.
struct SqlLexis {
    bool backslash_escapes = false;         // MySQL family: '\'' and "\"" escape a quote
    bool hash_comments = false;             // MySQL family: # comments to the end of the line
    bool dash_comment_needs_space = false;  // MySQL family: "--" only before whitespace
    bool double_quoted_strings = false;     // MySQL family (no ANSI_QUOTES): ".." is a string
    bool bracket_identifiers = false;       // SQLite: [name]
    bool nested_comments = false;           // PostgreSQL, DuckDB: /* /* */ */
    bool dollar_quotes = false;             // PostgreSQL, DuckDB: $tag$ .. $tag$
    bool escape_string_prefix = false;      // PostgreSQL, DuckDB: E'..' takes backslash escapes
    bool executable_comments = false;       // MySQL family: /*! .. */ and /*M! .. */ are code

    // Standard SQL: '' strings with doubled quotes, "" and `` identifiers, -- and /* */.
    static SqlLexis standard() { return {}; }
    // The rules of a driver's engines: "mysql", "postgres", "sqlite", "duckdb"; anything
    // else gets the standard rules.
    static SqlLexis for_driver(std::string_view driver);
};

enum class SqlTokenKind {
    Word,
    QuotedIdentifier,
    String,
    Comment,
    Space,
    Number,
    Symbol,
    // MySQL's /*! .. */: the server runs what a reader would take for a comment.
    ExecutableComment,
};

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
std::vector<SqlToken> scan_sql(std::string_view sql, const SqlLexis& lexis = SqlLexis::standard());

// The name a quoted identifier token stands for: quotes removed, doubled quotes undone.
std::string unquoted_identifier(std::string_view quoted);

// The upper-case words a statement starts with (at most `count`, leading parentheses
// skipped), e.g. {"CREATE", "UNIQUE", "INDEX"}.
std::vector<std::string> leading_words(const std::vector<SqlToken>& tokens, std::size_t count);

// Whether significant tokens follow a ';' (more than one statement).
bool has_several_statements(const std::vector<SqlToken>& tokens);

}  // namespace eriq
