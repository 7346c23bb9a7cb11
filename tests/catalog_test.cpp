#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "catalog/dialect.hpp"
#include "catalog/sql_template.hpp"
#include "engine/explained_differences.hpp"
#include "util/load_error.hpp"

namespace {

using eriq::BenignDifference;
using eriq::Classification;
using eriq::Dialect;
using eriq::load_dialect;
using eriq::LoadError;
using eriq::matching_benign;
using eriq::TestCase;

std::string shipped(const std::string& name) {
    return std::string(ERIQ_SOURCE_DIR) + "/dialects/" + name + ".toml";
}

// The smallest valid dialect: seven lines, so a snippet appended to it starts on line 8.
const char* const kMinimalDialect =
    "name = \"tiny\"\n"
    "driver = \"sqlite\"\n"
    "default_connect = \"sqlite::memory:\"\n"
    "[[type]]\n"
    "name = \"INT\"\n"
    "family = \"int\"\n"
    "values = [\"NULL\", \"0\"]\n";

// A dialect file in the temp directory, removed when the test ends.
class TempDialect {
  public:
    explicit TempDialect(const std::string& text) {
        static std::atomic<int> counter{0};
        path_ = (std::filesystem::temp_directory_path() /
                 ("eriq_catalog_test_" + std::to_string(::getpid()) + "_" +
                  std::to_string(counter++) + ".toml"))
                    .string();
        std::ofstream(path_) << text;
    }
    ~TempDialect() { std::filesystem::remove(path_); }
    const std::string& path() const { return path_; }

  private:
    std::string path_;
};

// The message of the LoadError thrown while loading `text`, or "" if it loaded.
std::string load_error_of(const TempDialect& file) {
    try {
        load_dialect(file.path());
    } catch (const LoadError& e) {
        return e.what();
    }
    return "";
}

bool starts_with(const std::string& text, const std::string& prefix) {
    return text.rfind(prefix, 0) == 0;
}

void require_no_nondeterministic_entries(const Dialect& d) {
    REQUIRE_FALSE(d.nondeterministic.empty());
    for (const auto* list : {&d.functions, &d.aggregates})
        for (const eriq::FunctionSig& f : *list) {
            INFO(d.name << " generates " << f.name);
            CHECK(d.nondeterministic.count(f.key) == 0);
        }
}

}  // namespace

TEST_CASE("shipped mariadb dialect loads with a full catalogue", "[catalog]") {
    Dialect d = load_dialect(shipped("mariadb"));
    CHECK(d.name == "mariadb");
    CHECK(d.driver == "mysql");
    CHECK(d.functions.size() >= 80);
    CHECK(d.aggregates.size() >= 8);
    CHECK_FALSE(d.has("temp_table_single_reference"));
    CHECK(d.has("cte"));
    CHECK_FALSE(d.has("cte_materialized"));
    CHECK(d.order_tiebreak.at("string") == "CAST({0} AS BINARY)");
    CHECK(d.nondeterministic.count("RAND") == 1);
    CHECK(d.nondeterministic.count("UUID") == 1);
    REQUIRE(d.representations.count("TEMPT") == 1);
    CHECK(d.representations.at("TEMPT").setup ==
          std::vector<std::string>{"CREATE TEMPORARY TABLE {name} AS {I}"});
    CHECK_FALSE(d.representations.at("TEMPT").query.has_value());
    // COERCIBILITY(), JSON as LONGTEXT, bit literals, division scale, hex literals, DATE_ADD
    // of a string, the NULL literal's BINARY(0), a literal's temporal precision: all about
    // TEMPT; the stored bit literal, NULL and literal also about the forms that derived_merge=off
    // materializes.
    REQUIRE(d.benign.size() == 8);
    for (const auto& b : d.benign) {
        REQUIRE_FALSE(b.representations.empty());
        CHECK(b.representations.front() == "TEMPT");
        for (const auto& name : b.representations)
            CHECK((name == "TEMPT" || name.ends_with("[derived_merge=off]")));
    }
    require_no_nondeterministic_entries(d);
}

// The reduced false positives of the 2026-12-06 MariaDB campaigns (tests/data/cases/mariadb_*,
// run live by tests/mariadb/engine_mariadb_test.cpp), each matched by the entry of its cause.
TEST_CASE("shipped mariadb [[benign]] entries match the campaign's documented differences",
          "[catalog]") {
    Dialect d = load_dialect(shipped("mariadb"));
    const auto matched_by = [&](const std::string& sql) {
        std::string reasons;
        for (const auto& b : d.benign)
            if (b.pattern.found_in(sql)) reasons += b.reason.substr(0, 30) + ";";
        return reasons;
    };
    CHECK(matched_by("SELECT MOD(-1000.000 / 0.217, 1) AS vc_0 FROM t0 AS s0") ==
          "The result of / and AVG over e;");
    CHECK(matched_by("SELECT JSON_OBJECT('', MIN(DISTINCT q2.vc_0)) FROM x AS q2") ==
          "MariaDB's JSON type is an alia;");
    for (const char* q : {"SELECT JSON_SET(MIN('{}'), '$.b', q1.vc_0) FROM x AS q1",
                          "SELECT JSON_ARRAY(JSON_EXTRACT('', ''), q2.vc_1) FROM x AS q2",
                          "SELECT JSON_SET(CASE WHEN (0 IS NULL) THEN q1.vc_0 ELSE '{}' END, "
                          "'$.b', q1.vc_0) FROM x AS q1"})
        CHECK(matched_by(q) == "MariaDB's JSON type is an alia;");
    CHECK(matched_by("SELECT X'7E' AS vc_0, s0.c2 AS vc_1 FROM t0 AS s0") ==
          "A hexadecimal literal X'...' i;");
    CHECK(matched_by("SELECT DATE_ADD('1000-01-01', INTERVAL 1 DAY) AS vc_0 FROM t0 AS s0") ==
          "DATE_ADD, DATE_SUB, ADDDATE an;");
    // From the seed-35 campaign: Q's function of a column of x whose I is the NULL literal, or
    // a temporal-looking string literal.
    const auto entry_for = [&](const TestCase& tc) {
        Classification c;
        c.consistent = false;
        c.minority = {"TEMPT"};
        const BenignDifference* b = matching_benign(d, tc, c);
        return b ? b->reason.substr(0, 30) : std::string();
    };
    TestCase null_column;
    null_column.intermediate = "SELECT NULL AS vc_0 FROM t0 AS s0";
    null_column.referencing = "SELECT COALESCE(0.66, q1.vc_0) FROM x AS q1";
    CHECK(entry_for(null_column) == "CREATE TABLE ... SELECT gives ");
    null_column.referencing = "SELECT IFNULL(TIME(MIN('1000-01-01')), q1.vc_1) FROM x AS q1";
    null_column.intermediate = "SELECT NULL AS vc_1 FROM t0 AS s0";
    CHECK(entry_for(null_column) == "CREATE TABLE ... SELECT gives ");
    null_column.intermediate = "SELECT s0.c0 IS NULL AS vc_1 FROM t0 AS s0";
    CHECK(entry_for(null_column).empty());
    TestCase literal;
    literal.intermediate = "SELECT '1970-01-01 00:00:00' AS vc_0 FROM t2 AS s0";
    literal.referencing = "SELECT TIMEDIFF(q1.vc_0, '1000-01-01 00:00:00') FROM x AS q1";
    CHECK(entry_for(literal) == "A string literal's temporal pr");
    literal.intermediate = "SELECT 'abc' AS vc_0 FROM t2 AS s0";
    CHECK(entry_for(literal).empty());
    // Not where the value is no column of I or the first argument is no string.
    CHECK(matched_by("SELECT 1 FROM t0 WHERE MOD(c0 / 2, 1) = 0") == "");
    CHECK(matched_by("SELECT c0 AS vc_0 FROM t0 WHERE c1 = X'7E'") == "");
    CHECK(matched_by("SELECT DATE_ADD(s0.c0, INTERVAL 1 DAY) AS vc_0 FROM t0 AS s0") == "");
}

TEST_CASE("shipped mysql dialect loads and forbids reopening temporary tables", "[catalog]") {
    Dialect d = load_dialect(shipped("mysql"));
    CHECK(d.name == "mysql");
    CHECK(d.driver == "mysql");
    CHECK(d.functions.size() >= 80);
    CHECK(d.has("temp_table_single_reference"));
    CHECK(d.session_init.at(0) == "SET NAMES utf8mb4 COLLATE utf8mb4_0900_bin");
    CHECK(d.create_database.find("utf8mb4_0900_bin") != std::string::npos);
    require_no_nondeterministic_entries(d);
}

TEST_CASE("shipped sqlite dialect loads with its own temporary table spelling", "[catalog]") {
    Dialect d = load_dialect(shipped("sqlite"));
    CHECK(d.name == "sqlite");
    CHECK(d.driver == "sqlite");
    CHECK(d.default_connect == "sqlite::memory:");
    CHECK(d.functions.size() >= 45);
    CHECK(d.has("cte_materialized"));
    CHECK(d.order_tiebreak.empty());
    CHECK(d.representations.at("TEMPT").teardown ==
          std::vector<std::string>{"DROP TABLE IF EXISTS temp.{name}"});
    CHECK(d.nondeterministic.count("RANDOM") == 1);
    require_no_nondeterministic_entries(d);
}

TEST_CASE("types_of returns exactly the types of one family", "[catalog]") {
    Dialect d = load_dialect(shipped("mariadb"));
    auto ints = d.types_of("int");
    REQUIRE(ints.size() >= 4);
    for (const eriq::TypeInfo* t : ints) CHECK(t->family == "int");
    std::size_t total = 0;
    for (const std::string& family : eriq::all_families()) total += d.types_of(family).size();
    CHECK(total == d.types.size());
    // A family the dialect has no type of yields nothing.
    CHECK(load_dialect(shipped("sqlite")).types_of("spatial").empty());
}

TEST_CASE("function names keep their spelling and get an upper case key", "[catalog]") {
    Dialect d = load_dialect(shipped("sqlite"));
    auto it = std::find_if(d.functions.begin(), d.functions.end(),
                           [](const eriq::FunctionSig& f) { return f.name == "abs"; });
    REQUIRE(it != d.functions.end());
    CHECK(it->key == "ABS");
    CHECK(it->args == std::vector<std::string>{"N"});
    CHECK(it->returns == "N");
    CHECK(it->tmpl.empty());
}

TEST_CASE("a function listed as nondeterministic is dropped whatever its case", "[catalog]") {
    TempDialect good("nondeterministic = [\"rand\"]\n" + std::string(kMinimalDialect) +
                     "[[function]]\nname = \"RAND\"\nargs = []\nreturns = \"float\"\n"
                     "[[function]]\nname = \"Abs\"\nargs = [\"N\"]\nreturns = \"N\"\n"
                     "[[aggregate]]\nname = \"Rand\"\nargs = [\"int\"]\nreturns = \"int\"\n");
    Dialect d = load_dialect(good.path());
    REQUIRE(d.functions.size() == 1);
    CHECK(d.functions[0].name == "Abs");
    CHECK(d.functions[0].key == "ABS");
    CHECK(d.aggregates.empty());
    CHECK(d.nondeterministic == std::set<std::string>{"RAND"});
}

TEST_CASE("a TOML syntax error points at the bad character", "[catalog]") {
    TempDialect file(std::string(kMinimalDialect) + "[[function]]\nname = = \"ABS\"\n");
    std::string message = load_error_of(file);
    INFO(message);
    CHECK(starts_with(message, file.path() + ":9:8: "));
}

TEST_CASE("an unknown family points at the family value", "[catalog]") {
    TempDialect file(std::string(kMinimalDialect) +
                     "[[type]]\nname = \"BIGINT\"\nfamily = \"integer\"\nvalues = [\"0\"]\n");
    std::string message = load_error_of(file);
    INFO(message);
    CHECK(starts_with(message, file.path() + ":10:10: unknown family 'integer'"));
}

TEST_CASE("an unknown top level key points at the key", "[catalog]") {
    TempDialect file("\n  colour = \"red\"\n" + std::string(kMinimalDialect));
    std::string message = load_error_of(file);
    INFO(message);
    CHECK(starts_with(message, file.path() + ":2:3: unknown key 'colour'"));
}

TEST_CASE("a template placeholder beyond the arguments points at the template", "[catalog]") {
    TempDialect file(std::string(kMinimalDialect) +
                     "[[function]]\nname = \"+\"\nargs = [\"N\", \"N\"]\nreturns = \"N\"\n"
                     "template = \"({0} + {2})\"\n");
    std::string message = load_error_of(file);
    INFO(message);
    CHECK(starts_with(message, file.path() + ":12:12: template placeholder {2} is out of range"));
}

TEST_CASE("a function without a name points at its table header", "[catalog]") {
    TempDialect file(std::string(kMinimalDialect) +
                     "\n[[function]]\nargs = [\"N\"]\nreturns = \"N\"\n");
    std::string message = load_error_of(file);
    INFO(message);
    CHECK(starts_with(message, file.path() + ":9:1: [[function]] lacks required key 'name'"));
}

TEST_CASE("other malformed entries are rejected at the offending node", "[catalog]") {
    auto error_for = [](const std::string& snippet) {
        return load_error_of(TempDialect(std::string(kMinimalDialect) + snippet));
    };
    CHECK(error_for("[[function]]\nname = \"F\"\nargs = [\"X\"]\nreturns = \"int\"\n")
              .find(":10:9: 'X' is not a family") != std::string::npos);
    CHECK(error_for("[[function]]\nname = \"F\"\nargs = [\"int\"]\nreturns = \"T\"\n")
              .find(":11:11: returns \"T\" but no argument") != std::string::npos);
    CHECK(error_for("[[function]]\nname = \"F\"\nargs = []\nreturns = \"int\"\ncolor = 1\n")
              .find(":12:1: unknown key 'color' in [[function]]") != std::string::npos);
    CHECK(error_for("[capabilities]\nfull_jion = true\n")
              .find(":9:1: unknown capability 'full_jion' (did you mean 'full_join'?)") !=
          std::string::npos);
    CHECK(error_for("[order_tiebreak]\nstring = \"CAST({1} AS BINARY)\"\n")
              .find(":9:10: template placeholder {1}") != std::string::npos);
    CHECK(error_for(
              "[[benign]]\nreason = \"r\"\nquery_regex = \"(\"\nrepresentations = [\"TEMPT\"]\n")
              .find(":10:15: 'query_regex' is not a valid RE2 regex: missing )") !=
          std::string::npos);
    CHECK(error_for("[[type]]\nname = \"D\"\nfamily = \"decimal\"\nvalues = [\"0\"]\n"
                    "random = { kind = \"decimal\", min = 1, max = 2 }\n")
              .find(":12:10: random lacks required key 'scale'") != std::string::npos);
    CHECK(error_for("[[type]]\nname = \"INT\"\nfamily = \"int\"\nvalues = [\"1\"]\n")
              .find(":9:8: type 'INT' is declared twice") != std::string::npos);
}

TEST_CASE("an unknown driver and a missing file are load errors", "[catalog]") {
    TempDialect file("name = \"x\"\ndriver = \"oracle\"\ndefault_connect = \"x\"\n");
    CHECK(starts_with(load_error_of(file), file.path() + ":2:10: unknown driver 'oracle'"));
    const std::string missing = shipped("no_such_dialect");
    CHECK_THROWS_WITH(load_dialect(missing), missing + ":1:1: cannot open dialect file");
}

TEST_CASE("templates fill positional placeholders and keep other braces", "[catalog]") {
    CHECK(eriq::fill_template("({0} + {1})", {"a", "b"}) == "(a + b)");
    CHECK(eriq::fill_template("JSON_SET({0}, '$.b', '{\"k\":1}')", {"c"}) ==
          "JSON_SET(c, '$.b', '{\"k\":1}')");
    CHECK(eriq::fill_template("{1}{1}{0}", {"x", "y"}) == "yyx");
    CHECK_THROWS_AS(eriq::fill_template("{2}", {"x"}), std::out_of_range);
    auto found = eriq::template_placeholders("f({10}, {x}, {3})");
    REQUIRE(found.size() == 2);
    CHECK(found[0].index == 10);
    CHECK(found[0].offset == 2);
    CHECK(found[1].index == 3);
}

TEST_CASE("shipped postgres dialect loads with typed literals and its own spellings", "[catalog]") {
    Dialect d = load_dialect(shipped("postgres"));
    CHECK(d.name == "postgres");
    CHECK(d.driver == "postgres");
    CHECK(starts_with(d.default_connect, "postgres://"));
    CHECK(d.functions.size() >= 100);
    CHECK(d.aggregates.size() >= 15);
    CHECK_FALSE(d.has("temp_table_single_reference"));
    CHECK(d.has("cte_materialized"));
    CHECK(d.has("full_join"));
    CHECK(d.order_tiebreak.empty());
    CHECK(d.create_database.find("LC_COLLATE 'C'") != std::string::npos);
    CHECK(d.session_init.at(0) == "SET TimeZone = 'UTC'");
    CHECK(d.representations.at("TEMPT").setup ==
          std::vector<std::string>{"CREATE TEMP TABLE {name} AS {I}"});
    CHECK(d.representations.at("TEMPT").teardown ==
          std::vector<std::string>{"DROP TABLE IF EXISTS pg_temp.{name}"});
    for (const char* name : {"RANDOM", "NOW", "CLOCK_TIMESTAMP", "GEN_RANDOM_UUID", "PG_SLEEP"})
        CHECK(d.nondeterministic.count(name) == 1);
    REQUIRE(d.types_of("bool").size() == 1);
    CHECK(d.types_of("bool")[0]->name == "boolean");
    // Untyped '...' literals cannot choose between overloads: temporal and JSON ones are typed.
    for (const char* family : {"temporal", "json"})
        for (const eriq::TypeInfo* type : d.types_of(family)) {
            INFO(type->name);
            CHECK(type->random.kind == "none");
            for (const std::string& value : type->values)
                CHECK((value == "NULL" || starts_with(value, "DATE '") ||
                       starts_with(value, "TIMESTAMP '") || starts_with(value, "TIME '") ||
                       value.ends_with("::jsonb")));
        }
    require_no_nondeterministic_entries(d);
}
