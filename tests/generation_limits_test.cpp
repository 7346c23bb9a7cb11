// Grammars the loader accepts cannot make loading or generation slow or unbounded: derivation
// heights are computed in linear time (gen/min_heights.hpp), grammar sizes are limited at load
// (dsl/grammar_limits.hpp), and each derivation has a budget (gen/derivation.hpp) past which it
// is dropped and counted.
#include <catch2/catch.hpp>

#include <chrono>
#include <fstream>
#include <string>

#include "catalog/dialect.hpp"
#include "dsl/grammar.hpp"
#include "gen/case_generator.hpp"
#include "gen/min_heights.hpp"
#include "gen/rng.hpp"
#include "test_files.hpp"
#include "util/load_error.hpp"

using namespace eriq;

namespace {

// A sqlite grammar file that includes the shipped one and adds `text`.
std::string grammar_file(const std::string& text) {
    auto path = test::fresh_dir("generation-limits") / "grammar.toml";
    std::ofstream(path) << "dialect = \"sqlite\"\ninclude = [\""
                        << test::source("grammars/sqlite.toml") << "\"]\n"
                        << text;
    return path.string();
}

std::string load_error(const std::string& path) {
    try {
        dsl::load_grammar(path);
    } catch (const LoadError& e) {
        return e.what();
    }
    return "loaded";
}

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

TEST_CASE("min_heights settles a long chain and leaves cycles without a way out",
          "[generation][limits]") {
    // p0 -> p1 -> ... -> p(n-1) -> text; q <-> r without a base case.
    const int n = 100000;
    std::vector<HeightAlternative> alternatives;
    for (int i = 0; i + 1 < n; ++i) alternatives.push_back({i, {{i + 1}}});
    alternatives.push_back({n - 1, {}});
    alternatives.push_back({n, {{n + 1}}});
    alternatives.push_back({n + 1, {{n}}});
    // s needs p0 and p(n-1), or (cheaper) one of two productions either of which is p(n-1).
    alternatives.push_back({n + 2, {{0}, {n - 1}}});
    alternatives.push_back({n + 2, {{n - 1, n}}});
    const auto start = std::chrono::steady_clock::now();
    const std::vector<int> h = min_heights(n + 3, alternatives);
    CHECK(seconds_since(start) < 2);
    CHECK(h[0] == n - 1);
    CHECK(h[static_cast<std::size_t>(n - 1)] == 0);
    CHECK(h[static_cast<std::size_t>(n)] == kNoDerivation);
    CHECK(h[static_cast<std::size_t>(n + 1)] == kNoDerivation);
    CHECK(h[static_cast<std::size_t>(n + 2)] == 1);
}

TEST_CASE("a chain of 1,800 productions loads and is checked in well under a second",
          "[generation][limits]") {
    std::string text = "[productions]\nintermediate = '<body> [0.5 WHERE <p0> = 1]'\n";
    for (int i = 0; i < 1800; ++i)
        text += "p" + std::to_string(i) + " = '<p" + std::to_string(i + 1) + ">'\n";
    text += "p1800 = '1'\n";
    const Dialect d = load_dialect(test::source("dialects/sqlite.toml"));
    const auto start = std::chrono::steady_clock::now();
    const dsl::Grammar g = dsl::load_grammar(grammar_file(text));
    CaseGenerator gen(g, d);
    CHECK(seconds_since(start) < 3);
}

TEST_CASE("grammar sizes beyond the limits are refused at their position", "[generation][limits]") {
    std::string chain = "[productions]\n";
    for (int i = 0; i < 2100; ++i) chain += "p" + std::to_string(i) + " = '1'\n";
    CHECK_THAT(load_error(grammar_file(chain)),
               Catch::Contains("more than 2000 productions (with the included files)"));
    CHECK_THAT(load_error(grammar_file("[productions]\n" + std::string(1 << 20, 'n') + " = '1'\n")),
               Catch::Contains(":4:1: production name of 1048576 characters is longer than the "
                               "limit of 64"));
    CHECK_THAT(
        load_error(
            grammar_file("[productions]\nbig = '1{100,100 \"" + std::string(5000, 'x') + "\"}'\n")),
        Catch::Contains(":4:18: in production 'big': literal of 5000 bytes is longer than the "
                        "limit of 4096"));
    std::string nested = "[productions]\ndeep = '1 ";
    for (int i = 0; i < 40; ++i) nested += "[0.5 x ";
    for (int i = 0; i < 40; ++i) nested += "]";
    CHECK_THAT(load_error(grammar_file(nested + "'\n")),
               Catch::Contains("optional parts nested deeper than 32"));
    CHECK_THAT(load_error(grammar_file("[productions]\nx = '<" + std::string(100, 'a') + ">'\n")),
               Catch::Contains("production name of 100 characters is longer than the limit"));
}

TEST_CASE("an exponential grammar at max_depth 30 is dropped over budget and counted",
          "[generation][limits]") {
    const dsl::Grammar g =
        dsl::load_grammar(grammar_file("[knobs]\nmax_depth = 30\n[productions]\n"
                                       "intermediate = '<body> [0.9 WHERE <e> = 1]'\n"
                                       "e = '1000000 : (<e> + <e>) | 1 : 1'\n"));
    const Dialect d = load_dialect(test::source("dialects/sqlite.toml"));
    CaseGenerator gen(g, d);
    const auto db = gen.database(7);
    const auto start = std::chrono::steady_clock::now();
    for (int k = 0; k < 3; ++k) gen.generate_group(db, 7, k, 1);
    CHECK(seconds_since(start) < 10);
    CHECK(gen.over_budget() > 0);
}

TEST_CASE("the shipped grammars stay far inside the generation budget", "[generation][limits]") {
    for (const char* name : {"sqlite", "mariadb", "postgres", "duckdb"}) {
        INFO(name);
        const Dialect d = load_dialect(test::source(std::string("dialects/") + name + ".toml"));
        const dsl::Grammar g =
            dsl::load_grammar(test::source(std::string("grammars/") + name + ".toml"));
        CaseGenerator gen(g, d);
        for (int round = 0; round < 5; ++round) {
            const auto seed = mix_seed(11, static_cast<std::uint64_t>(round));
            const auto db = gen.database(seed);
            for (int k = 0; k < 10; ++k) gen.generate_group(db, seed, k, 3);
        }
        CHECK(gen.over_budget() == 0);
    }
}
