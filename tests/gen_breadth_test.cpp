// Breadth of generation: the intermediate-query features and the database-state features
// appear in generated SQL, a knob at zero removes its feature, generated databases respect
// their own constraints on SQLite, and seeded SQLite campaigns stay type-valid.
#include <re2/re2.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <unistd.h>

#include "catalog/dialect.hpp"
#include "dsl/grammar.hpp"
#include "engine/campaign.hpp"
#include "exec/backend.hpp"
#include "gen/case_cost.hpp"
#include "gen/case_generator.hpp"
#include "gen/database_generator.hpp"
#include "gen/rng.hpp"
#include "generation_fixture.hpp"

using namespace eriq;
using namespace eriq::test;

namespace {

std::vector<GeneratedDatabase> databases(const Loaded& l, int n) {
    CaseGenerator gen(l.grammar, l.dialect);
    std::vector<GeneratedDatabase> out;
    for (int i = 0; i < n; ++i)
        out.push_back(gen.database(mix_seed(77, static_cast<std::uint64_t>(i))));
    return out;
}

std::string database_text(const GeneratedDatabase& db) {
    std::string text;
    for (const auto& s : db.schema) text += s + ";\n";
    for (const auto& s : db.rows) text += s + ";\n";
    return text;
}

long count_queries(const std::vector<TestCase>& cases, const std::string& pattern) {
    const RE2 re(pattern);
    REQUIRE(re.ok());
    return std::count_if(cases.begin(), cases.end(), [&](const TestCase& tc) {
        return RE2::PartialMatch(tc.intermediate, re) || RE2::PartialMatch(tc.referencing, re);
    });
}

// Matches anywhere in a case: schema, rows, I and Q.
long count_in(const std::vector<TestCase>& cases, const std::string& pattern) {
    const RE2 re(pattern);
    REQUIRE(re.ok());
    return std::count_if(cases.begin(), cases.end(), [&](const TestCase& tc) {
        std::string text = tc.intermediate + "\n" + tc.referencing;
        for (const auto& s : tc.schema) text += "\n" + s;
        for (const auto& s : tc.rows) text += "\n" + s;
        return RE2::PartialMatch(text, re);
    });
}

long count_databases(const std::vector<GeneratedDatabase>& dbs, const std::string& pattern) {
    const RE2 re(pattern);
    REQUIRE(re.ok());
    return std::count_if(dbs.begin(), dbs.end(), [&](const GeneratedDatabase& db) {
        return RE2::PartialMatch(database_text(db), re);
    });
}

std::string fresh_dir(const std::string& name) {
    static int counter = 0;
    auto dir = std::filesystem::temp_directory_path() /
               ("eriq-breadth-test-" + name + "-" + std::to_string(getpid()) + "-" +
                std::to_string(++counter));
    std::filesystem::remove_all(dir);
    return dir.string();
}

CampaignStats sqlite_campaign(std::uint64_t seed, std::int64_t cases,
                              std::vector<std::pair<std::string, double>> weights) {
    RunOptions o;
    o.dialect = "sqlite";
    o.dialect_file = source("dialects/sqlite.toml");
    o.grammar_file = source("grammars/sqlite.toml");
    o.rules_file = source("rules/repr.toml");
    o.seed = seed;
    o.max_cases = cases;
    o.weights = std::move(weights);
    o.out_dir = fresh_dir("campaign");
    o.verbosity = 0;
    return execute_campaign(o).stats;
}

double valid_share(const CampaignStats& s) {
    return s.cases ? static_cast<double>(s.valid) / static_cast<double>(s.cases) : 0;
}

// A referencing query that joins x with a derived table over x.
const char* kXJoinDerivedX = R"(\{x\} AS q\d+ (LEFT |RIGHT |FULL )?JOIN \(SELECT .*FROM \{x\})";
// A derived table whose outer query groups by its outputs (an aggregate over a derived result).
const char* kGroupOverDerived = R"(FROM \(SELECT .*\) AS s\d+ .*GROUP BY s\d+\.vc_\d+)";

}  // namespace

TEST_CASE("generated queries cover the intermediate query features", "[gen][breadth]") {
    auto l = load("sqlite");
    auto cases = generate(l, 21, 1500);
    REQUIRE(cases.size() == 1500);
    for (const char* marker : {R"(\b(MIN|MAX|COUNT|SUM|AVG)\([^;]*\) OVER \(PARTITION BY )",
                               R"(COUNT\(\*\) OVER \()",
                               R"(\b(RANK|DENSE_RANK)\(\) OVER \()",
                               R"(OVER \([^;]*ORDER BY [^;]*RANGE BETWEEN )",
                               R"(RANGE BETWEEN \d PRECEDING AND \d FOLLOWING)",
                               "FULL JOIN",
                               "LEFT JOIN",
                               "RIGHT JOIN",
                               " UNION ALL ",
                               " UNION SELECT",
                               "NOT EXISTS \\(",
                               " NOT IN \\(SELECT",
                               " IN \\(SELECT",
                               "HAVING",
                               "SELECT DISTINCT",
                               "ORDER BY .* LIMIT \\d",
                               "CASE WHEN",
                               "coalesce\\(",
                               "nullif\\(",
                               "CAST\\(",
                               "count\\(DISTINCT ",
                               R"(JOIN \(SELECT .*\) AS s\d+ ON)",
                               R"(\(SELECT (min|max|count|sum|avg|total)\()",
                               kXJoinDerivedX,
                               kGroupOverDerived}) {
        INFO(marker);
        CHECK(count_queries(cases, marker) > 0);
    }
    // Window functions stay in select lists of deterministic kinds.
    CHECK(count_queries(cases, R"(\b(ROW_NUMBER|LAG|LEAD|FIRST_VALUE|LAST_VALUE|NTILE)\()") == 0);
    CHECK(count_queries(cases, R"(\bROWS (BETWEEN|UNBOUNDED))") == 0);
    CHECK(count_queries(cases, R"((WHERE|ON|HAVING|GROUP BY)[^;]* OVER \()") <
          count_queries(cases, " OVER \\("));
}

TEST_CASE("generated databases have keys, constraints, indexes, big tables and statistics",
          "[gen][breadth]") {
    auto l = load("sqlite");
    auto dbs = databases(l, 400);
    CHECK(count_databases(dbs, "INTEGER PRIMARY KEY") > 0);
    CHECK(count_databases(dbs, R"(, PRIMARY KEY \(c\d, c\d\))") > 0);
    CHECK(count_databases(dbs, " NOT NULL") > 0);
    CHECK(count_databases(dbs, " UNIQUE") > 0);
    CHECK(count_databases(dbs, R"(CREATE INDEX i_t\d_\d ON t\d \(c\d( DESC)?, c\d)") > 0);
    CHECK(count_databases(dbs, R"(CREATE INDEX i_t\d_\d ON t\d \(\()") > 0);
    CHECK(count_databases(dbs, "INSERT INTO t\\d SELECT .*\\(WITH RECURSIVE") > 0);
    CHECK(count_databases(dbs, "ANALYZE t\\d") > 0);
    int most = 0, big = 0;
    for (const auto& db : dbs) {
        most = std::max(most, static_cast<int>(db.tables.size()));
        CHECK(db.tables.size() <= 4);
        int big_here = 0;
        for (const auto& t : db.tables) big_here += t.filled_server_side ? 1 : 0;
        CHECK(big_here <= 1);
        big += big_here;
    }
    CHECK(most == 4);
    CHECK(big < 40);
}

TEST_CASE("generated databases load on SQLite and respect their constraints", "[gen][breadth]") {
    auto l = load("sqlite");
    auto dbs = databases(l, 150);
    BackendOptions options;
    auto backend = open_backend(ConnectionSpec::parse("sqlite::memory:"), options);
    int checked_unique = 0, checked_not_null = 0, big = 0;
    for (const auto& db : dbs) {
        INFO(database_text(db));
        backend->reset_workspace();
        for (const auto& s : db.schema) REQUIRE_NOTHROW(backend->execute(s));
        for (const auto& s : db.rows) REQUIRE_NOTHROW(backend->execute(s));
        for (const auto& t : db.tables) {
            auto count = backend->query("SELECT count(*) FROM " + t.name);
            CHECK(count.rows.at(0).at(0).text == std::to_string(t.row_count));
            big += t.filled_server_side ? 1 : 0;
            for (const auto& c : t.columns) {
                if (c.not_null) {
                    ++checked_not_null;
                    auto nulls = backend->query("SELECT count(*) FROM " + t.name + " WHERE " +
                                                c.name + " IS NULL");
                    CHECK(nulls.rows.at(0).at(0).text == "0");
                }
                if (c.unique) {
                    ++checked_unique;
                    auto d = backend->query("SELECT count(" + c.name + ") - count(DISTINCT " +
                                            c.name + ") FROM " + t.name);
                    CHECK(d.rows.at(0).at(0).text == "0");
                }
            }
        }
    }
    CHECK(checked_unique > 5);
    CHECK(checked_not_null > 20);
    CHECK(big > 0);
}

TEST_CASE("literal identity merges literals a unique column treats as equal", "[gen][breadth]") {
    CHECK(literal_identity("'12'") == literal_identity("12"));
    CHECK(literal_identity("-0.0") == literal_identity("0"));
    CHECK(literal_identity("'a '") == literal_identity("'a'"));
    CHECK(literal_identity("TRUE") == literal_identity("1"));
    CHECK(literal_identity("b'0101'") == literal_identity("b'101'"));
    CHECK(literal_identity("'it''s'") == literal_identity("'IT''S'"));
    CHECK(literal_identity("'a'") != literal_identity("'b'"));
    CHECK(literal_identity("X'00'") != literal_identity("X'0000'"));
    CHECK(literal_identity("1.5") != literal_identity("15"));
}

TEST_CASE("MySQL-family generation covers bit, enum, set, spatial and unsigned types",
          "[gen][breadth]") {
    auto maria = generate(load("mariadb"), 31, 600);
    REQUIRE(maria.size() == 600);
    for (const char* marker :
         {R"(c\d BIT\(8\))", "b'[01]+'", R"(ENUM\('a','b','c'\))", R"(SET\('x','y','z'\))",
          R"(c\d (POINT|GEOMETRY))", R"(\bST_(AsText|Distance|Envelope|Contains)\()",
          "BIT_COUNT\\(", "UNSIGNED", "VARBINARY\\(16\\)", "YEAR", "INSERT INTO t\\d VALUES"}) {
        INFO(marker);
        CHECK(count_in(maria, marker) > 0);
    }
    for (const char* name : {"tidb", "oceanbase"}) {
        INFO(name);
        auto cases = generate(load(name), 31, 300);
        REQUIRE(cases.size() == 300);
        CHECK(count_in(cases, R"(c\d BIT\(8\))") > 0);
        CHECK(count_in(cases, R"(\b(POINT|GEOMETRY)\b|\bST_\w+\()") == 0);
    }
}

TEST_CASE("a knob at zero removes its feature", "[gen][breadth]") {
    auto l = load("sqlite");
    auto before = generate(l, 5, 600);
    auto dbs_before = databases(l, 300);
    CHECK(count_queries(before, " OVER \\(") > 20);
    CHECK(count_queries(before, "FULL JOIN") > 5);
    CHECK(count_queries(before, kXJoinDerivedX) > 5);
    CHECK(count_databases(dbs_before, "WITH RECURSIVE") > 0);
    CHECK(count_databases(dbs_before, "PRIMARY KEY") > 10);
    CHECK(count_databases(dbs_before, "CREATE INDEX") > 10);
    CHECK(count_databases(dbs_before, R"(CREATE INDEX \w+ ON t\d \(\()") > 0);
    CHECK(count_databases(dbs_before, " UNIQUE") > 5);
    CHECK(count_databases(dbs_before, "ANALYZE") > 10);
    CHECK(count_databases(dbs_before, "CREATE TABLE t2") > 10);

    for (const char* knob :
         {"window", "full_join", "q_derived_join", "big_table_share", "primary_key",
          "expression_index", "unique", "not_null", "analyze", "more_tables_share"})
        dsl::override_knob(l.grammar, knob, 0);
    auto after = generate(l, 5, 600);
    auto dbs_after = databases(l, 300);
    REQUIRE(after.size() == 600);
    CHECK(count_queries(after, " OVER \\(") == 0);
    CHECK(count_queries(after, "FULL JOIN") == 0);
    CHECK(count_queries(after, kXJoinDerivedX) == 0);
    CHECK(count_databases(dbs_after, "WITH RECURSIVE") == 0);
    CHECK(count_databases(dbs_after, "PRIMARY KEY") == 0);
    CHECK(count_databases(dbs_after, R"(CREATE INDEX \w+ ON t\d \(\()") == 0);
    CHECK(count_databases(dbs_after, "CREATE INDEX") > 10);
    CHECK(count_databases(dbs_after, " UNIQUE") == 0);
    CHECK(count_databases(dbs_after, "NOT NULL") == 0);
    CHECK(count_databases(dbs_after, "ANALYZE") == 0);
    CHECK(count_databases(dbs_after, "CREATE TABLE t2") == 0);

    // DESC index keys: the default share gives some, the knob at 0 none.
    CHECK(count_databases(dbs_after, R"(CREATE INDEX [^;]* DESC)") > 0);
    dsl::override_knob(l.grammar, "index_desc_share", 0);
    CHECK(count_databases(databases(l, 300), R"(CREATE INDEX [^;]* DESC)") == 0);

    dsl::override_knob(l.grammar, "index_share", 0);
    CHECK(count_databases(databases(l, 300), "CREATE INDEX") == 0);
}

TEST_CASE("a seeded 2000 case SQLite campaign with the breadth features stays type-valid",
          "[gen][breadth][campaign]") {
    auto s = sqlite_campaign(2025, 2000, {{"big_table_share", 0}});
    CHECK(s.cases == 2000);
    CHECK(s.tool_errors == 0);
    CHECK(s.generation_failures == 0);
    WARN("SQLite valid share over 2000 seeded breadth cases: " << valid_share(s));
    CHECK(valid_share(s) >= 0.9);
}

TEST_CASE("each type family generates type-valid SQLite cases", "[gen][breadth][campaign]") {
    for (const char* family : {"int", "float", "decimal", "string", "temporal", "json"}) {
        INFO(family);
        auto s = sqlite_campaign(404, 300,
                                 {{"big_table_share", 0}, {std::string("family_") + family, 15}});
        CHECK(s.cases == 300);
        CHECK(s.tool_errors == 0);
        WARN("SQLite valid share with family " << family << " dominant: " << valid_share(s));
        CHECK(valid_share(s) >= 0.9);
    }
}

TEST_CASE("big tables filled server-side load and run on SQLite", "[gen][breadth][campaign]") {
    auto s = sqlite_campaign(
        9, 60, {{"big_table_share", 1}, {"big_rows_min", 150}, {"big_rows_max", 250}});
    CHECK(s.cases == 60);
    CHECK(s.tool_errors == 0);
    for (const auto& [kind, count] : s.discarded) {
        INFO(kind);
        CHECK(kind.rfind("database:", 0) != 0);
    }
    CHECK(valid_share(s) >= 0.8);
}

TEST_CASE("a case's cost is the row combinations of its table and x references", "[gen][cost]") {
    GeneratedDatabase db;
    db.tables.resize(3);
    db.tables[0].name = "t0";
    db.tables[0].row_count = 3;
    db.tables[1].name = "t1";
    db.tables[1].row_count = 5;
    db.tables[2].name = "t2";  // empty: an outer join still keeps the other side
    const std::string i =
        "SELECT s0.c0 AS vc_0 FROM t0 AS s0 JOIN t1 AS s1 ON s0.c0 = s1.c0 "
        "LEFT JOIN t2 AS s2 ON 1 WHERE 't1' <> s0.c1";
    CHECK(estimated_rows(i, db) == 15);
    CHECK(estimated_rows("SELECT * FROM {x} AS q0 JOIN {x} AS q1 ON 1 JOIN t1 AS s0 ON 1", db,
                         15) == 15 * 15 * 5);
    CHECK(estimated_rows("SELECT 1", db) == 1);
}

TEST_CASE("cases over the cost cap are redrawn, and none over it is generated", "[gen][cost]") {
    auto l = load("sqlite");
    dsl::override_knob(l.grammar, "big_table_share", 0);
    dsl::override_knob(l.grammar, "case_cost_max_thousands", 1);  // 1000 row combinations
    CaseGenerator gen(l.grammar, l.dialect);
    int cases = 0;
    for (std::uint64_t round = 0; round < 40; ++round) {
        const GeneratedDatabase db = gen.database(round);
        for (int k = 0; k < 5; ++k)
            for (const TestCase& tc : gen.generate_group(db, round, k, 3)) {
                const double i_rows = estimated_rows(tc.intermediate, db);
                CHECK(i_rows <= 1000);
                CHECK(estimated_rows(tc.referencing, db, i_rows) <= 1000);
                ++cases;
            }
    }
    CHECK(cases > 100);
    CHECK(gen.cost_capped() > 0);
}
