#include <catch2/catch.hpp>

#include <fstream>

#include "engine/case_file.hpp"
#include "test_files.hpp"
#include "util/load_error.hpp"

using namespace eriq;

namespace {

std::string case_file(const std::string& text) {
    auto path = test::fresh_dir("case-file") / "case.toml";
    std::ofstream(path) << text;
    return path.string();
}

std::string load_error(const std::string& path) {
    try {
        load_case_file(path, nullptr);
    } catch (const LoadError& e) {
        return e.what();
    }
    return "no error";
}

const std::string kHead =
    "schema = [\"CREATE TABLE t0 (c0 INT, c1 BLOB)\"]\n"
    "rows = [\"INSERT INTO t0 VALUES (1, X'6162')\", \"ANALYZE t0\"]\n";

}  // namespace

TEST_CASE("a case file with blob literals loads and replays x only where it is a table", "[case]") {
    auto path = case_file(kHead +
                          "intermediate = \"SELECT c0 AS vc_0, c1 AS vc_1 FROM t0\"\n"
                          "referencing = \"SELECT vc_0 FROM x WHERE vc_1 = X'6162'\"\n");
    std::string dialect = "unset";
    TestCase tc = load_case_file(path, &dialect);
    CHECK(dialect.empty());
    CHECK(tc.referencing == "SELECT vc_0 FROM {x} AS x WHERE vc_1 = X'6162'");
    CHECK(tc.x_references == 1);
}

TEST_CASE("a case file may not write outside its own setup", "[case]") {
    auto path = case_file(
        "schema = [\"CREATE TABLE t0 (c0 INT)\", \"DROP TABLE t0\"]\n"
        "intermediate = \"SELECT c0 AS vc_0 FROM t0\"\nreferencing = \"SELECT * FROM x\"\n");
    CHECK(load_error(path) ==
          path + ":1:39: 'schema' may only hold CREATE TABLE and CREATE INDEX statements");
    path = case_file(kHead +
                     "intermediate = \"WITH d AS (DELETE FROM t0 RETURNING c0) SELECT c0 AS vc_0 "
                     "FROM d\"\nreferencing = \"SELECT * FROM x\"\n");
    CHECK(load_error(path) == path + ":3:16: 'intermediate' must only read: it contains DELETE");
    path = case_file(kHead +
                     "intermediate = \"SELECT c0 AS vc_0 FROM t0\"\n"
                     "referencing = \"SELECT * FROM x; DROP TABLE t0\"\n");
    CHECK(load_error(path) ==
          path + ":4:15: 'referencing' holds more than one statement (one statement per entry)");
}

// From a MariaDB campaign: reduced cases with TRUNCATE(x, d) or MySQL's INSERT(s, p, n, t)
// were refused, so `eriq-gen reduce` stopped at them.
TEST_CASE("functions named like writing statements are reads", "[case]") {
    auto path = case_file(kHead +
                          "intermediate = \"SELECT TRUNCATE(c0, 1) AS vc_0 FROM t0\"\n"
                          "referencing = \"SELECT INSERT ('abc', 1, 1, 'x') FROM x\"\n");
    TestCase tc = load_case_file(path, nullptr);
    CHECK(tc.intermediate == "SELECT TRUNCATE(c0, 1) AS vc_0 FROM t0");
    path = case_file(kHead +
                     "intermediate = \"SELECT c0 AS vc_0 FROM t0\"\n"
                     "referencing = \"WITH d AS (INSERT INTO t0 VALUES (1) RETURNING c0) "
                     "SELECT * FROM x\"\n");
    CHECK(load_error(path) == path + ":4:15: 'referencing' must only read: it contains INSERT");
}

TEST_CASE("a case file's keys and types are checked", "[case]") {
    auto path = case_file("dialect = 7\n" + kHead +
                          "intermediate = \"SELECT c0 AS vc_0 FROM t0\"\n"
                          "referencing = \"SELECT * FROM x\"\n");
    CHECK(load_error(path) ==
          path + ":1:11: 'dialect' must be a string, e.g. dialect = \"sqlite\"");
    path = case_file(kHead +
                     "intermediate = \"SELECT c0 AS vc_0 FROM t0\"\n"
                     "referencng = \"SELECT * FROM x\"\n");
    CHECK(load_error(path).find(":4:1: unknown key 'referencng' (did you mean 'referencing'?)") !=
          std::string::npos);
}

TEST_CASE("a case file may fix an order, session statements and representations", "[case]") {
    auto path = case_file(kHead +
                          "intermediate = \"SELECT c0 AS vc_0, c1 AS vc_1 FROM t0\"\n"
                          "referencing = \"SELECT vc_0 FROM x ORDER BY vc_0 DESC\"\n"
                          "ordered = true\n"
                          "session = [\"SET SESSION sql_mode = ''\"]\n"
                          "representations = [\"VIEW\", \"VIEW[derived_merge=off]\"]\n");
    TestCase tc = load_case_file(path, nullptr);
    CHECK(tc.ordered);
    CHECK(tc.session == std::vector<std::string>{"SET SESSION sql_mode = ''"});
    CHECK(tc.representations == std::vector<std::string>{"VIEW", "VIEW[derived_merge=off]"});

    const std::string q = "intermediate = \"SELECT c0 AS vc_0 FROM t0\"\n";
    CHECK(
        load_error(case_file(kHead + q + "referencing = \"SELECT vc_0 FROM x\"\nordered = true\n"))
            .find("'ordered' is true but 'referencing' does not end in ORDER BY") !=
        std::string::npos);
    CHECK(load_error(case_file(kHead + q + "referencing = \"SELECT vc_0 FROM {x}\"\n"))
              .find("'referencing' holds a '{'") != std::string::npos);
    CHECK(load_error(case_file(kHead + "intermediate = \"SELECT {I} FROM t0\"\n" +
                               "referencing = \"SELECT vc_0 FROM x\"\n"))
              .find("'intermediate' holds a '{'") != std::string::npos);
    CHECK(load_error(case_file(kHead + q + "referencing = \"SELECT vc_0 FROM x\"\n" +
                               "session = [\"DROP TABLE t0\"]\n"))
              .find("'session' may only hold SET, RESET and PRAGMA statements") != std::string::npos);
    CHECK(load_error(case_file(kHead + q + "referencing = \"SELECT vc_0 FROM x\"\n" +
                               "representations = []\n"))
              .find("'representations' must be a non-empty array") != std::string::npos);
    // A literal '{' inside a string literal is data, not a placeholder.
    CHECK(load_error(
              case_file(kHead + q + "referencing = \"SELECT vc_0 FROM x WHERE '{x}' <> ''\"\n")) ==
          "no error");
}
