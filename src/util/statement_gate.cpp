#include "util/statement_gate.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include "util/ascii_case.hpp"
#include "util/session_statement.hpp"

namespace eriq {
namespace {

// ASCII case-insensitive order, so a token's text is looked up without building a string.
struct CaseInsensitiveLess {
    using is_transparent = void;
    bool operator()(std::string_view a, std::string_view b) const {
        return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(),
                                            [](char x, char y) {
                                                return std::toupper(static_cast<unsigned char>(x)) <
                                                       std::toupper(static_cast<unsigned char>(y));
                                            });
    }
};
using WordSet = std::set<std::string_view, CaseInsensitiveLess>;

bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() && !CaseInsensitiveLess{}(a, b) && !CaseInsensitiveLess{}(b, a);
}

bool istarts_with(std::string_view text, std::string_view prefix) {
    return text.size() >= prefix.size() && iequals(text.substr(0, prefix.size()), prefix);
}

// Words that make a statement write, lock or leave the database; in a query (or in the
// query part of CREATE ... AS and INSERT ... SELECT) each is refused unless it is a
// function's name (MySQL's INSERT(s, pos, len, t), REPLACE(s, a, b)).
const WordSet kNotInReads{"INSERT",   "UPDATE",  "DELETE",   "MERGE",   "DROP",    "ALTER",
                          "TRUNCATE", "CREATE",  "GRANT",    "REVOKE",  "ATTACH",  "DETACH",
                          "PRAGMA",   "COPY",    "CALL",     "INTO",    "LOAD",    "HANDLER",
                          "LOCK",     "OUTFILE", "DUMPFILE", "REPLACE", "EXECUTE", "PREPARE"};

// Table options that put a table's data outside the database or on another server.
const WordSet kForeignStorageWords{"DIRECTORY",  "CONNECTION", "TABLESPACE", "SERVER", "FEDERATED",
                                   "FEDERATEDX", "CONNECT",    "SPIDER",     "DEFINER"};

class StatementWalk {
  public:
    StatementWalk(std::string_view sql, const GateRules& rules)
        : sql_(sql), rules_(rules), all_(scan_sql(sql, rules.lexis)) {
        tokens_.reserve(all_.size());
        for (const SqlToken& t : all_)
            if (t.significant()) tokens_.push_back(t);
    }

    GateDecision decide() {
        GateDecision d;
        d.refusal = refusal(d.kind);
        return d;
    }

  private:
    std::optional<GateRefusal> refusal(StatementKind& kind) {
        for (const SqlToken& t : tokens_)
            if (t.kind == SqlTokenKind::ExecutableComment)
                return refuse(t,
                              "holds an executable comment (/*! .. */), whose content the "
                              "server runs");
        if (has_several_statements(all_))
            return refuse(semicolon(), "holds more than one statement");
        if (tokens_.empty()) return std::nullopt;  // whitespace and comments run nothing
        if (auto r = forbidden_names()) return r;
        std::size_t at = 0;
        while (at < tokens_.size() && is_symbol(at, "(")) ++at;
        if (at == tokens_.size()) return refuse(tokens_.back(), "holds only parentheses");
        const std::string head = word(at);
        if (head == "SELECT" || head == "WITH" || head == "VALUES" || head == "TABLE") {
            kind = StatementKind::Query;
            return read_only_from(at);
        }
        if (head == "SET" || head == "RESET" || head == "PRAGMA") {
            kind = StatementKind::Session;
            return session_statement_refusal(sql_, rules_);
        }
        kind = StatementKind::Object;
        return object_statement(at, head);
    }

    std::optional<GateRefusal> object_statement(std::size_t at, const std::string& head) {
        if (head == "CREATE") return create(at + 1);
        if (head == "DROP") {
            std::size_t k = at + 1;
            if (word(k) == "TEMPORARY") ++k;
            if (is_object_kind(word(k))) return std::nullopt;
            return refuse(tokens_[std::min(k, tokens_.size() - 1)],
                          "drops something other than a table, view or index");
        }
        if (head == "INSERT" || head == "REPLACE") {
            std::size_t k = at + 1;
            while (k < tokens_.size() && word(k) != "SELECT" && word(k) != "VALUES" &&
                   word(k) != "WITH")
                ++k;
            return read_only_from(k);
        }
        if (head == "UPDATE" || head == "DELETE" || head == "TRUNCATE" || head == "RENAME")
            return std::nullopt;
        if (head == "ALTER") {
            if (word(at + 1) == "TABLE") return storage_options(at + 2);
            return refuse(tokens_[at], "alters something other than a table");
        }
        if (head == "ANALYZE") {
            std::size_t k = at + 1;
            while (word(k) == "TABLE" || word(k) == "VERBOSE" || word(k) == "NO_WRITE_TO_BINLOG" ||
                   word(k) == "LOCAL")
                ++k;
            if (k < tokens_.size()) return std::nullopt;
            return refuse(tokens_[at], "analyzes every table, also those eriq did not create");
        }
        return refuse(tokens_[at], "starts with " +
                                       (head.empty() ? std::string(tokens_[at].text) : head) +
                                       "; eriq sends only queries, CREATE, DROP and writes of "
                                       "its own tables, views and indexes, ANALYZE of them and "
                                       "SET of the dialect's session settings");
    }

    std::optional<GateRefusal> create(std::size_t k) {
        static const std::set<std::string> modifiers{
            "OR",        "REPLACE",   "TEMP",  "TEMPORARY", "GLOBAL", "LOCAL", "UNLOGGED", "UNIQUE",
            "ALGORITHM", "UNDEFINED", "MERGE", "TEMPTABLE", "IF",     "NOT",   "EXISTS"};
        while (k < tokens_.size() && (modifiers.count(word(k)) || is_symbol(k, "="))) ++k;
        if (!is_object_kind(word(k)))
            return refuse(tokens_[std::min(k, tokens_.size() - 1)],
                          "creates something other than a table, view or index");
        if (auto r = storage_options(k + 1)) return r;
        for (std::size_t i = k + 1; i < tokens_.size(); ++i)
            if (word(i) == "AS" &&
                (word(i + 1) == "SELECT" || word(i + 1) == "WITH" || is_symbol(i + 1, "(")))
                return read_only_from(i + 1);
        return std::nullopt;
    }

    std::optional<GateRefusal> storage_options(std::size_t from) const {
        for (std::size_t i = from; i < tokens_.size(); ++i)
            if (is_word_in(i, kForeignStorageWords))
                return refuse(tokens_[i], "places data outside eriq's database (" + word(i) + ")");
        return std::nullopt;
    }

    std::optional<GateRefusal> read_only_from(std::size_t from) const {
        for (std::size_t i = from; i < tokens_.size(); ++i) {
            if (!is_word_in(i, kNotInReads) || is_symbol(i + 1, "(")) continue;
            return refuse(tokens_[i], "must only read, but contains " + word(i));
        }
        return std::nullopt;
    }

    std::optional<GateRefusal> forbidden_names() const {
        if (rules_.forbidden_functions.empty() && rules_.forbidden_name_prefixes.empty())
            return std::nullopt;
        for (std::size_t i = 0; i < tokens_.size(); ++i) {
            const SqlToken& t = tokens_[i];
            if (t.kind != SqlTokenKind::Word && t.kind != SqlTokenKind::QuotedIdentifier) continue;
            const std::string unquoted =
                t.kind == SqlTokenKind::Word ? std::string() : unquoted_identifier(t.text);
            const std::string_view name = t.kind == SqlTokenKind::Word ? t.text : unquoted;
            const bool call = is_symbol(i + 1, "(");
            if (call && listed(rules_.forbidden_functions, name))
                return refuse(
                    t, "calls " + ascii_lower(name) + ", which reaches outside eriq's database");
            if (!call && !is_symbol(i + 1, ".") && !after_dot(i) &&
                std::any_of(rules_.forbidden_name_prefixes.begin(),
                            rules_.forbidden_name_prefixes.end(),
                            [&](const std::string& p) { return istarts_with(name, p); }))
                return refuse(t, "names " + ascii_lower(name) + ", one of the server's catalogues");
        }
        return std::nullopt;
    }

    static bool listed(const std::vector<std::string>& names, std::string_view name) {
        return std::any_of(names.begin(), names.end(),
                           [&](const std::string& n) { return iequals(n, name); });
    }
    bool is_word_in(std::size_t i, const WordSet& words) const {
        return i < tokens_.size() && tokens_[i].kind == SqlTokenKind::Word &&
               words.count(tokens_[i].text) > 0;
    }
    static bool is_object_kind(const std::string& w) {
        return w == "TABLE" || w == "VIEW" || w == "INDEX";
    }
    bool after_dot(std::size_t i) const { return i > 0 && is_symbol(i - 1, "."); }
    std::string word(std::size_t i) const {
        if (i >= tokens_.size() || tokens_[i].kind != SqlTokenKind::Word) return "";
        return ascii_upper(tokens_[i].text);
    }
    bool is_symbol(std::size_t i, std::string_view s) const {
        return i < tokens_.size() && tokens_[i].kind == SqlTokenKind::Symbol &&
               tokens_[i].text == s;
    }
    const SqlToken& semicolon() const {
        for (const SqlToken& t : tokens_)
            if (t.kind == SqlTokenKind::Symbol && t.text == ";") return t;
        return tokens_.front();
    }
    GateRefusal refuse(const SqlToken& t, std::string reason) const {
        return GateRefusal{std::move(reason),
                           static_cast<std::size_t>(t.text.data() - sql_.data())};
    }

    std::string_view sql_;
    const GateRules& rules_;
    std::vector<SqlToken> all_;
    std::vector<SqlToken> tokens_;  // the significant ones
};

}  // namespace

GateDecision gate_statement(std::string_view sql, const GateRules& rules) {
    return StatementWalk(sql, rules).decide();
}

std::vector<std::string> name_qualifiers(std::string_view sql, const SqlLexis& lexis) {
    std::vector<SqlToken> tokens;
    for (const SqlToken& t : scan_sql(sql, lexis))
        if (t.significant()) tokens.push_back(t);
    std::vector<std::string> out;
    for (std::size_t i = 0; i + 2 < tokens.size(); ++i) {
        const SqlToken& t = tokens[i];
        const bool name = t.kind == SqlTokenKind::Word || t.kind == SqlTokenKind::QuotedIdentifier;
        const bool starts_chain = i == 0 || tokens[i - 1].text != ".";
        if (!name || !starts_chain || tokens[i + 1].text != ".") continue;
        out.push_back(t.kind == SqlTokenKind::Word ? std::string(t.text)
                                                   : unquoted_identifier(t.text));
    }
    return out;
}

std::optional<GateRefusal> create_database_refusal(std::string_view sql, const SqlLexis& lexis) {
    std::vector<SqlToken> tokens;
    for (const SqlToken& t : scan_sql(sql, lexis))
        if (t.significant()) tokens.push_back(t);
    auto word = [&](std::size_t i) {
        return i < tokens.size() && tokens[i].kind == SqlTokenKind::Word
                   ? ascii_upper(tokens[i].text)
                   : std::string();
    };
    if (word(0) != "CREATE" || (word(1) != "DATABASE" && word(1) != "SCHEMA"))
        return GateRefusal{"must start with CREATE DATABASE {db}", 0};
    std::size_t k = 2;
    if (word(k) == "IF" && word(k + 1) == "NOT" && word(k + 2) == "EXISTS") k += 3;
    if (k + 2 >= tokens.size() || tokens[k].text != "{" || word(k + 1) != "DB" ||
        tokens[k + 2].text != "}")
        return GateRefusal{"must create the database {db} and nothing else", 0};
    for (const SqlToken& t : tokens)
        if (t.text == ";" || t.text == "(" || t.kind == SqlTokenKind::ExecutableComment)
            return GateRefusal{
                "may only add options (CHARACTER SET, COLLATE, TEMPLATE, ...) "
                "after {db}",
                static_cast<std::size_t>(t.text.data() - sql.data())};
    return std::nullopt;
}

bool setting_allowed(std::string_view name, const std::vector<std::string>& settings) {
    const std::string lower = ascii_lower(name);
    for (const std::string& s : settings) {
        const std::string entry = ascii_lower(s);
        if (!entry.empty() && entry.back() == '*') {
            if (lower.rfind(entry.substr(0, entry.size() - 1), 0) == 0) return true;
        } else if (entry == lower) {
            return true;
        }
    }
    return false;
}

}  // namespace eriq
