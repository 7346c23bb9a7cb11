#include "verify/rule_soundness.hpp"

#include <cctype>
#include <optional>
#include <regex>
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

// CREATE [OR REPLACE] [TEMP|TEMPORARY] VIEW|TABLE name AS query; nullopt for a SET statement
// (a session setting changes plans, not results); anything else cannot be modelled.
std::optional<Definition> setup_definition(const std::string& statement) {
    static const std::regex create(
        R"(^\s*CREATE\s+(OR\s+REPLACE\s+)?((GLOBAL|LOCAL)\s+)?((TEMPORARY|TEMP)\s+)?)"
        R"((ALGORITHM\s*=\s*\w+\s+)?(VIEW|TABLE)\s+(IF\s+NOT\s+EXISTS\s+)?(\w+)\s+AS\s+([\s\S]*?);?\s*$)",
        std::regex::icase);
    static const std::regex set(R"(^\s*SET\s[\s\S]*$)", std::regex::icase);
    std::smatch m;
    if (std::regex_match(statement, m, create)) return Definition{m[9].str(), m[10].str()};
    if (std::regex_match(statement, m, set)) return std::nullopt;
    throw std::invalid_argument("setup statement '" + statement +
                                "' is neither CREATE VIEW/TABLE ... AS nor SET");
}

// Splits a leading WITH list off the final query: each CTE is a definition.
std::string split_with(const std::string& query, std::vector<Definition>& defs) {
    static const std::regex with_head(R"(^\s*WITH\s+(RECURSIVE\s+)?)", std::regex::icase);
    static const std::regex cte_head(R"(^\s*(\w+)\s+AS\s+((NOT\s+)?MATERIALIZED\s+)?\()",
                                     std::regex::icase);
    std::smatch m;
    if (!std::regex_search(query, m, with_head)) return query;
    std::string rest = m.suffix().str();
    for (;;) {
        if (!std::regex_search(rest, m, cte_head))
            throw std::invalid_argument("a WITH clause that is not 'name AS (query)'");
        const size_t open = static_cast<size_t>(m.length(0)) - 1;
        const size_t close = closing_paren(rest, open);
        defs.push_back({m[1].str(), rest.substr(open + 1, close - open - 2)});
        rest = rest.substr(close);
        size_t next = rest.find_first_not_of(" \t\r\n");
        if (next == std::string::npos || rest[next] != ',') return rest;
        rest = rest.substr(next + 1);
    }
}

// Replaces each reference to a defined name (outside string literals, not a qualifier) by
// its query as a derived table, keeping the reference's alias.
std::string inline_definition(const std::string& text, const Definition& def) {
    static const std::regex alias_follows(R"(^\s+AS\s)", std::regex::icase);
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
            const std::string after = text.substr(end);
            out += "(" + def.body + ")";
            if (!std::regex_search(after, alias_follows)) out += " AS " + def.name;
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
