#include "engine/case_file.hpp"

#include <cctype>
#include <set>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "engine/case_runner.hpp"
#include "engine/target.hpp"
#include "report/report_writer.hpp"
#include "util/load_error.hpp"
#include "util/toml_file.hpp"

namespace eriq {
namespace {

std::string upper(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

bool ident_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// Words after a table reference that are not an alias.
const std::set<std::string> kClauseWords{"WHERE", "JOIN",   "INNER",     "LEFT",   "RIGHT",
                                         "FULL",  "CROSS",  "ON",        "GROUP",  "ORDER",
                                         "LIMIT", "UNION",  "HAVING",    "WINDOW", "NATURAL",
                                         "USING", "EXCEPT", "INTERSECT", "OFFSET", "STRAIGHT_JOIN"};

}  // namespace

std::string mark_x_references(const std::string& q, int* references) {
    std::string out;
    int count = 0;
    std::size_t i = 0;
    while (i < q.size()) {
        char c = q[i];
        if (c == '\'' || c == '"' || c == '`') {
            std::size_t j = q.find(c, i + 1);
            j = j == std::string::npos ? q.size() : j + 1;
            out.append(q, i, j - i);
            i = j;
            continue;
        }
        if (!ident_char(c)) {
            out.push_back(c);
            ++i;
            continue;
        }
        std::size_t j = i;
        while (j < q.size() && ident_char(q[j])) ++j;
        std::string word = q.substr(i, j - i);
        bool qualified_before = !out.empty() && out.back() == '.';
        std::size_t k = j;
        while (k < q.size() && std::isspace(static_cast<unsigned char>(q[k]))) ++k;
        bool qualifier_after = k < q.size() && q[k] == '.';
        if ((word == "x" || word == "X") && !qualified_before && !qualifier_after) {
            ++count;
            out += "{x}";
            std::size_t e = k;
            while (e < q.size() && ident_char(q[e])) ++e;
            std::string next = upper(q.substr(k, e - k));
            bool has_alias = !next.empty() && (next == "AS" || !kClauseWords.count(next));
            if (!has_alias) out += " AS x";
        } else {
            out += word;
        }
        i = j;
    }
    if (references) *references = count;
    return out;
}

TestCase load_case_file(const std::string& path, std::string* dialect) {
    toml::table doc = parse_toml_file(path);
    auto fail = [&](const toml::node& n, const std::string& what) {
        throw LoadError(path, n.source().begin.line, n.source().begin.column, what);
    };
    for (auto&& [k, n] : doc) {
        static const std::set<std::string> known{"dialect", "schema", "rows", "intermediate",
                                                 "referencing"};
        if (!known.count(std::string(k.str()))) fail(n, fmt::format("unknown key '{}'", k.str()));
    }
    auto strings = [&](const char* key) {
        std::vector<std::string> out;
        const toml::node* n = doc.get(key);
        if (!n) return out;
        const toml::array* arr = n->as_array();
        if (!arr) fail(*n, fmt::format("'{}' must be an array of SQL statements", key));
        for (const auto& e : *arr) {
            auto s = e.value<std::string>();
            if (!s) fail(e, fmt::format("'{}' entries must be strings", key));
            out.push_back(*s);
        }
        return out;
    };
    auto text = [&](const char* key) {
        const toml::node* n = doc.get(key);
        if (!n) throw LoadError(path, 1, 1, fmt::format("missing key '{}'", key));
        auto s = n->value<std::string>();
        if (!s) fail(*n, fmt::format("'{}' must be a string", key));
        return *s;
    };
    TestCase tc;
    tc.schema = strings("schema");
    tc.rows = strings("rows");
    tc.intermediate = text("intermediate");
    tc.referencing = mark_x_references(text("referencing"), &tc.x_references);
    if (tc.x_references == 0)
        fail(*doc.get("referencing"), "'referencing' never mentions the table x");
    if (dialect) *dialect = doc["dialect"].value_or(std::string());
    return tc;
}

int run_case_file(RunOptions options, bool dialect_given) {
    std::string file_dialect;
    TestCase tc = load_case_file(options.case_file, &file_dialect);
    if (!dialect_given && !file_dialect.empty()) options.dialect = file_dialect;
    Target t = load_target(options, false);
    tc.dialect = t.dialect.name;

    auto backend = open_backend(t.connection, t.backend_options);
    CaseRunner runner(*backend, t.dialect, t.rules);
    runner.load_database(tc);
    CaseOutcome outcome = runner.run(tc, "case");
    if (outcome.verdict != Verdict::ServerFault) backend->reset_workspace();

    for (const auto& v : outcome.variants) {
        fmt::print("== {} ==\n", v.variant.representation);
        for (const auto& s : v.variant.setup) fmt::print("{};\n", s);
        fmt::print("{};\n", v.variant.query);
        for (const auto& s : v.variant.teardown) fmt::print("{};\n", s);
        if (!v.ok) {
            fmt::print("-- error ({}): {}\n\n", v.error_kind, v.error);
            continue;
        }
        fmt::print("-- {} row(s)\n", v.result.rows.size());
        for (const auto& row : v.result.rows) {
            std::string line;
            for (std::size_t i = 0; i < row.size(); ++i)
                line += (i ? " | " : "") + to_display(row[i]);
            fmt::print("   {}\n", line);
        }
        fmt::print("\n");
    }
    for (const auto& s : outcome.skipped) fmt::print("== {} == skipped for this query\n\n", s);

    switch (outcome.verdict) {
        case Verdict::Consistent:
            fmt::print("verdict: consistent\n");
            return 0;
        case Verdict::Benign:
            fmt::print("verdict: documented difference {} (not a bug): {}\n",
                       outcome.classification.pattern, outcome.benign_reason);
            return 0;
        case Verdict::Discarded:
            fmt::print("verdict: discarded ({})\n", outcome.discard_kind);
            return 3;
        case Verdict::ServerFault:
            fmt::print("verdict: server fault ({})\n", outcome.discard_kind);
            return 4;
        case Verdict::Inconsistent:
            break;
    }
    fmt::print("verdict: inconsistent {}\n", outcome.classification.pattern);
    if (!options.out_dir.empty()) {
        ReportWriter writer(options.out_dir);
        ReportContext ctx{t.dialect.name, t.dialect.driver, backend->server_version(),
                          t.connection.redacted()};
        fmt::print("report: {}\n", writer.write(tc, outcome, ctx).string());
    }
    return 1;
}

}  // namespace eriq
