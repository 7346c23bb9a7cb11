#include "exec/statement_targets.hpp"

#include <cctype>
#include <optional>

#include "util/ascii_case.hpp"

namespace eriq {

namespace {

enum class TokenKind { Word, QuotedIdentifier, Punctuation, End };

struct Token {
    TokenKind kind = TokenKind::End;
    std::string text;  // words upper-cased for keywords are compared via `is`
    std::string raw;
};

bool word_char(char c) {
    auto u = static_cast<unsigned char>(c);
    return std::isalnum(u) || c == '_' || c == '$' || u >= 0x80;
}

// Splits `sql` into statements and each statement into tokens; string literals and
// comments are skipped (a ';' inside them does not end a statement).
class Lexer {
  public:
    explicit Lexer(std::string_view sql) : sql_(sql) {}

    // The next statement's tokens, or nullopt at the end of the text.
    std::optional<std::vector<Token>> next_statement() {
        if (pos_ >= sql_.size()) return std::nullopt;
        std::vector<Token> tokens;
        while (pos_ < sql_.size()) {
            char c = sql_[pos_];
            if (c == ';') {
                ++pos_;
                break;
            }
            if (std::isspace(static_cast<unsigned char>(c))) {
                ++pos_;
            } else if (c == '-' && peek(1) == '-') {
                skip_until("\n");
            } else if (c == '#') {
                skip_until("\n");
            } else if (c == '/' && peek(1) == '*') {
                pos_ += 2;
                skip_until("*/");
            } else if (c == '\'') {
                skip_quoted('\'');
                tokens.push_back({TokenKind::Punctuation, "'", "'"});
            } else if (c == '"' || c == '`' || c == '[') {
                char close = c == '[' ? ']' : c;
                std::size_t start = ++pos_;
                std::string text;
                while (pos_ < sql_.size()) {
                    if (sql_[pos_] == close) {
                        if (close != ']' && peek(1) == close) {
                            text += close;
                            pos_ += 2;
                            continue;
                        }
                        break;
                    }
                    text += sql_[pos_++];
                }
                ++pos_;
                tokens.push_back({TokenKind::QuotedIdentifier, text,
                                  std::string(sql_.substr(start - 1, pos_ - start + 1))});
            } else if (word_char(c)) {
                std::size_t start = pos_;
                while (pos_ < sql_.size() && word_char(sql_[pos_])) ++pos_;
                std::string_view word = sql_.substr(start, pos_ - start);
                tokens.push_back({TokenKind::Word, ascii_upper(word), std::string(word)});
            } else {
                tokens.push_back({TokenKind::Punctuation, std::string(1, c), std::string(1, c)});
                ++pos_;
            }
        }
        return tokens;
    }

  private:
    char peek(std::size_t ahead) const {
        return pos_ + ahead < sql_.size() ? sql_[pos_ + ahead] : '\0';
    }
    void skip_until(std::string_view end) {
        std::size_t at = sql_.find(end, pos_);
        pos_ = at == std::string_view::npos ? sql_.size() : at + end.size();
    }
    void skip_quoted(char quote) {
        ++pos_;
        while (pos_ < sql_.size()) {
            if (sql_[pos_] == quote) {
                if (peek(1) == quote) {
                    pos_ += 2;
                    continue;
                }
                ++pos_;
                return;
            }
            ++pos_;
        }
    }

    std::string_view sql_;
    std::size_t pos_ = 0;
};

// Reads the leading keywords of one statement.
class StatementReader {
  public:
    StatementReader(const std::vector<Token>& tokens, std::vector<StatementTarget>& out)
        : tokens_(tokens), out_(out) {}

    void read() {
        if (accept("CREATE")) return read_create();
        if (accept("DROP")) return read_drop();
        if (accept("INSERT") || accept("REPLACE")) {
            skip_words({"LOW_PRIORITY", "DELAYED", "HIGH_PRIORITY", "IGNORE", "INTO"});
            if (accept("OR")) {
                next();
                accept("INTO");
            }
            return write_object();
        }
        if (accept("UPDATE")) {
            skip_words({"LOW_PRIORITY", "IGNORE", "ONLY"});
            if (accept("OR")) next();
            return write_object();
        }
        if (accept("DELETE")) {
            skip_words({"LOW_PRIORITY", "QUICK", "IGNORE"});
            accept("FROM");
            accept("ONLY");
            return write_object();
        }
        if (accept("TRUNCATE")) {
            accept("TABLE");
            accept("ONLY");
            return write_object();
        }
        if (accept("ALTER")) {
            if (accept("TABLE") || accept("VIEW")) {
                accept("IF") && accept("EXISTS");
                accept("ONLY");
                return write_object();
            }
            return other();
        }
        if (accept("RENAME")) {
            accept("TABLE");
            while (auto from = object_name()) {
                out_.push_back({TargetAction::Write, *from});
                if (!accept("TO")) return;
                if (auto to = object_name()) out_.push_back({TargetAction::Create, *to});
                if (!accept(",")) return;
            }
        }
    }

  private:
    void read_create() {
        bool temporary = false;
        if (accept("OR")) accept("REPLACE");
        // Words between CREATE and the object kind: TEMP, ALGORITHM = x, DEFINER = x, ...
        while (at < tokens_.size()) {
            if (accept("TEMP") || accept("TEMPORARY")) {
                temporary = true;
            } else if (accept("TABLE") || accept("VIEW")) {
                accept("IF") && accept("NOT") && accept("EXISTS");
                auto name = object_name();
                if (name) {
                    out_.push_back(
                        {temporary ? TargetAction::CreateTemporary : TargetAction::Create, *name});
                }
                return;
            } else if (accept("INDEX")) {
                while (at < tokens_.size() && !accept("ON")) ++at;
                accept("ONLY");
                return write_object();
            } else if (accept("=") || accept("@")) {
                next();  // the value of ALGORITHM = x, DEFINER = user@host
            } else if (is_word({"GLOBAL", "LOCAL", "UNLOGGED", "MATERIALIZED", "UNIQUE", "FULLTEXT",
                                "SPATIAL", "ALGORITHM", "DEFINER", "SQL", "SECURITY", "INVOKER"})) {
                ++at;
            } else {
                return other();
            }
        }
    }

    void read_drop() {
        bool temporary = accept("TEMPORARY");
        accept("MATERIALIZED");
        if (!accept("TABLE") && !accept("VIEW")) return other();
        accept("IF") && accept("EXISTS");
        do {
            auto name = object_name();
            if (!name) return;
            out_.push_back({temporary ? TargetAction::DropTemporary : TargetAction::Drop, *name});
        } while (accept(","));
    }

    void write_object() {
        if (auto name = object_name()) out_.push_back({TargetAction::Write, *name});
    }

    void other() {
        std::string kind = at < tokens_.size() ? tokens_[at].text : "";
        out_.push_back({TargetAction::Other, {"", kind, false}});
    }

    std::optional<ObjectName> object_name() {
        std::vector<const Token*> parts;
        for (;;) {
            if (at >= tokens_.size()) break;
            const Token& t = tokens_[at];
            if (t.kind != TokenKind::Word && t.kind != TokenKind::QuotedIdentifier) break;
            parts.push_back(&t);
            ++at;
            if (!accept(".")) break;
        }
        if (parts.empty()) return std::nullopt;
        const Token& last = *parts.back();
        ObjectName name;
        name.quoted = last.kind == TokenKind::QuotedIdentifier;
        name.name = name.quoted ? last.text : last.raw;
        if (parts.size() >= 2) {
            const Token& schema = *parts[parts.size() - 2];
            name.schema = schema.kind == TokenKind::QuotedIdentifier ? schema.text : schema.raw;
        }
        return name;
    }

    bool is_word(std::initializer_list<std::string_view> words) const {
        if (at >= tokens_.size()) return false;
        for (auto w : words)
            if (tokens_[at].text == w && tokens_[at].kind != TokenKind::QuotedIdentifier)
                return true;
        return false;
    }
    bool accept(std::string_view word) {
        if (!is_word({word})) return false;
        ++at;
        return true;
    }
    void skip_words(std::initializer_list<std::string_view> words) {
        while (is_word(words)) ++at;
    }
    void next() {
        if (at < tokens_.size()) ++at;
    }

    const std::vector<Token>& tokens_;
    std::vector<StatementTarget>& out_;
    std::size_t at = 0;
};

// Most statements eriq sends are reads; this rejects them without tokenizing.
bool may_target_objects(std::string_view sql) {
    std::size_t i = 0;
    while (i < sql.size() && std::isspace(static_cast<unsigned char>(sql[i]))) ++i;
    auto starts = [&](std::string_view word) {
        if (sql.size() - i < word.size()) return false;
        for (std::size_t k = 0; k < word.size(); ++k)
            if (std::toupper(static_cast<unsigned char>(sql[i + k])) != word[k]) return false;
        return true;
    };
    if (!(starts("SELECT") || starts("WITH") || starts("VALUES"))) return true;
    return sql.find(';') != std::string_view::npos;
}

}  // namespace

std::vector<StatementTarget> statement_targets(std::string_view sql) {
    std::vector<StatementTarget> out;
    if (!may_target_objects(sql)) return out;
    Lexer lexer(sql);
    while (auto tokens = lexer.next_statement()) StatementReader(*tokens, out).read();
    return out;
}

}  // namespace eriq
