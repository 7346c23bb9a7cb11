#include "verify/rule_soundness.hpp"

#include <cctype>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "verify/prover.hpp"
#include "verify/schema.hpp"

namespace eriq::verify {
namespace {

// The symbolic pair: an abstract table t filtered by an uninterpreted predicate p (so I keeps
// any sub-bag of t, duplicates included), and referencing queries that read x plainly, filter
// and group it, join it with itself and outer-join it with a base table.
constexpr std::string_view kSchema =
    "CREATE TABLE t (a INTEGER, b INTEGER, c VARCHAR(10)); CREATE TABLE u (d INTEGER);";
constexpr std::string_view kIntermediate =
    "SELECT t.a AS vc_0, t.b AS vc_1 FROM t WHERE p(t.a, t.c)";
constexpr std::string_view kReferencing[] = {
    "SELECT q0.vc_0, q0.vc_1 FROM {x} AS q0",
    "SELECT q0.vc_1, COUNT(*) AS n FROM {x} AS q0 WHERE q0.vc_0 > 1 GROUP BY q0.vc_1",
    "SELECT q0.vc_0, q1.vc_1 FROM {x} AS q0 JOIN {x} AS q1 ON q0.vc_0 = q1.vc_1",
    "SELECT q0.vc_0, s1.d FROM {x} AS q0 LEFT JOIN u AS s1 ON q0.vc_1 = s1.d",
};
constexpr std::string_view kName = "eriq_rule_check";

struct Definition {
    std::string name;
    std::string body;
};

// Replaces each {word} that `values` names, in one left-to-right pass.
std::string fill(std::string_view tmpl,
                 const std::vector<std::pair<std::string_view, std::string_view>>& values) {
    std::string out;
    for (size_t i = 0; i < tmpl.size();) {
        bool replaced = false;
        for (const auto& [key, value] : values)
            if (tmpl.compare(i, key.size() + 2, "{" + std::string(key) + "}") == 0) {
                out += value;
                i += key.size() + 2;
                replaced = true;
                break;
            }
        if (!replaced) out += tmpl[i++];
    }
    return out;
}

bool is_word(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// Index just past the parenthesis closing the one at `open`, skipping string literals.
size_t closing_paren(std::string_view s, size_t open) {
    int depth = 0;
    for (size_t i = open; i < s.size(); ++i) {
        if (s[i] == '\'') {
            for (++i; i < s.size() && s[i] != '\''; ++i) {
            }
        } else if (s[i] == '(') {
            ++depth;
        } else if (s[i] == ')' && --depth == 0) {
            return i + 1;
        }
    }
    throw std::invalid_argument("unbalanced parentheses");
}

// A left-to-right reader of words and whitespace over a statement. No regular expressions: the
// standard library's backtracking matcher recursed once per character and overflowed the stack
// on a statement of some 50 KB.
class Cursor {
  public:
    explicit Cursor(std::string_view s, size_t at = 0) : s_(s), i_(at) {}
    size_t at() const { return i_; }
    // Skips whitespace; whether there was any.
    bool space() {
        const size_t start = i_;
        while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
        return i_ > start;
    }
    // The word [A-Za-z0-9_]+ at the cursor (empty: none), consumed.
    std::string_view word() {
        const size_t start = i_;
        while (i_ < s_.size() && is_word(s_[i_])) ++i_;
        return s_.substr(start, i_ - start);
    }
    // Consumes `keyword` (any case) when it is the whole word at the cursor.
    bool keyword(std::string_view upper) {
        const size_t end = i_ + upper.size();
        if (end > s_.size() || (end < s_.size() && is_word(s_[end]))) return false;
        for (size_t k = 0; k < upper.size(); ++k)
            if (std::toupper(static_cast<unsigned char>(s_[i_ + k])) != upper[k]) return false;
        i_ = end;
        return true;
    }
    // `keyword` followed by whitespace, or nothing consumed.
    bool keyword_then_space(std::string_view upper) {
        const size_t start = i_;
        if (keyword(upper) && space()) return true;
        i_ = start;
        return false;
    }
    bool symbol(char c) {
        if (i_ >= s_.size() || s_[i_] != c) return false;
        ++i_;
        return true;
    }

  private:
    std::string_view s_;
    size_t i_;
};

// The query after "AS " up to an optional final ';' and trailing whitespace.
std::string body_from(std::string_view statement, size_t start) {
    size_t end = statement.find_last_not_of(" \t\r\n\f\v");
    if (end == std::string_view::npos || end < start) return "";
    if (statement[end] == ';') --end;
    return end + 1 > start ? std::string(statement.substr(start, end + 1 - start)) : "";
}

// After CREATE: [OR REPLACE] [GLOBAL|LOCAL] [TEMP|TEMPORARY] [ALGORITHM = w] VIEW|TABLE
// [IF NOT EXISTS] name AS query, as a definition; nullopt when it is not that.
std::optional<Definition> create_definition(const std::string& statement, Cursor& c) {
    if (c.keyword_then_space("OR") && !c.keyword_then_space("REPLACE")) return std::nullopt;
    if (!c.keyword_then_space("GLOBAL")) c.keyword_then_space("LOCAL");
    if (!c.keyword_then_space("TEMPORARY")) c.keyword_then_space("TEMP");
    if (c.keyword("ALGORITHM")) {
        c.space();
        const bool assigned = c.symbol('=');
        c.space();
        if (!assigned || c.word().empty() || !c.space()) return std::nullopt;
    }
    if (!c.keyword_then_space("VIEW") && !c.keyword_then_space("TABLE")) return std::nullopt;
    if (c.keyword_then_space("IF") &&
        !(c.keyword_then_space("NOT") && c.keyword_then_space("EXISTS")))
        return std::nullopt;
    const std::string_view name = c.word();
    if (name.empty() || !c.space() || !c.keyword_then_space("AS")) return std::nullopt;
    return Definition{std::string(name), body_from(statement, c.at())};
}

// A setup statement's definition; nullopt for a SET statement (a session setting changes
// plans, not results); anything else cannot be modelled.
std::optional<Definition> setup_definition(const std::string& statement) {
    Cursor c(statement);
    c.space();
    if (c.keyword_then_space("SET")) return std::nullopt;
    if (c.keyword_then_space("CREATE"))
        if (auto def = create_definition(statement, c)) return def;
    const std::string shown = statement.size() > 200 ? statement.substr(0, 200) + "..." : statement;
    throw std::invalid_argument("setup statement '" + shown +
                                "' is neither CREATE VIEW/TABLE ... AS nor SET");
}

// Splits a leading WITH list off the final query: each CTE is a definition.
std::string split_with(const std::string& query, std::vector<Definition>& defs) {
    Cursor head(query);
    head.space();
    if (!head.keyword_then_space("WITH")) return query;
    head.keyword_then_space("RECURSIVE");
    std::string rest = query.substr(head.at());
    for (;;) {
        Cursor c(rest);
        c.space();
        const std::string_view name = c.word();
        const bool has_as = !name.empty() && c.space() && c.keyword("AS");
        c.space();
        if (c.keyword_then_space("NOT") && !c.keyword("MATERIALIZED"))
            throw std::invalid_argument("a WITH clause that is not 'name AS (query)'");
        c.keyword("MATERIALIZED");
        c.space();
        const size_t open = c.at();
        if (!has_as || !c.symbol('('))
            throw std::invalid_argument("a WITH clause that is not 'name AS (query)'");
        const size_t close = closing_paren(rest, open);
        defs.push_back({std::string(name), rest.substr(open + 1, close - open - 2)});
        rest = rest.substr(close);
        size_t next = rest.find_first_not_of(" \t\r\n");
        if (next == std::string::npos || rest[next] != ',') return rest;
        rest = rest.substr(next + 1);
    }
}

// Whether `text` starts with whitespace, AS and a whitespace character (an alias follows).
bool alias_follows(std::string_view text) {
    Cursor c(text);
    return c.space() && c.keyword("AS") && c.space();
}

// Replaces each reference to a defined name (outside string literals, not a qualifier) by
// its query as a derived table, keeping the reference's alias.
std::string inline_definition(const std::string& text, const Definition& def) {
    std::string out;
    for (size_t i = 0; i < text.size();) {
        if (text[i] == '\'') {
            size_t end = text.find('\'', i + 1);
            end = end == std::string::npos ? text.size() : end + 1;
            out += text.substr(i, end - i);
            i = end;
            continue;
        }
        const bool starts_word = i == 0 || !is_word(text[i - 1]);
        const size_t end = i + def.name.size();
        if (starts_word && text.compare(i, def.name.size(), def.name) == 0 &&
            (end == text.size() || (!is_word(text[end]) && text[end] != '.'))) {
            out += "(" + def.body + ")";
            if (!alias_follows(std::string_view(text).substr(end))) out += " AS " + def.name;
            i = end;
            continue;
        }
        out += text[i++];
    }
    return out;
}

// The final query of `rep` for one Q, with every object it defines inlined.
std::string expanded_final_query(const RepresentationTemplates& rep, std::string_view q) {
    const std::vector<std::pair<std::string_view, std::string_view>> names{{"name", kName},
                                                                           {"I", kIntermediate}};
    const std::string x = fill(rep.x, names);
    const std::string q_filled = fill(q, {{"x", x}});
    std::vector<Definition> defs;
    for (const std::string& s : rep.setup)
        if (auto def = setup_definition(fill(s, names))) defs.push_back(std::move(*def));
    std::string final_query =
        split_with(fill(rep.query, {{"name", kName}, {"I", kIntermediate}, {"Q", q_filled}}), defs);
    // In creation order: a definition's body already has the earlier ones inlined.
    for (size_t i = 0; i < defs.size(); ++i) {
        final_query = inline_definition(final_query, defs[i]);
        for (size_t j = i + 1; j < defs.size(); ++j)
            defs[j].body = inline_definition(defs[j].body, defs[i]);
    }
    const size_t first = final_query.find_first_not_of(" \t\r\n");
    return first == std::string::npos ? final_query : final_query.substr(first);
}

}  // namespace

SoundnessResult check_representation(const RepresentationTemplates& rep) {
    std::size_t bytes = rep.x.size() + rep.query.size();
    for (const std::string& statement : rep.setup) bytes += statement.size();
    if (bytes > kMaxSoundnessTemplateBytes)
        return {false, fmt::format("its templates are {} bytes, more than the {} the soundness "
                                   "check reads",
                                   bytes, kMaxSoundnessTemplateBytes)};
    static const Schema schema = parse_schema(kSchema);
    for (std::string_view q : kReferencing) {
        const std::string reference = fill(q, {{"x", "(" + std::string(kIntermediate) + ")"}});
        std::string final_query;
        try {
            final_query = expanded_final_query(rep, q);
        } catch (const std::exception& e) {
            return {false, e.what()};
        }
        ProveResult r = prove_pair(schema, final_query, reference);
        if (r.status != ProveResult::Status::Proved)
            return {false,
                    fmt::format("with I = {} and Q = {}, its final query {} is {} equal to "
                                "Q over I{}",
                                kIntermediate, q, final_query,
                                r.status == ProveResult::Status::NotProved
                                    ? "not proved"
                                    : "not shown (" + std::string(status_name(r.status)) + ")",
                                r.detail.empty() ? "" : " (" + r.detail + ")")};
    }
    return {true, ""};
}

std::string soundness_proof_key(const RepresentationTemplates& rep) {
    std::string key = z3_version() + '\n';
    for (const std::string& statement : rep.setup) key += "setup: " + statement + '\n';
    key += "x: " + rep.x + '\n';
    key += "query: " + rep.query + '\n';
    return key;
}

}  // namespace eriq::verify
