// Generation statistics and adaptive weights: a case's recorded features match
// its SQL (rolled-back alternatives leave nothing behind), the counts and the
// JSON report add up, and a campaign lowers the weight of a function that always
// fails, using it less than a campaign with adaptation turned off.
#include <re2/re2.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <unistd.h>

#include "catalog/dialect.hpp"
#include "dsl/grammar.hpp"
#include "engine/campaign.hpp"
#include "gen/case_generator.hpp"
#include "gen/generation_stats.hpp"
#include "gen/grammar_productivity.hpp"
#include "gen/rng.hpp"
#include "test_files.hpp"

using namespace eriq;
using eriq::test::fresh_dir;
using eriq::test::slurp;
using eriq::test::source;

namespace {

std::string lower(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

bool has(const std::vector<int>& ids, int id) {
    return std::binary_search(ids.begin(), ids.end(), id);
}

// The "generated" count of `name` in the `section` object of a --stats report.
long generated_count(const std::string& json, const std::string& name) {
    long count = 0;
    const RE2 re("\"" + RE2::QuoteMeta(name) + "\": \\{\\s*\"generated\": (\\d+)");
    if (!RE2::PartialMatch(json, re, &count)) return -1;
    return count;
}

}  // namespace

TEST_CASE("a case's features name exactly what its SQL contains", "[gen][stats]") {
    for (const char* name : {"sqlite", "mariadb"}) {
        Dialect d = load_dialect(source(std::string("dialects/") + name + ".toml"));
        dsl::Grammar g = dsl::load_grammar(source(std::string("grammars/") + name + ".toml"));
        CaseGenerator gen(g, d);
        const GrammarIndex& index = gen.index();
        std::vector<int> window_productions;
        for (std::size_t i = 0; i < index.production_names.size(); ++i)
            if (index.production_names[i].rfind("window", 0) == 0)
                window_productions.push_back(static_cast<int>(i));
        REQUIRE_FALSE(window_productions.empty());

        int cases = 0, windows = 0, checked_functions = 0;
        for (std::uint64_t round = 0; round < 60; ++round) {
            auto db = gen.database(mix_seed(5, round));
            for (int k = 0; k < 5; ++k)
                for (const auto& tc : gen.generate_group(db, mix_seed(5, round), k, 3)) {
                    ++cases;
                    const std::string sql =
                        lower(tc.intermediate + " " + tc.referencing + " " + tc.outer);
                    const auto& f = tc.features;
                    REQUIRE(std::is_sorted(f.productions.begin(), f.productions.end()));
                    const bool window_used =
                        std::any_of(window_productions.begin(), window_productions.end(),
                                    [&](int id) { return has(f.productions, id); });
                    const bool over = sql.find(" over (") != std::string::npos;
                    INFO(name << ": " << sql);
                    CHECK(window_used == over);
                    if (over) ++windows;
                    for (const auto* list : {&d.functions, &d.aggregates})
                        for (const auto& fn : *list) {
                            if (!fn.tmpl.empty()) continue;
                            const bool in_sql = sql.find(lower(fn.name) + "(") != std::string::npos;
                            if (has(f.functions, index.function_id.at(&fn))) {
                                CHECK(in_sql);
                                ++checked_functions;
                            }
                        }
                }
        }
        CHECK(cases > 500);
        CHECK(windows > 10);
        CHECK(checked_functions > 500);
    }
}

TEST_CASE("generation stats count cases per entry and write the three objects", "[gen][stats]") {
    Dialect d = load_dialect(source("dialects/sqlite.toml"));
    dsl::Grammar g = dsl::load_grammar(source("grammars/sqlite.toml"));
    GrammarIndex index = build_grammar_index(g, d);
    GenerationStats stats(index);
    const int abs_id = static_cast<int>(
        std::find(index.function_names.begin(), index.function_names.end(), "abs") -
        index.function_names.begin());
    REQUIRE(abs_id < static_cast<int>(index.function_names.size()));
    CaseFeatures a{{0, 1}, {abs_id}, {index.family_id("int")}};
    CaseFeatures b{{1}, {}, {index.family_id("int"), index.family_id("string")}};
    stats.record(a, true);
    stats.record(b, false);
    CHECK(stats.production(0).generated == 1);
    CHECK(stats.production(0).invalid == 1);
    CHECK(stats.production(1).generated == 2);
    CHECK(stats.production(1).invalid == 1);
    CHECK(stats.function(abs_id).invalid_share() == 1.0);
    const std::string json = stats.json({});
    for (const char* key : {"\"productions\": {", "\"functions\": {", "\"types\": {",
                            "\"coverage\": {", "\"down_weighted\": []"})
        CHECK(json.find(key) != std::string::npos);
    CHECK(generated_count(json, "abs") == 1);
    CHECK(generated_count(json, "int") == 2);
    CHECK(generated_count(json, "string") == 1);
    CHECK(generated_count(json, "json") == 0);
    // SQLite has no spatial type: the family is not listed, so coverage is over what can appear.
    CHECK(json.find("\"spatial\"") == std::string::npos);
    const std::string text = stats.text({});
    CHECK(text.find("never:") != std::string::npos);
}

TEST_CASE("a function that always fails is down-weighted during a campaign", "[gen][stats]") {
    // A SQLite dialect whose catalogue has a function SQLite does not know.
    const auto dir = fresh_dir("adapt");
    const auto dialect = dir / "sqlite.toml";
    {
        std::ofstream out(dialect);
        out << slurp(source("dialects/sqlite.toml"))
            << "\n[[function]]\nname = \"eriq_no_such_function\"\nargs = [\"int\"]\n"
               "returns = \"int\"\nweight = 4\n";
    }
    auto run = [&](const std::string& tag, double factor) {
        RunOptions o;
        o.dialect = "sqlite";
        o.dialect_file = dialect.string();
        o.grammar_file = source("grammars/sqlite.toml");
        o.rules_file = source("rules/repr.toml");
        o.seed = 31;
        o.max_cases = 1500;
        o.out_dir = (dir / tag).string();
        o.stats_file = (dir / (tag + ".json")).string();
        o.weights = {{"adapt_factor", factor}};
        o.verbosity = 0;
        auto result = execute_campaign(o);
        return std::make_pair(result, slurp(o.stats_file));
    };
    auto [adapted, adapted_json] = run("adapted", 0.2);
    auto [fixed, fixed_json] = run("fixed", 1.0);

    const auto& lowered = adapted.stats.down_weighted;
    CHECK(std::any_of(lowered.begin(), lowered.end(), [](const DownWeight& d) {
        return d.kind == "function" && d.name == "eriq_no_such_function" && d.factor == 0.2;
    }));
    CHECK(fixed.stats.down_weighted.empty());
    CHECK(adapted_json.find("\"name\": \"eriq_no_such_function\"") != std::string::npos);
    CHECK(slurp(dir / "adapted" / "summary.json").find("eriq_no_such_function") !=
          std::string::npos);

    const long used_adapted = generated_count(adapted_json, "eriq_no_such_function");
    const long used_fixed = generated_count(fixed_json, "eriq_no_such_function");
    INFO("uses with adaptation " << used_adapted << ", without " << used_fixed);
    CHECK(used_fixed > 150);
    CHECK(used_adapted < used_fixed * 2 / 3);
    CHECK(adapted.stats.valid > fixed.stats.valid);
}

TEST_CASE("every production of every dialect's grammar is derived in a few thousand cases",
          "[gen][stats]") {
    for (const char* name :
         {"sqlite", "mariadb", "mysql", "postgres", "tidb", "oceanbase", "duckdb"}) {
        Dialect d = load_dialect(source(std::string("dialects/") + name + ".toml"));
        dsl::Grammar g = dsl::load_grammar(source(std::string("grammars/") + name + ".toml"));
        CaseGenerator gen(g, d);
        const GrammarIndex& index = gen.index();
        std::vector<bool> production_seen(index.production_names.size(), false);
        std::vector<bool> function_seen(index.function_names.size(), false);
        for (std::uint64_t round = 0; round < 200; ++round) {
            auto db = gen.database(mix_seed(9, round));
            for (int k = 0; k < 10; ++k)
                for (const auto& tc : gen.generate_group(db, mix_seed(9, round), k, 3)) {
                    for (int id : tc.features.productions)
                        production_seen[static_cast<std::size_t>(id)] = true;
                    for (int id : tc.features.functions)
                        function_seen[static_cast<std::size_t>(id)] = true;
                }
        }
        // Every production the dialect's entry points reach (a grammar whose knob
        // `correlated` is 0 never derives the correlated entry points).
        const auto reachable = reachable_productions(g, false, active_entry_productions(g));
        for (std::size_t i = 0; i < production_seen.size(); ++i) {
            INFO(name << ": production " << index.production_names[i]);
            if (std::find(reachable.begin(), reachable.end(), index.production_names[i]) ==
                reachable.end())
                continue;
            CHECK(production_seen[i]);
        }
        const auto functions = std::count(function_seen.begin(), function_seen.end(), true);
        INFO(name << ": " << functions << " of " << function_seen.size() << " functions");
        CHECK(functions >= static_cast<long>(function_seen.size()) * 95 / 100);
    }
}
