// What dialect data decides in generation: D's statements spelled by [ddl] templates, and
// capabilities that remove what needs them (grammar [requires]).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "catalog/dialect.hpp"
#include "dsl/grammar.hpp"
#include "gen/case_generator.hpp"
#include "gen/rng.hpp"
#include "generation_fixture.hpp"
#include "test_files.hpp"
#include "util/load_error.hpp"

using namespace eriq;

namespace {

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

// The shipped dialect `name` with `from` replaced by `to`, loaded from a scratch copy.
Dialect edited_dialect(const std::string& name, const std::string& from, const std::string& to) {
    const auto dir = test::fresh_dir("dialect-data");
    const auto path = dir / (name + ".toml");
    std::ofstream(path) << replaced(test::slurp(test::source("dialects/" + name + ".toml")), from,
                                    to);
    Dialect d = load_dialect(path.string());
    std::filesystem::remove_all(dir);
    return d;
}

// How many of `n` generated cases have `text` in I or Q.
int cases_with(const dsl::Grammar& g, const Dialect& d, const std::string& text, int n) {
    test::Loaded loaded{d, g};
    int count = 0;
    for (const TestCase& tc : test::generate(loaded, 5, n))
        if (tc.intermediate.find(text) != std::string::npos ||
            tc.referencing.find(text) != std::string::npos)
            ++count;
    return count;
}

std::string load_error_of(const std::string& path) {
    try {
        load_dialect(path);
    } catch (const LoadError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("D's statements are spelled by the dialect's [ddl] templates", "[gen][ddl]") {
    const Dialect d = edited_dialect("sqlite", "[capabilities]", R"toml([ddl]
create_table = "CREATE TABLE {table} ({columns}{primary_key}) STRICT"
column_not_null = " NOT NULL ON CONFLICT ABORT"
create_index = "CREATE INDEX IF NOT EXISTS {index} ON {table} ({keys})"
insert = "INSERT OR ABORT INTO {table} VALUES {rows}"
separator = ","

[capabilities])toml");
    const dsl::Grammar g = dsl::load_grammar(test::source("grammars/sqlite.toml"));
    CaseGenerator gen(g, d);
    int tables = 0, indexes = 0, inserts = 0, not_null = 0;
    for (std::uint64_t round = 0; round < 40; ++round) {
        const GeneratedDatabase db = gen.database(mix_seed(3, round));
        for (const std::string& s : db.schema) {
            if (s.rfind("CREATE TABLE", 0) == 0) {
                ++tables;
                CHECK(s.size() > 7);
                CHECK(s.substr(s.size() - 7) == " STRICT");
                // Only the default table_primary_key (", PRIMARY KEY (...)") keeps ", ".
                CHECK(s.substr(0, s.find(", PRIMARY KEY")).find(", ") == std::string::npos);
                not_null += s.find(" NOT NULL ON CONFLICT ABORT") != std::string::npos;
            } else {
                ++indexes;
                CHECK(s.rfind("CREATE INDEX IF NOT EXISTS i_t", 0) == 0);
            }
        }
        // Small tables' INSERT ... VALUES (a big table's is the fill_table template).
        for (const std::string& s : db.rows)
            if (s.find(" VALUES ") != std::string::npos) {
                ++inserts;
                CHECK(s.rfind("INSERT OR ABORT INTO t", 0) == 0);
            }
    }
    CHECK(tables > 40);
    CHECK(indexes > 0);
    CHECK(inserts > 0);
    CHECK(not_null > 0);
}

TEST_CASE("a [ddl] template with an unknown or missing placeholder is a load error", "[ddl]") {
    const auto dir = test::fresh_dir("ddl-bad");
    const std::string base = test::slurp(test::source("dialects/sqlite.toml"));
    const auto path = (dir / "d.toml").string();
    std::ofstream(path) << replaced(base, "[capabilities]",
                                    "[ddl]\ninsert = \"INSERT INTO {tabel} VALUES {rows}\"\n"
                                    "[capabilities]");
    const std::string error = load_error_of(path);
    CHECK(error.find("unknown placeholder {tabel} in [ddl] 'insert' (did you mean '{table}'?)") !=
          std::string::npos);
    std::ofstream(path) << replaced(base, "[capabilities]", "[ddl]\nrow = \"()\"\n[capabilities]");
    CHECK(load_error_of(path).find("[ddl] 'row' must contain {values}") != std::string::npos);
    std::filesystem::remove_all(dir);
}

TEST_CASE("a capability set false removes what needs it from generation", "[gen][capabilities]") {
    const dsl::Grammar g = dsl::load_grammar(test::source("grammars/sqlite.toml"));
    const Dialect sqlite = load_dialect(test::source("dialects/sqlite.toml"));
    constexpr int kCases = 3000;
    // With the capabilities, both appear, so the checks below can fail.
    CHECK(cases_with(g, sqlite, " OVER (", kCases) > 20);
    CHECK(cases_with(g, sqlite, "FULL JOIN", kCases) > 20);
    const Dialect no_window = edited_dialect("sqlite", "window = true", "window = false");
    CHECK(cases_with(g, no_window, " OVER (", kCases) == 0);
    CHECK(cases_with(g, no_window, "FULL JOIN", kCases) > 20);
    const Dialect no_full_join = edited_dialect("sqlite", "full_join = true", "full_join = false");
    CHECK(cases_with(g, no_full_join, "FULL JOIN", kCases) == 0);
    CHECK(cases_with(g, no_full_join, " OVER (", kCases) > 20);
}

TEST_CASE("[requires] naming an unknown capability, knob or production is a load error",
          "[gen][capabilities]") {
    const Dialect d = load_dialect(test::source("dialects/sqlite.toml"));
    const auto dir = test::fresh_dir("requires-bad");
    const auto path = (dir / "g.toml").string();
    auto error_of = [&](const std::string& requires_line) {
        std::ofstream(path) << "dialect = \"sqlite\"\ninclude = [\"" +
                                   test::source("grammars/common.toml") + "\"]\n[requires]\n" +
                                   requires_line + "\n";
        try {
            check_grammar(dsl::load_grammar(path), d);
        } catch (const LoadError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    CHECK(error_of("windows = { knobs = [\"window\"] }") ==
          path +
              ":4:1: [requires] names unknown capability 'windows' (did you mean 'window'?); "
              "known: temp_table_single_reference, cte, cte_materialized, "
              "cte_not_materialized, full_join, right_join, window, json, intersect_except");
    CHECK(error_of("window = { knobs = [\"windw\"] }") ==
          path + ":4:21: [requires.window] names unknown knob 'windw' (did you mean 'window'?)");
    CHECK(error_of("window = { productions = [\"window_exp\"] }") ==
          path +
              ":4:27: [requires.window] names unknown production 'window_exp' (did you mean "
              "'window_expr'?)");
    std::filesystem::remove_all(dir);
}
