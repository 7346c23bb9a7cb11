#include "report/group_signature.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include "model/variant.hpp"
#include "report/signature.hpp"
#include "util/ascii_case.hpp"
#include "util/sql_tokens.hpp"

namespace eriq {

namespace {

// Words that are SQL syntax, never function names, though '(' may follow them.
const std::set<std::string> kNotFunctions = {
    "IN",    "EXISTS", "AS",    "FROM",    "JOIN",      "VALUES",   "OVER", "AND",
    "OR",    "NOT",    "WHERE", "ON",      "SELECT",    "THEN",     "ELSE", "WHEN",
    "USING", "ANY",    "ALL",   "SOME",    "INTO",      "TABLE",    "WITH", "UNION",
    "BY",    "HAVING", "LIMIT", "EXCEPT",  "INTERSECT", "DISTINCT", "CASE", "END",
    "IS",    "NULL",   "LIKE",  "BETWEEN", "X"};

bool is_constraint(const std::string& word) {
    return word == "PRIMARY" || word == "UNIQUE" || word == "CONSTRAINT" || word == "FOREIGN" ||
           word == "CHECK" || word == "KEY" || word == "INDEX";
}

// Constructs that shape a query. What a predicate tests (IN, EXISTS, IS NULL, LIKE,
// BETWEEN) is left out: reductions of one bug keep different leftover predicates, and a
// subquery inside one still counts as construct:subquery.
const std::vector<std::vector<std::string>> kConstructs = {
    {"LEFT", "JOIN"},  {"LEFT", "OUTER", "JOIN"},
    {"RIGHT", "JOIN"}, {"RIGHT", "OUTER", "JOIN"},
    {"FULL", "JOIN"},  {"FULL", "OUTER", "JOIN"},
    {"CROSS", "JOIN"}, {"NATURAL", "JOIN"},
    {"UNION", "ALL"},  {"UNION"},
    {"INTERSECT"},     {"EXCEPT"},
    {"DISTINCT"},      {"GROUP", "BY"},
    {"HAVING"},        {"ORDER", "BY"},
    {"LIMIT"},         {"OFFSET"},
    {"OVER"},          {"CASE"},
    {"WITH"},          {"JOIN"}};

// Constructs of Q that shape the result. Whether and how Q filters (EXISTS, IS NULL, a
// function) varies between reductions of one bug, so filters do not count.
const std::set<std::string> kQueryShape = {
    "LEFT JOIN", "LEFT OUTER JOIN", "RIGHT JOIN", "RIGHT OUTER JOIN",
    "FULL JOIN", "FULL OUTER JOIN", "CROSS JOIN", "NATURAL JOIN",
    "JOIN",      "UNION ALL",       "UNION",      "INTERSECT",
    "EXCEPT",    "DISTINCT",        "GROUP BY",   "HAVING",
    "ORDER BY",  "LIMIT",           "OFFSET",     "OVER",
    "WHERE"};

// One name for constructs that one implementation serves: FULL JOIN is a LEFT JOIN plus a
// RIGHT JOIN, and reductions of one right-join bug keep either.
std::string canonical_construct(const std::string& name) {
    if (name == "RIGHT JOIN" || name == "RIGHT OUTER JOIN" || name == "FULL JOIN" ||
        name == "FULL OUTER JOIN")
        return "RIGHT/FULL JOIN";
    if (name == "LEFT OUTER JOIN") return "LEFT JOIN";
    return name;
}

struct SqlWords {
    std::vector<std::string> words;  // upper-cased; "" for a non-word token
    std::vector<bool> call;          // the word is followed by '('
    int subqueries = 0;              // SELECTs right after '(' (a UNION's arms do not count)
};

SqlWords words_of(const std::string& sql) {
    SqlWords w;
    bool after_open = false;
    for (const SqlToken& t : scan_sql(sql)) {
        if (!t.significant()) continue;
        if (t.kind == SqlTokenKind::Symbol && t.text == "(" && !w.words.empty())
            w.call.back() = true;
        w.words.push_back(t.kind == SqlTokenKind::Word ? ascii_upper(t.text) : std::string());
        w.call.push_back(false);
        if (w.words.back() == "SELECT" && after_open) ++w.subqueries;
        after_open = t.kind == SqlTokenKind::Symbol && t.text == "(";
    }
    return w;
}

bool is_function_call(const SqlWords& w, std::size_t i) {
    return w.call[i] && !w.words[i].empty() && !kNotFunctions.count(w.words[i]);
}

// `shape_only`: Q's features (kQueryShape), else I's (every construct and function).
void add_sql_features(const std::string& sql, bool shape_only, const std::string& prefix,
                      std::set<std::string>& out) {
    const SqlWords w = words_of(sql);
    if (!shape_only && w.subqueries > 0) out.insert(prefix + "construct:subquery");
    for (std::size_t i = 0; i < w.words.size(); ++i) {
        if (!shape_only && is_function_call(w, i)) out.insert(prefix + "function:" + w.words[i]);
        for (const auto& construct : kConstructs) {  // longest first: RIGHT JOIN, not JOIN
            if (i + construct.size() > w.words.size()) continue;
            if (!std::equal(construct.begin(), construct.end(),
                            w.words.begin() + static_cast<long>(i)))
                continue;
            std::string name;
            for (const auto& part : construct) name += (name.empty() ? "" : " ") + part;
            if (!shape_only || kQueryShape.count(name))
                out.insert(prefix + "construct:" + canonical_construct(name));
            i += construct.size() - 1;
            break;
        }
    }
}

void add_function_features(const std::string& sql, const std::string& prefix,
                           std::set<std::string>& out) {
    const SqlWords w = words_of(sql);
    for (std::size_t i = 0; i < w.words.size(); ++i)
        if (is_function_call(w, i)) out.insert(prefix + "function:" + w.words[i]);
}

// CREATE [TEMP|TEMPORARY] TABLE, not CREATE INDEX or ANALYZE.
bool is_create_table(const std::string& sql) {
    std::vector<std::string> head;
    for (const SqlToken& t : scan_sql(sql)) {
        if (!t.significant()) continue;
        if (t.kind != SqlTokenKind::Word || head.size() == 3) break;
        head.push_back(ascii_upper(t.text));
    }
    if (head.empty() || head[0] != "CREATE") return false;
    return (head.size() > 1 && head[1] == "TABLE") || (head.size() > 2 && head[2] == "TABLE");
}

// The declared column types of the tables I reads, without length or flags.
void add_type_features(const std::vector<std::string>& schema, const std::string& intermediate,
                       const TypeFamilies& families, std::set<std::string>& out) {
    const SqlWords read = words_of(intermediate);
    for (const std::string& sql : schema) {
        if (!is_create_table(sql)) continue;  // an index's "c0 DESC" is no column type
        int depth = 0;
        int word_in_item = 0;  // 0: the column name comes next, 1: its type, 2: the rest
        std::string table;
        std::set<std::string> types;
        for (const SqlToken& t : scan_sql(sql)) {
            if (!t.significant()) continue;
            if (t.kind == SqlTokenKind::Symbol && (t.text == "(" || t.text == ")")) {
                depth += t.text == "(" ? 1 : -1;
                continue;
            }
            if (depth == 0 && t.kind == SqlTokenKind::Word) table = ascii_upper(t.text);
            if (depth != 1) continue;
            if (t.kind == SqlTokenKind::Symbol && t.text == ",") {
                word_in_item = 0;
                continue;
            }
            if (t.kind != SqlTokenKind::Word && t.kind != SqlTokenKind::QuotedIdentifier) continue;
            if (word_in_item == 0 && is_constraint(ascii_upper(t.text))) word_in_item = 2;
            if (word_in_item == 1) {
                auto family = families.find(ascii_upper(t.text));
                types.insert("type:" +
                             (family == families.end() ? ascii_upper(t.text) : family->second));
            }
            if (word_in_item < 2) ++word_in_item;
        }
        if (std::find(read.words.begin(), read.words.end(), table) != read.words.end())
            out.insert(types.begin(), types.end());
    }
}

std::string signature_of(const std::vector<std::string>& features) {
    std::string joined;
    for (const auto& f : features) joined += f + "\n";
    return "g" + fnv1a64_hex(joined).substr(0, 12);
}

}  // namespace

std::string grouping_pattern(const Classification& c,
                             const std::set<std::string>& side_depends_on_q) {
    // Optimizer-setting variants (VIEW[no_push_down]) run as a random subset per case, so
    // they stay out of the split whenever the representations themselves split: one bug
    // would otherwise give a group per subset. A split only a variant shows keeps them.
    const auto is_variant = [](const std::string& name) {
        return name != base_representation(name);
    };
    int base_sides = 0;
    for (const auto& group : c.groups)
        if (!std::all_of(group.begin(), group.end(), is_variant)) ++base_sides;
    const bool drop_variants = base_sides > 1;
    // Sides in a fixed order: which side is larger also depends on the CTE's side.
    std::vector<std::string> sides;
    for (const auto& group : c.groups) {
        if (drop_variants && std::all_of(group.begin(), group.end(), is_variant)) continue;
        std::vector<std::string> kept;
        for (const auto& name : group)
            if (!side_depends_on_q.count(base_representation(name)) &&
                !(drop_variants && is_variant(name)))
                kept.push_back(name);
        if (kept.empty())
            for (const auto& name : group)
                if (!(drop_variants && is_variant(name))) kept.push_back(name);
        std::string side;
        for (std::size_t i = 0; i < kept.size(); ++i) side += (i ? "=" : "") + kept[i];
        auto error = std::find_if(c.errors.begin(), c.errors.end(),
                                  [&](const auto& e) { return e.first == group.front(); });
        if (error != c.errors.end()) side += "!" + error->second;
        sides.push_back(std::move(side));
    }
    std::sort(sides.begin(), sides.end());
    std::string out;
    for (const auto& side : sides) out += (out.empty() ? "" : "\u2260") + side;
    // An order-only difference is a cause of its own, apart from multiset ones of one split.
    if (c.order_only) out += " (order)";
    return out;
}

GroupKey group_key(const TestCase& reduced, const std::string& pattern,
                   const TypeFamilies& families) {
    std::set<std::string> features;
    add_sql_features(reduced.intermediate, false, "", features);
    // When the reduced I has no construct or function left, the cause is in Q: its functions
    // tell bugs apart that the pattern and types alone would put in one group.
    const bool plain_i = std::none_of(features.begin(), features.end(), [](const std::string& f) {
        return f.starts_with("construct:") || f.starts_with("function:");
    });
    add_sql_features(reduced.referencing, true, "q:", features);
    if (plain_i) add_function_features(reduced.referencing, "q:", features);
    add_type_features(reduced.schema, reduced.intermediate, families, features);
    GroupKey key;
    key.features.push_back("pattern:" + pattern);
    key.features.insert(key.features.end(), features.begin(), features.end());
    key.signature = signature_of(key.features);
    return key;
}

std::string crash_site_text(const std::vector<std::string>& frames) {
    std::string out;
    for (std::size_t i = 0; i < frames.size() && i < 3; ++i) out += (i ? " < " : "") + frames[i];
    return out;
}

GroupKey crash_group_key(const std::vector<std::string>& frames) {
    GroupKey key;
    key.features = {"pattern:server_fault", "crash:" + frames.at(0)};
    key.signature = signature_of(key.features);
    return key;
}

}  // namespace eriq
