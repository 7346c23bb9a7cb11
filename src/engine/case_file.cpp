#include "engine/case_file.hpp"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <optional>
#include <set>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "engine/benign_check.hpp"
#include "engine/case_file_gate.hpp"
#include "engine/case_runner.hpp"
#include "engine/target.hpp"
#include "oracle/normalize.hpp"
#include "oracle/order_spec.hpp"
#include "report/report_writer.hpp"
#include "util/did_you_mean.hpp"
#include "util/load_error.hpp"
#include "util/sql_tokens.hpp"
#include "util/toml_file.hpp"

namespace eriq {
namespace {

std::string upper(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

// Words after a table reference that are not an alias.
const std::set<std::string> kClauseWords{"WHERE", "JOIN",   "INNER",     "LEFT",   "RIGHT",
                                         "FULL",  "CROSS",  "ON",        "GROUP",  "ORDER",
                                         "LIMIT", "UNION",  "HAVING",    "WINDOW", "NATURAL",
                                         "USING", "EXCEPT", "INTERSECT", "OFFSET", "STRAIGHT_JOIN"};

// Which statements each key may hold: a case file sets up and queries its own tables,
// it never changes or drops anything else.
// Words that change data or schema; a query holding one (e.g. in a data-modifying CTE,
// WITH d AS (DELETE ... RETURNING *)) is not read-only.
const std::set<std::string> kWritingWords{"INSERT",   "UPDATE", "DELETE", "DROP",   "ALTER",
                                          "TRUNCATE", "ATTACH", "DETACH", "PRAGMA", "GRANT",
                                          "REVOKE",   "CREATE", "MERGE"};

std::optional<std::string> statement_kind_problem(const std::string& key, const std::string& sql,
                                                  const SqlLexis& lexis) {
    const std::vector<SqlToken> tokens = scan_sql(sql, lexis);
    if (has_several_statements(tokens))
        return std::string("holds more than one statement (one statement per entry)");
    const std::vector<std::string> w = leading_words(tokens, 3);
    auto starts = [&](std::initializer_list<const char*> words) {
        std::size_t i = 0;
        for (const char* word : words)
            if (i >= w.size() || w[i++] != word) return false;
        return true;
    };
    if (key == "schema") {
        if (starts({"CREATE", "TABLE"}) || starts({"CREATE", "INDEX"}) ||
            starts({"CREATE", "UNIQUE", "INDEX"}))
            return std::nullopt;
        return std::string("may only hold CREATE TABLE and CREATE INDEX statements");
    }
    // ANALYZE: reports list the statistics statements of the generated database with its rows.
    if (key == "rows") {
        if (starts({"INSERT"}) || starts({"ANALYZE"})) return std::nullopt;
        return std::string("may only hold INSERT and ANALYZE statements");
    }
    if (key == "session") {
        if (starts({"SET"}) || starts({"RESET"}) || starts({"PRAGMA"})) return std::nullopt;
        return std::string("may only hold SET, RESET and PRAGMA statements");
    }
    if (!starts({"SELECT"}) && !starts({"WITH"})) return "must be a SELECT or WITH query";
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const SqlToken& t = tokens[i];
        if (t.kind != SqlTokenKind::Word || !kWritingWords.count(upper(std::string(t.text))))
            continue;
        // Followed by '(' it is a function: TRUNCATE(x, d), MySQL's INSERT(s, pos, len, t).
        std::size_t next = i + 1;
        while (next < tokens.size() && !tokens[next].significant()) ++next;
        if (next < tokens.size() && tokens[next].kind == SqlTokenKind::Symbol &&
            tokens[next].text == "(")
            continue;
        return fmt::format("must only read: it contains {}", upper(std::string(t.text)));
    }
    return std::nullopt;
}

// With `ordered`, the first ORDER BY key must name an output column, or nothing would be
// compared; a select list with a star is resolved against the result's columns only.
template <class Fail>
void check_first_order_key(const std::string& referencing, Fail fail) {
    const std::vector<OrderKey> keys = trailing_order_keys(referencing);
    const std::vector<SelectItem> items = top_level_select_items(referencing);
    const bool star = std::any_of(items.begin(), items.end(), [](const SelectItem& item) {
        return item.expression == "*" || item.expression.ends_with(".*");
    });
    if (keys.empty() || items.empty() || star) return;
    if (key_column(keys.front(), items, output_names(items))) return;
    fail(
        fmt::format("'ordered' is true but the first ORDER BY key '{}' names no output column "
                    "(write an output column's name, alias or position), so no order would be "
                    "compared",
                    keys.front().expression));
}

// `ordered`, `representations` and `skip_representations`.
template <class Fail>
void read_case_options(const toml::table& doc, TestCase& tc, Fail fail) {
    if (const toml::node* n = doc.get("ordered")) {
        if (!n->is_boolean()) fail(*n, "'ordered' must be true or false");
        tc.ordered = n->value_or(false);
        if (tc.ordered && trailing_order_keys(tc.referencing).empty())
            fail(*n, "'ordered' is true but 'referencing' does not end in ORDER BY");
        if (tc.ordered)
            check_first_order_key(tc.referencing, [&](const std::string& why) { fail(*n, why); });
    }
    auto names = [&](const char* key, std::vector<std::string>& out) {
        const toml::node* n = doc.get(key);
        if (!n) return;
        const toml::array* list = n->as_array();
        if (!list || list->empty())
            fail(*n, fmt::format(
                         "'{}' must be a non-empty array of names, e.g. [\"VIEW\", \"CTE\"]", key));
        for (const auto& e : *list) {
            auto name = e.value<std::string>();
            if (!name) fail(e, fmt::format("'{}' entries must be strings", key));
            out.push_back(*name);
        }
    };
    names("representations", tc.representations);
    // Generated cases whose grammar marked representations as not comparable
    // (@skip_representation).
    names("skip_representations", tc.skip_representations);
}

}  // namespace

std::string mark_q_placeholder(const std::string& outer, int* placeholders, const SqlLexis& lexis) {
    std::string out;
    int count = 0;
    for (const SqlToken& t : scan_sql(outer, lexis)) {
        if (t.kind == SqlTokenKind::Word && t.text == "Q") {
            ++count;
            out += "{Q}";
        } else {
            out += t.text;
        }
    }
    if (placeholders) *placeholders = count;
    return out;
}

std::string mark_x_references(const std::string& q, int* references, const SqlLexis& lexis) {
    const std::vector<SqlToken> tokens = scan_sql(q, lexis);
    auto significant_after = [&](std::size_t i) -> const SqlToken* {
        for (std::size_t k = i + 1; k < tokens.size(); ++k)
            if (tokens[k].significant()) return &tokens[k];
        return nullptr;
    };
    auto is_dot = [](const SqlToken* t) {
        return t && t->kind == SqlTokenKind::Symbol && t->text == ".";
    };
    std::string out;
    int count = 0;
    const SqlToken* previous = nullptr;  // the last significant token
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const SqlToken& t = tokens[i];
        const SqlToken* next = significant_after(i);
        // `x AS x`: the second x is an alias (eriq writes it so when it adds the alias).
        const bool alias = previous && previous->kind == SqlTokenKind::Word &&
                           upper(std::string(previous->text)) == "AS";
        if (t.kind == SqlTokenKind::Word && (t.text == "x" || t.text == "X") && !is_dot(previous) &&
            !is_dot(next) && !alias) {
            ++count;
            out += "{x}";
            const bool has_alias = next && next->kind == SqlTokenKind::Word &&
                                   (upper(std::string(next->text)) == "AS" ||
                                    !kClauseWords.count(upper(std::string(next->text))));
            if (!has_alias) out += " AS x";
        } else {
            out += t.text;
        }
        if (t.significant()) previous = &t;
    }
    if (references) *references = count;
    return out;
}

std::string case_file_dialect(const std::string& path) {
    const toml::table doc = parse_toml_file(path);
    return doc["dialect"].value_or(std::string());
}

TestCase load_case_file(const std::string& path, std::string* dialect, const SqlLexis& lexis) {
    toml::table doc = parse_toml_file(path);
    auto fail = [&](const toml::node& n, const std::string& what) {
        throw LoadError(path, n.source().begin.line, n.source().begin.column, what);
    };
    for (auto&& [k, n] : doc) {
        static const std::vector<std::string> known{
            "dialect", "schema",  "rows",  "intermediate",    "referencing",
            "ordered", "session", "outer", "representations", "skip_representations"};
        if (std::find(known.begin(), known.end(), k.str()) == known.end())
            throw LoadError(path, k.source().begin.line, k.source().begin.column,
                            fmt::format("unknown key '{}'{}; expected one of: {}", k.str(),
                                        did_you_mean(k.str(), known), fmt::join(known, ", ")));
    }
    auto check_kind = [&](const char* key, const toml::node& n, const std::string& sql) {
        // The rules' placeholders are eriq's own: in a case file every SQL text is literal.
        for (const SqlToken& t : scan_sql(sql, lexis))
            if (t.kind == SqlTokenKind::Symbol && t.text == "{")
                fail(n, fmt::format("'{}' holds a '{{': placeholders such as {{x}} are eriq's own; "
                                    "write the table x by name",
                                    key));
        if (auto problem = statement_kind_problem(key, sql, lexis))
            fail(n, fmt::format("'{}' {}", key, *problem));
    };
    auto strings = [&](const char* key) {
        std::vector<std::string> out;
        const toml::node* n = doc.get(key);
        if (!n) return out;
        const toml::array* arr = n->as_array();
        if (!arr) fail(*n, fmt::format("'{}' must be an array of SQL statements", key));
        for (const auto& e : *arr) {
            auto s = e.value<std::string>();
            if (!s) fail(e, fmt::format("'{}' entries must be strings", key));
            check_kind(key, e, *s);
            out.push_back(*s);
        }
        return out;
    };
    auto text = [&](const char* key) {
        const toml::node* n = doc.get(key);
        if (!n) throw LoadError(path, 1, 1, fmt::format("missing key '{}'", key));
        auto s = n->value<std::string>();
        if (!s) fail(*n, fmt::format("'{}' must be a string", key));
        check_kind(key, *n, *s);
        return *s;
    };
    TestCase tc;
    tc.session = strings("session");
    tc.schema = strings("schema");
    tc.rows = strings("rows");
    tc.intermediate = text("intermediate");
    tc.referencing = mark_x_references(text("referencing"), &tc.x_references, lexis);
    if (tc.x_references == 0)
        fail(*doc.get("referencing"), "'referencing' never mentions the table x");
    if (doc.get("outer")) {
        int placeholders = 0;
        tc.outer = mark_q_placeholder(text("outer"), &placeholders, lexis);
        if (placeholders != 1)
            fail(*doc.get("outer"),
                 fmt::format("'outer' must name the referencing query exactly once, as the word "
                             "Q (e.g. ... WHERE EXISTS (Q)); it does {} times",
                             placeholders));
    }
    read_case_options(doc, tc, fail);
    if (tc.ordered && !tc.outer.empty())
        fail(*doc.get("ordered"),
             "'ordered' cannot be true with 'outer': Q's ORDER BY inside a "
             "subquery fixes no order of the outer query's rows");
    if (const toml::node* n = doc.get("dialect"); n && !n->is_string())
        fail(*n, "'dialect' must be a string, e.g. dialect = \"sqlite\"");
    if (dialect) *dialect = doc["dialect"].value_or(std::string());
    return tc;
}

namespace {

// A case compares at least two runs: the representations it lists (all the dialect's when it
// lists none) less those it skips.
void check_two_runs(const std::string& path, const TestCase& tc,
                    const std::vector<std::string>& known) {
    std::vector<std::string> runs = tc.representations;
    if (runs.empty())  // the dialect's representations; optimizer variants are extras
        std::copy_if(known.begin(), known.end(), std::back_inserter(runs),
                     [](const std::string& name) { return name.find('[') == std::string::npos; });
    std::erase_if(runs, [&](const std::string& name) {
        return std::find(tc.skip_representations.begin(), tc.skip_representations.end(), name) !=
               tc.skip_representations.end();
    });
    if (runs.size() >= 2) return;
    const char* key = tc.representations.empty() ? "skip_representations" : "representations";
    const toml::table doc = parse_toml_file(path);
    const toml::source_position at = doc[key].node()->source().begin;
    throw LoadError(path, at.line, at.column,
                    fmt::format("'{}' leaves {} to run ({}); a case compares at least two", key,
                                runs.size() == 1 ? "one representation" : "no representation",
                                runs.empty() ? "none" : runs.front()));
}

}  // namespace

void check_case_representations(const std::string& path, const TestCase& tc,
                                const std::vector<std::string>& known) {
    auto listed = [&](const std::string& name) {
        return std::find(tc.representations.begin(), tc.representations.end(), name) !=
               tc.representations.end();
    };
    auto check = [&](const char* key, const std::vector<std::string>& names, bool runs) {
        for (std::size_t i = 0; i < names.size(); ++i) {
            const std::string& name = names[i];
            std::string problem;
            if (std::find(known.begin(), known.end(), name) == known.end())
                problem = fmt::format("unknown representation '{}' in '{}'{}; this dialect has: {}",
                                      name, key, did_you_mean(name, known), fmt::join(known, ", "));
            else if (runs && !listed(base_representation(name)))
                problem =
                    fmt::format("'{}' runs on the objects of {}: list {} in 'representations' too",
                                name, base_representation(name), base_representation(name));
            if (problem.empty()) continue;
            const toml::table doc = parse_toml_file(path);
            const toml::source_position at = doc[key][i].node()->source().begin;
            throw LoadError(path, at.line, at.column, problem);
        }
    };
    check("representations", tc.representations, true);
    check("skip_representations", tc.skip_representations, false);
    check_two_runs(path, tc, known);
}

}  // namespace eriq
