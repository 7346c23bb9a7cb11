#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "catalog/dialect.hpp"
#include "dsl/grammar.hpp"
#include "dsl/parse.hpp"
#include "gen/case_generator.hpp"
#include "test_files.hpp"
#include "util/load_error.hpp"

using namespace eriq;

namespace {

std::string source(const std::string& rel) {
    return std::string(ERIQ_SOURCE_DIR) + "/" + rel;
}

// Writes `text` to a fresh temporary file and returns its path.
std::string temp_file(const std::string& name, const std::string& text) {
    static const auto dir = eriq::test::fresh_dir("dsl");
    auto path = (dir / name).string();
    std::ofstream(path) << text;
    return path;
}

std::string load_error_of(const std::string& path) {
    try {
        dsl::load_grammar(path);
    } catch (const LoadError& e) {
        return e.what();
    }
    return "no error";
}

std::string check_error_of(const std::string& path, const Dialect& d) {
    try {
        auto g = dsl::load_grammar(path);
        check_grammar(g, d);
    } catch (const LoadError& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

TEST_CASE("every shipped grammar parses and passes the checks", "[dsl]") {
    for (const char* name : {"sqlite", "mariadb", "mysql"}) {
        INFO(name);
        Dialect d = load_dialect(source(std::string("dialects/") + name + ".toml"));
        dsl::Grammar g = dsl::load_grammar(source(std::string("grammars/") + name + ".toml"));
        CHECK(g.dialect == name);
        CHECK(g.find("intermediate") != nullptr);
        CHECK(g.find("referencing") != nullptr);
        CHECK(g.productions.size() > 15);
        CHECK_NOTHROW(check_grammar(g, d));
    }
}

TEST_CASE("the DSL parses weights, knobs, optionals, repetition and built-ins", "[dsl]") {
    auto p = dsl::parse_production("demo",
                                   "3 : SELECT ^<expr:int> [0.25 DISTINCT] | union : @func(expr) "
                                   "<!sub:T>{1,3 \", \"} [knob: x]",
                                   "demo.toml", {10, 5});
    REQUIRE(p.alternatives.size() == 2);
    const auto& a = p.alternatives[0];
    CHECK(a.weight.value == 3);
    REQUIRE(a.items.size() == 3);
    CHECK(a.items[0].text == "SELECT");
    CHECK(a.items[1].kind == dsl::ItemKind::NonTerminal);
    CHECK(a.items[1].text == "expr");
    CHECK(a.items[1].family == "int");
    CHECK(a.items[1].generate_first);
    CHECK(a.items[2].kind == dsl::ItemKind::Optional);
    CHECK(a.items[2].probability.value == 0.25);
    const auto& b = p.alternatives[1];
    CHECK(b.weight.knob == "union");
    REQUIRE(b.items.size() == 3);
    CHECK(b.items[0].kind == dsl::ItemKind::Builtin);
    CHECK(b.items[0].args == std::vector<std::string>{"expr"});
    CHECK(b.items[1].new_query);
    CHECK(b.items[1].family == "T");
    CHECK(b.items[1].repeat_min == 1);
    CHECK(b.items[1].repeat_max == 3);
    CHECK(b.items[1].separator == ", ");
    CHECK(b.items[2].probability.knob == "knob");
    // Positions map into the file: line 10, the text starting at column 5.
    CHECK(a.items[0].pos.line == 10);
    CHECK(a.items[0].pos.column == 9);
}

TEST_CASE("malformed DSL text reports file line and column", "[dsl]") {
    // Line 3 holds the production; the text starts after  x = '  (column 6).
    auto path = temp_file("unclosed.toml",
                          "[knobs]\n[productions]\nx = 'SELECT <expr'\n"
                          "intermediate = 'a'\nreferencing = 'b'\n");
    CHECK(load_error_of(path) ==
          path + ":3:18: in production 'x': expected '>' to close the reference");

    path =
        temp_file("stray.toml", "[productions]\nintermediate = '''\n  SELECT 1\n  | a ] b\n'''\n");
    CHECK(load_error_of(path) ==
          path +
              ":4:7: in production 'intermediate': unexpected character (write DSL characters "
              "< > [ ] { } | @ ^ inside quotes)");

    path = temp_file("repeat.toml", "[productions]\nx = '<a>{1 2}'\n");
    CHECK(load_error_of(path) == path + ":2:12: in production 'x': expected ',' in '{min,max}'");

    path = temp_file("syntax.toml", "[productions\nx = 'a'\n");
    CHECK(load_error_of(path).rfind(path + ":1:", 0) == 0);

    path = temp_file("unknown_key.toml", "dialect = 'x'\nweights = 3\n");
    CHECK(load_error_of(path) == path +
                                     ":2:1: unknown key 'weights' (expected dialect, include, "
                                     "scoped, knobs, productions, literals, requires)");
}

TEST_CASE("grammar checks name the unknown production, built-in, knob or family", "[dsl]") {
    Dialect d = load_dialect(source("dialects/sqlite.toml"));
    const std::string entries = "referencing = 'SELECT * FROM ^@x'\n";
    auto path =
        temp_file("unknown_prod.toml",
                  "[productions]\n" + entries + "intermediate = 'SELECT <nothing_here> AS vc_0'\n");
    CHECK(check_error_of(path, d) == path + ":3:24: unknown production 'nothing_here'");

    path = temp_file("unknown_builtin.toml",
                     "[productions]\n" + entries + "intermediate = 'SELECT @bogus'\n");
    CHECK(check_error_of(path, d) == path + ":3:24: unknown built-in '@bogus'");

    path = temp_file("unknown_knob.toml",
                     "[productions]\n" + entries + "intermediate = 'nope : SELECT 1'\n");
    CHECK(check_error_of(path, d) ==
          path + ":3:17: unknown knob 'nope'; knobs are declared under [knobs]");

    path = temp_file("unknown_family.toml", "[productions]\n" + entries +
                                                "intermediate = 'SELECT <intermediate:money>'\n");
    CHECK(check_error_of(path, d) == path + ":3:24: unknown type family 'money'");

    path = temp_file("nondet.toml",
                     "[productions]\n" + entries + "intermediate = 'SELECT random() AS vc_0'\n");
    CHECK(check_error_of(path, d) == path +
                                         ":3:24: 'random' is nondeterministic in dialect sqlite "
                                         "and may not appear in a grammar");
}

TEST_CASE("knob overrides are validated", "[dsl]") {
    dsl::Grammar g = dsl::load_grammar(source("grammars/sqlite.toml"));
    dsl::override_knob(g, "union", 0);
    CHECK(g.knob("union", 1) == 0);
    CHECK_THROWS_WITH(dsl::override_knob(g, "no_such_knob", 1),
                      Catch::Contains("unknown knob 'no_such_knob'"));
    auto path = temp_file("weights.toml", "union = 7\nbogus = 1\n");
    CHECK_THROWS_WITH(dsl::override_knobs_from_file(g, path),
                      Catch::Contains(path + ":2:1: unknown knob 'bogus'"));
}

TEST_CASE("the postgres grammar keeps boolean expressions within the depth budget", "[dsl]") {
    Dialect d = load_dialect(source("dialects/postgres.toml"));
    dsl::Grammar g = dsl::load_grammar(source("grammars/postgres.toml"));
    CHECK(g.dialect == "postgres");
    CHECK_NOTHROW(check_grammar(g, d));
    // Mostly boolean columns: comparisons over booleans then nest predicates as deep as
    // expr_bool allows, which must still end at a column or literal.
    dsl::override_knob(g, "family_bool", 30);
    CaseGenerator gen(g, d);
    int produced = 0;
    std::size_t longest = 0;
    for (std::uint64_t round = 0; round < 30; ++round) {
        GeneratedDatabase db = gen.database(round);
        for (int k = 0; k < 10; ++k) {
            auto tc = gen.generate(db, round, k);
            if (!tc) continue;
            ++produced;
            longest = std::max(longest, tc->intermediate.size() + tc->referencing.size());
        }
    }
    CHECK(produced >= 250);
    CHECK(longest < 100000);
}
