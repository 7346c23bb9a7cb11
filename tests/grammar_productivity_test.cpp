#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>

#include "catalog/dialect.hpp"
#include "dsl/grammar.hpp"
#include "dsl/knob_limits.hpp"
#include "gen/case_generator.hpp"
#include "test_files.hpp"
#include "util/load_error.hpp"

using namespace eriq;

namespace {

// A grammar file that includes the shipped common.toml and adds `text`.
std::string grammar_file(const std::string& text) {
    auto path = test::fresh_dir("productivity") / "grammar.toml";
    std::ofstream(path) << "include = [\"" << test::source("grammars/common.toml") << "\"]\n"
                        << text;
    return path.string();
}

std::string check_error(const dsl::Grammar& g) {
    static const Dialect d = load_dialect(test::source("dialects/sqlite.toml"));
    try {
        check_grammar(g, d);
    } catch (const LoadError& e) {
        return e.what();
    }
    return "no error";
}

std::string check_error(const std::string& path) {
    return check_error(dsl::load_grammar(path));
}

}  // namespace

TEST_CASE("the shipped grammars are productive", "[productivity]") {
    for (const char* name : {"sqlite", "mariadb", "mysql", "postgres", "tidb", "oceanbase"}) {
        INFO(name);
        Dialect d = load_dialect(test::source(std::string("dialects/") + name + ".toml"));
        auto g = dsl::load_grammar(test::source(std::string("grammars/") + name + ".toml"));
        CHECK_NOTHROW(check_grammar(g, d));
    }
}

TEST_CASE("a production whose alternatives are all weighted 0 is refused", "[productivity]") {
    auto g = dsl::load_grammar(test::source("grammars/sqlite.toml"));
    for (const char* knob : {"plain", "group", "union"}) dsl::override_knob(g, knob, 0);
    const std::string error = check_error(g);
    CHECK(error.find("grammars/common.toml:") != std::string::npos);
    CHECK(error.find("production 'body' has no finite derivation: every alternative has weight 0 "
                     "(knob 'plain' = 0, knob 'group' = 0, knob 'union' = 0)") !=
          std::string::npos);
    // One alternative left is enough.
    dsl::override_knob(g, "plain", 1);
    CHECK(check_error(g) == "no error");
}

TEST_CASE("left recursion without a base case is refused at the production", "[productivity]") {
    auto path = grammar_file("[productions]\nbody = '<body> UNION <select_core>'\n");
    CHECK(check_error(path) ==
          path +
              ":3:9: production 'body' has no finite derivation: left recursion without a base "
              "case: every alternative with a weight above 0 needs a production that has no "
              "finite derivation");
    path = grammar_file("[productions]\nbody = '<body> UNION ALL <select_core> | <select_core>'\n");
    CHECK(check_error(path) == "no error");
}

TEST_CASE("a cycle of productions without a way out is refused", "[productivity]") {
    auto path = grammar_file(
        "[productions]\nbody = 'SELECT 1 AS vc_0 FROM t0 WHERE <loop_a>'\n"
        "loop_a = 'NOT <loop_b>'\nloop_b = '(<loop_a>)'\n");
    CHECK(check_error(path).find("production 'loop_b' has no finite derivation: every alternative "
                                 "with a weight above 0 needs a production that has no finite "
                                 "derivation (a cycle without a base case)") != std::string::npos);
}

TEST_CASE("an entry point deeper than the depth limit is refused", "[productivity]") {
    std::string chain = "[productions]\nbody = '<d1>'\n";
    for (int i = 1; i < 12; ++i) chain += fmt::format("d{} = '<d{}>'\n", i, i + 1);
    chain += "d12 = '<select_core>'\n";
    auto g = dsl::load_grammar(grammar_file(chain));
    CHECK(check_error(g) == "no error");
    dsl::override_knob(g, "max_depth", 2);
    CHECK(check_error(g).find("production 'intermediate' needs a derivation depth of 16, but "
                              "max_depth = 2 stops derivations at depth 8") != std::string::npos);
}

TEST_CASE("empty productions, bad @number ranges and lone type variables are refused",
          "[productivity]") {
    auto path = grammar_file("[productions]\nbody = ''\n");
    CHECK(check_error(path) == path + ":3:9: production 'body' is empty");
    path = grammar_file("[productions]\nbody = '<select_core> | '\n");
    CHECK(check_error(path).find(":3:25: empty alternative") != std::string::npos);
    path = grammar_file("[productions]\nintermediate = '<body> LIMIT @number(5,1)'\n");
    CHECK(check_error(path) == path + ":3:30: @number(5,1): the minimum is above the maximum");
    path = grammar_file(
        "[productions]\nintermediate = '<body> LIMIT @number(1,99999999999999999999)'\n");
    CHECK(check_error(path).find("is not a 64-bit integer") != std::string::npos);
    path = grammar_file("[productions]\nreferencing = 'SELECT * FROM ^@x WHERE <expr:T> = 1'\n");
    CHECK(check_error(path) ==
          path +
              ":3:16: type variable 'T' appears once in this alternative, so nothing shares "
              "its family (write 'any' instead)");
}

TEST_CASE("knob values are finite, capped, whole where counted and ordered", "[knobs]") {
    CHECK(dsl::knob_value_problem("union", NAN) == "knob 'union' must be a finite number");
    CHECK(dsl::knob_value_problem("union", INFINITY) == "knob 'union' must be a finite number");
    CHECK(dsl::knob_value_problem("union", -1) == "knob 'union' must not be negative");
    CHECK(dsl::knob_value_problem("union", 1e308) ==
          "knob 'union' = 1e+308 is above the cap of 1000000");
    CHECK(dsl::knob_value_problem("queries_per_database", 0) ==
          "knob 'queries_per_database' = 0 is out of range: it must be from 1 to 1000");
    CHECK(dsl::knob_value_problem("select_columns_max", 1000000) ==
          "knob 'select_columns_max' = 1000000 is out of range: it must be from 1 to 64");
    CHECK(dsl::knob_value_problem("tables_max", 2.5) ==
          "knob 'tables_max' is a count and must be a whole number, got 2.5");
    CHECK(dsl::knob_value_problem("boundary_share", 2) ==
          "knob 'boundary_share' is a share and must be from 0 to 1, got 2");
    CHECK_FALSE(dsl::knob_value_problem("union", 0));

    auto g = dsl::load_grammar(test::source("grammars/sqlite.toml"));
    dsl::override_knob(g, "tables_min", 4);
    CHECK_NOTHROW(dsl::check_knob_ranges(g));
    dsl::override_knob(g, "tables_max", 3);
    CHECK_THROWS_WITH(dsl::check_knob_ranges(g),
                      "--weight tables_max=3: knob 'tables_min' = 4 is above 'tables_max' = 3");
    CHECK_THROWS_WITH(
        dsl::override_knob(g, "unoin", 0),
        Catch::Contains("unknown knob 'unoin'") && Catch::Contains("(did you mean 'union'?)"));
}

TEST_CASE("a misspelt override in the main grammar file is refused as unused", "[productivity]") {
    auto path = grammar_file("[productions]\nslect_core = 'SELECT 1 AS vc_0 FROM ^@table'\n");
    CHECK(check_error(path) == path +
                                   ":3:15: production 'slect_core' is never used: no entry point "
                                   "(intermediate, referencing, outer_from, "
                                   "correlated_intermediate, placement) reaches it (did you mean "
                                   "'select_core'?)");
    path = grammar_file("[knobs]\nunoin = 0\n");
    CHECK(check_error(path) == path +
                                   ":3:9: knob 'unoin' is never used: no production is weighted "
                                   "by it and the generator does not read it (did you mean "
                                   "'union'?)");
    // Overriding body leaves common.toml's set_arm unused, which is fine.
    path = grammar_file("[productions]\nbody = '<select_core>'\n");
    CHECK(check_error(path) == "no error");
}

TEST_CASE("a referencing query that can never reference x is refused", "[productivity]") {
    auto path =
        grammar_file("[productions]\nreferencing = 'SELECT 1 AS c | 0 : SELECT * FROM ^@x'\n");
    CHECK(check_error(path) == path +
                                   ":3:16: production 'referencing' never reaches @x: no query Q "
                                   "could reference the intermediate result (check the weights "
                                   "of the alternatives that lead to @x)");
    path = grammar_file("[productions]\nreferencing = 'SELECT 1 AS c | SELECT * FROM ^@x'\n");
    CHECK(check_error(path) == "no error");
}
