// Structural substitution: placeholders are replaced once, in the template, never inside
// substituted text or SQL literals (a '{Q}' or '{x}' in a case's literal stays as written).
#include <catch2/catch.hpp>

#include "catalog/dialect.hpp"
#include "model/test_case.hpp"
#include "rules/placeholders.hpp"
#include "rules/rule_set.hpp"

using namespace eriq;

TEST_CASE("fill_placeholders never rescans what it put in", "[rules]") {
    CHECK(fill_placeholders(
              "WITH {name} AS ({I}) {Q}",
              {{"name", "v"}, {"I", "SELECT '{Q}' AS vc_0"}, {"Q", "SELECT * FROM v"}}) ==
          "WITH v AS (SELECT '{Q}' AS vc_0) SELECT * FROM v");
    CHECK(fill_placeholders("CREATE VIEW {name} AS {I}", {{"name", "{I}"}, {"I", "{name}"}}) ==
          "CREATE VIEW {I} AS {name}");
    CHECK(fill_placeholders("SELECT '{\"a\":1}' {I", {{"I", "x"}}) == "SELECT '{\"a\":1}' {I");
}

TEST_CASE("replace_x_references skips literals, quoted names and comments", "[rules]") {
    CHECK(replace_x_references("SELECT '{x}', \"{x}\", `{x}` FROM {x} -- {x}\nJOIN {x} /* {x} */",
                               "v", SqlLexis::standard()) ==
          "SELECT '{x}', \"{x}\", `{x}` FROM v -- {x}\nJOIN v /* {x} */");
    CHECK(replace_x_references("SELECT 'it''s {x}' FROM {x}", "v", SqlLexis::standard()) ==
          "SELECT 'it''s {x}' FROM v");
    // MySQL: a backslash escapes the quote; SQLite/PostgreSQL: it is an ordinary character.
    CHECK(replace_x_references("SELECT 'a\\' {x}' FROM {x}", "v", SqlLexis::for_driver("mysql")) ==
          "SELECT 'a\\' {x}' FROM v");
    CHECK(replace_x_references("SELECT 'a\\' FROM {x}", "v", SqlLexis::standard()) ==
          "SELECT 'a\\' FROM v");
}

TEST_CASE("replace_x_references reads literals and comments with the engine's lexis", "[rules]") {
    // MySQL's # comments, PostgreSQL's dollar quotes and nested comments hide a reference.
    CHECK(replace_x_references("SELECT 1 FROM {x} # {x}\n", "v", SqlLexis::for_driver("mysql")) ==
          "SELECT 1 FROM v # {x}\n");
    CHECK(replace_x_references("SELECT $a${x}$a$, 1 FROM {x} /* /* {x} */ {x} */", "v",
                               SqlLexis::for_driver("postgres")) ==
          "SELECT $a${x}$a$, 1 FROM v /* /* {x} */ {x} */");
    // A reference spread over tokens ({, x, }) is still one reference.
    CHECK(replace_x_references("SELECT q.a FROM {x} AS q JOIN {x}", "t", SqlLexis::standard()) ==
          "SELECT q.a FROM t AS q JOIN t");
}

TEST_CASE("instantiate keeps {Q} and {x} inside a case's literals", "[rules]") {
    Representation view;
    view.name = "VIEW";
    view.setup = {"CREATE VIEW {name} AS {I}"};
    view.x = "{name}";
    view.query = "{Q}";
    Representation cte;
    cte.name = "CTE";
    cte.x = "{name}";
    cte.query = "WITH {name} AS ({I}) {Q}";
    Dialect dialect;
    dialect.driver = "sqlite";
    TestCase tc;
    tc.intermediate = "SELECT 'see {Q}' AS vc_0";
    tc.referencing = "SELECT vc_0, '{x}' FROM {x}";
    VariantPlan plan = instantiate({view, cte}, dialect, tc, "t");
    REQUIRE(plan.variants.size() == 2);
    CHECK(plan.variants[0].setup.at(0) == "CREATE VIEW eriq_view_t AS SELECT 'see {Q}' AS vc_0");
    CHECK(plan.variants[0].query == "SELECT vc_0, '{x}' FROM eriq_view_t");
    CHECK(plan.variants[1].query ==
          "WITH eriq_cte_t AS (SELECT 'see {Q}' AS vc_0) SELECT vc_0, '{x}' FROM eriq_cte_t");
}
