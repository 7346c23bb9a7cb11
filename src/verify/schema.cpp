// A strict reader of CREATE TABLE statements: anything else in the file (DROP, INSERT, a
// stray word) is an error with its line and column.
#include "verify/schema.hpp"

#include <cctype>
#include <set>

#include <fmt/format.h>

namespace eriq::verify {
namespace {

struct Token {
    enum class Kind { Word, Quoted, Number, String, Punct, End } kind = Kind::End;
    std::string text;  // words upper-cased; quoted names as written
    size_t line = 1, column = 1;
};

class Lexer {
  public:
    explicit Lexer(std::string_view text) : text_(text) {}

    Token next() {
        skip_space_and_comments();
        Token t;
        t.line = line_;
        t.column = column_;
        if (pos_ >= text_.size()) return t;
        char c = text_[pos_];
        if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
            t.kind = Token::Kind::Word;
            while (pos_ < text_.size() && is_word(text_[pos_]))
                t.text += static_cast<char>(std::toupper(static_cast<unsigned char>(take())));
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
            t.kind = Token::Kind::Number;
            while (pos_ < text_.size() && (is_word(text_[pos_]) || text_[pos_] == '.'))
                t.text += take();
        } else if (c == '"' || c == '`' || c == '\'') {
            t.kind = c == '\'' ? Token::Kind::String : Token::Kind::Quoted;
            take();
            while (pos_ < text_.size() && text_[pos_] != c) t.text += take();
            if (pos_ >= text_.size()) fail(t, "unterminated quote");
            take();
        } else {
            t.kind = Token::Kind::Punct;
            t.text = std::string(1, take());
        }
        return t;
    }

    [[noreturn]] static void fail(const Token& at, const std::string& what) {
        throw SchemaError(at.line, at.column, what);
    }

  private:
    static bool is_word(char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
    }
    char take() {
        char c = text_[pos_++];
        if (c == '\n') {
            ++line_;
            column_ = 1;
        } else {
            ++column_;
        }
        return c;
    }
    void skip_space_and_comments() {
        while (pos_ < text_.size()) {
            if (std::isspace(static_cast<unsigned char>(text_[pos_]))) {
                take();
            } else if (text_.substr(pos_, 2) == "--") {
                while (pos_ < text_.size() && text_[pos_] != '\n') take();
            } else if (text_.substr(pos_, 2) == "/*") {
                Token at{Token::Kind::End, "", line_, column_};
                take();
                take();
                while (pos_ < text_.size() && text_.substr(pos_, 2) != "*/") take();
                if (pos_ >= text_.size()) fail(at, "unterminated comment");
                take();
                take();
            } else {
                return;
            }
        }
    }

    std::string_view text_;
    size_t pos_ = 0, line_ = 1, column_ = 1;
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
