#include <catch2/catch.hpp>

#include "engine/case_file.hpp"
#include "util/sql_tokens.hpp"

using namespace eriq;

TEST_CASE("the x rewrite leaves literals, quoted identifiers and comments alone", "[case]") {
    int refs = 0;
    CHECK(mark_x_references("SELECT X'6162' AS b FROM x", &refs) ==
          "SELECT X'6162' AS b FROM {x} AS x");
    CHECK(refs == 1);
    CHECK(mark_x_references("SELECT x'00ff', 'x', \"x\", `x` FROM x AS q", &refs) ==
          "SELECT x'00ff', 'x', \"x\", `x` FROM {x} AS q");
    CHECK(refs == 1);
    CHECK(mark_x_references("SELECT * FROM x -- x is I\nWHERE 1 /* x */", &refs) ==
          "SELECT * FROM {x} AS x -- x is I\nWHERE 1 /* x */");
    CHECK(refs == 1);
    CHECK(mark_x_references("SELECT 'it''s x' FROM x", &refs) == "SELECT 'it''s x' FROM {x} AS x");
    CHECK(refs == 1);
}

TEST_CASE("the x rewrite finds every table reference x and keeps qualified names", "[case]") {
    int refs = 0;
    CHECK(mark_x_references("SELECT x.vc_0 FROM x JOIN x AS y ON x.vc_0 = y.vc_0 WHERE t.x = 1",
                            &refs) ==
          "SELECT x.vc_0 FROM {x} AS x JOIN {x} AS y ON x.vc_0 = y.vc_0 WHERE t.x = 1");
    CHECK(refs == 2);
    CHECK(mark_x_references("SELECT * FROM X q", &refs) == "SELECT * FROM {x} q");
    CHECK(refs == 1);
    CHECK(mark_x_references("SELECT X'78' FROM t0", &refs) == "SELECT X'78' FROM t0");
    CHECK(refs == 0);
}

TEST_CASE("the scanner keeps every character and classifies tokens", "[case]") {
    const std::string sql = "SELECT N'a', E'b' /* c */ -- d\n\"q\"\"r\" `s`;";
    auto tokens = scan_sql(sql);
    std::string joined;
    for (const auto& t : tokens) joined += t.text;
    CHECK(joined == sql);
    std::vector<SqlTokenKind> significant;
    for (const auto& t : tokens)
        if (t.significant()) significant.push_back(t.kind);
    CHECK(significant ==
          std::vector<SqlTokenKind>{SqlTokenKind::Word, SqlTokenKind::String, SqlTokenKind::Symbol,
                                    SqlTokenKind::String, SqlTokenKind::QuotedIdentifier,
                                    SqlTokenKind::QuotedIdentifier, SqlTokenKind::Symbol});
    CHECK(scan_sql("'open").back().kind == SqlTokenKind::String);
    CHECK(scan_sql("/* open").back().kind == SqlTokenKind::Comment);
}

TEST_CASE("statement words and statement counts ignore literals and comments", "[case]") {
    CHECK(leading_words(scan_sql("  /* c */ create unique index i ON t(c)"), 3) ==
          std::vector<std::string>{"CREATE", "UNIQUE", "INDEX"});
    CHECK(leading_words(scan_sql("((SELECT 1))"), 1) == std::vector<std::string>{"SELECT"});
    CHECK_FALSE(has_several_statements(scan_sql("SELECT ';' FROM t0;  -- end")));
    CHECK(has_several_statements(scan_sql("SELECT 1; DROP TABLE t0")));
}
