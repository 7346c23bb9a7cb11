// A strict reader of CREATE TABLE statements: anything else in the file (DROP, INSERT, a
// stray word) is an error with its line and column.
#include "verify/schema.hpp"

#include <cctype>
#include <set>
#include <vector>

#include <fmt/format.h>

#include "util/sql_tokens.hpp"

namespace eriq::verify {
namespace {

struct Token {
    enum class Kind { Word, Quoted, Number, String, Punct, End } kind = Kind::End;
    std::string text;  // words upper-cased; quoted names as written
    size_t line = 1, column = 1;
};

// Reads the significant tokens of eriq's one SQL lexer (util/sql_tokens.hpp, standard rules)
// and tracks their line and column.
class Lexer {
  public:
    explicit Lexer(std::string_view text) : tokens_(scan_sql(text)) {}

    Token next() {
        while (index_ < tokens_.size() && !tokens_[index_].significant()) take_insignificant();
        Token t;
        t.line = line_;
        t.column = column_;
        if (index_ >= tokens_.size()) return t;
        const SqlToken& s = tokens_[index_];
        switch (s.kind) {
            case SqlTokenKind::Word:
                t.kind = Token::Kind::Word;
                for (char c : s.text)
                    t.text += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
                break;
            case SqlTokenKind::QuotedIdentifier:
                if (unterminated()) fail(t, "unterminated quote");
                t.kind = Token::Kind::Quoted;
                t.text = unquoted_identifier(s.text);
                break;
            case SqlTokenKind::String:
                if (unterminated()) fail(t, "unterminated quote");
                t.kind = Token::Kind::String;
                t.text = std::string(s.text);
                break;
            case SqlTokenKind::Number:
                t.kind = Token::Kind::Number;
                t.text = std::string(s.text);
                break;
            default:
                t.kind = Token::Kind::Punct;
                t.text = std::string(s.text);
                break;
        }
        advance_position(s.text);
        ++index_;
        return t;
    }

    [[noreturn]] static void fail(const Token& at, const std::string& what) {
        throw SchemaError(at.line, at.column, what);
    }

  private:
    // Whether the token at index_ is a quote or comment left open: the lexer runs one to the
    // end of the text, so only the last token can be, and it then swallows a line break put
    // after it.
    bool unterminated() const {
        if (index_ + 1 != tokens_.size()) return false;
        const std::string_view t = tokens_[index_].text;
        return scan_sql(std::string(t) + "\n").front().text.size() != t.size();
    }
    void take_insignificant() {
        const SqlToken& s = tokens_[index_];
        if (s.kind == SqlTokenKind::Comment && unterminated())
            fail(Token{Token::Kind::End, "", line_, column_}, "unterminated comment");
        advance_position(s.text);
        ++index_;
    }
    void advance_position(std::string_view text) {
        for (char c : text) {
            if (c == '\n') {
                ++line_;
                column_ = 1;
            } else {
                ++column_;
            }
        }
    }

    std::vector<SqlToken> tokens_;
    size_t index_ = 0, line_ = 1, column_ = 1;
};

std::string describe(const Token& t) {
    return t.kind == Token::Kind::End ? "the end of the file" : "'" + t.text + "'";
}

class Reader {
  public:
    explicit Reader(std::string_view text) : lexer_(text) { advance(); }

    Schema read() {
        Schema schema;
        while (cur_.kind != Token::Kind::End) {
            if (is(";")) {
                advance();
                continue;
            }
            create_table(schema);
        }
        if (schema.tables.empty()) Lexer::fail(cur_, "no CREATE TABLE statement");
        return schema;
    }

  private:
    void advance() { cur_ = lexer_.next(); }
    bool is(const char* text) const {
        return (cur_.kind == Token::Kind::Word || cur_.kind == Token::Kind::Punct) &&
               cur_.text == text;
    }
    void expect(const char* text, const char* what) {
        if (!is(text))
            Lexer::fail(cur_, fmt::format("expected {}, found {}", what, describe(cur_)));
        advance();
    }
    std::string name(const char* what) {
        if (cur_.kind != Token::Kind::Word && cur_.kind != Token::Kind::Quoted)
            Lexer::fail(cur_, fmt::format("expected {}, found {}", what, describe(cur_)));
        std::string n = cur_.text;
        for (char& c : n) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        advance();
        return n;
    }
    // Skips to the ',' or ')' that ends a column definition or table constraint.
    void skip_to_element_end() {
        int depth = 0;
        while (cur_.kind != Token::Kind::End && !(depth == 0 && (is(",") || is(")")))) {
            if (is("(")) ++depth;
            if (is(")")) --depth;
            advance();
        }
    }

    void create_table(Schema& schema) {
        expect("CREATE", "CREATE TABLE (the schema holds only CREATE TABLE statements)");
        if (is("TEMP") || is("TEMPORARY")) advance();
        expect("TABLE", "TABLE after CREATE (the schema holds only CREATE TABLE statements)");
        Token at = cur_;
        std::string table = name("a table name");
        if (schema.tables.count(table)) Lexer::fail(at, "table " + table + " defined twice");
        expect("(", "'(' after the table name");
        std::vector<std::string> columns, types;
        static const std::set<std::string> constraints = {"PRIMARY", "UNIQUE", "FOREIGN", "CHECK",
                                                          "CONSTRAINT"};
        for (bool first = true; first || is(","); first = false) {
            if (!first) advance();  // the ','
            if (cur_.kind == Token::Kind::Word && constraints.count(cur_.text)) {
                skip_to_element_end();
                continue;
            }
            Token column_at = cur_;
            std::string column = name("a column name");
            for (const std::string& c : columns)
                if (c == column) Lexer::fail(column_at, "column " + column + " defined twice");
            columns.push_back(column);
            types.push_back(cur_.kind == Token::Kind::Word ? cur_.text : "");
            skip_to_element_end();
        }
        expect(")", "')' closing the column list");
        if (columns.empty()) Lexer::fail(at, "table " + table + " has no columns");
        if (cur_.kind != Token::Kind::End) expect(";", "';' after CREATE TABLE");
        schema.tables[table] = std::move(columns);
        schema.types[table] = std::move(types);
    }

    Lexer lexer_;
    Token cur_;
};

}  // namespace

SchemaError::SchemaError(size_t line, size_t column, const std::string& what)
    : std::runtime_error(fmt::format("{}:{}: {}", line, column, what)) {}

Schema parse_schema(std::string_view sql) {
    return Reader(sql).read();
}

}  // namespace eriq::verify
