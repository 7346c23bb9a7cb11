#include "exec/statement_targets.hpp"

#include <cctype>
#include <optional>

#include "util/ascii_case.hpp"
#include "util/sql_tokens.hpp"

namespace eriq {

namespace {

enum class TokenKind { Word, QuotedIdentifier, Punctuation, End };

struct Token {
    TokenKind kind = TokenKind::End;
    std::string text;  // words upper-cased for keywords are compared via `is`
    std::string raw;
};

// Splits `sql` into statements and each statement into tokens, with the dialect's lexical
// rules (util/sql_tokens.hpp); literals become a "'" token, comments disappear.
std::vector<std::vector<Token>> statements_of(std::string_view sql, const SqlLexis& lexis) {
    std::vector<std::vector<Token>> out(1);
    for (const SqlToken& t : scan_sql(sql, lexis)) {
        switch (t.kind) {
            case SqlTokenKind::Space:
            case SqlTokenKind::Comment:
                break;
            case SqlTokenKind::String:
                out.back().push_back({TokenKind::Punctuation, "'", "'"});
                break;
            case SqlTokenKind::QuotedIdentifier:
                out.back().push_back({TokenKind::QuotedIdentifier, unquoted_identifier(t.text),
                                      std::string(t.text)});
                break;
            case SqlTokenKind::Word:
            case SqlTokenKind::Number:
                out.back().push_back({TokenKind::Word, ascii_upper(t.text), std::string(t.text)});
                break;
            default:
                if (t.text == ";") {
                    out.emplace_back();
                } else {
                    out.back().push_back(
                        {TokenKind::Punctuation, std::string(t.text), std::string(t.text)});
                }
        }
    }
    return out;
}

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
        if (accept("ANALYZE")) {
            skip_words({"TABLE", "VERBOSE", "NO_WRITE_TO_BINLOG", "LOCAL"});
            do {
                write_object();
            } while (accept(","));
            return;
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

std::vector<StatementTarget> statement_targets(std::string_view sql, const SqlLexis& lexis) {
    std::vector<StatementTarget> out;
    if (!may_target_objects(sql)) return out;
    for (const auto& tokens : statements_of(sql, lexis))
        if (!tokens.empty()) StatementReader(tokens, out).read();
    return out;
}

}  // namespace eriq
