// Rule soundness (issue 13 point 3): every shipped representation, with each dialect's template
// overrides, is shown to be a faithful embedding of I into Q; broken rules are refused, and
// load with a warning when marked unverified.
#include <cstdio>
#include <filesystem>
#include <fstream>

#include <unistd.h>

#include <fmt/format.h>
#include <catch2/catch.hpp>

#include "engine/rule_soundness_gate.hpp"
#include "test_files.hpp"
#include "util/load_error.hpp"
#include "verify/rule_soundness.hpp"

using eriq::verify::check_representation;

TEST_CASE("every shipped representation is sound on every dialect", "[verify][rules]") {
    const eriq::RuleSet rules = eriq::load_rules(eriq::test::source("rules/repr.toml"));
    for (const char* name :
         {"sqlite", "duckdb", "mariadb", "mysql", "postgres", "tidb", "oceanbase"}) {
        const eriq::Dialect d =
            eriq::load_dialect(eriq::test::source(std::string("dialects/") + name + ".toml"));
        for (const eriq::Representation& rep : eriq::representations_for(rules, d)) {
            INFO(name << " " << rep.name);
            const auto r = check_representation({rep.name, rep.setup, rep.x, rep.query});
            CHECK(r.reason == "");
            CHECK(r.sound);
        }
    }
}

TEST_CASE("broken representations are not shown sound", "[verify][rules]") {
    using T = eriq::verify::RepresentationTemplates;
    const T broken[] = {
        {"CTE", {}, "{name}", "WITH {name} AS (SELECT * FROM ({I}) AS w WHERE 1=0) {Q}"},
        {"CTE", {}, "{name}", "WITH {name} AS (SELECT DISTINCT * FROM ({I}) AS w) {Q}"},
        {"VIEW", {"CREATE VIEW {name} AS SELECT DISTINCT * FROM ({I}) AS w"}, "{name}", "{Q}"},
        {"TEMPT", {"CREATE TEMP TABLE {name} AS {I}", "DELETE FROM {name}"}, "{name}", "{Q}"},
        {"DERIVED", {}, "(SELECT w.* FROM ({I}) AS w JOIN u AS v ON 1=1)", "{Q}"},
        {"DERIVED", {}, "({I} UNION ALL {I})", "{Q}"},
        {"CTE_MAT", {}, "{name}", "WITH {name} AS MATERIALIZED ({I}) {Q} LIMIT 1"},
    };
    for (const T& rep : broken) {
        INFO(rep.query << " / " << rep.x);
        const auto r = check_representation(rep);
        CHECK_FALSE(r.sound);
        CHECK_FALSE(r.reason.empty());
    }
}

TEST_CASE("a broken rule is refused, and loads with a warning when unverified", "[verify][rules]") {
    eriq::RuleSet rules = eriq::load_rules(eriq::test::source("rules/repr.toml"));
    const eriq::Dialect d = eriq::load_dialect(eriq::test::source("dialects/sqlite.toml"));
    for (eriq::Representation& rep : rules.representations)
        if (rep.name == "CTE") rep.query = "WITH {name} AS (SELECT DISTINCT * FROM ({I}) AS w) {Q}";
    std::FILE* sink = std::tmpfile();
    try {
        eriq::check_rule_soundness(rules, d, sink);
        FAIL("the broken CTE was accepted");
    } catch (const eriq::LoadError& e) {
        const std::string what = e.what();
        CHECK(what.find("repr.toml:") != std::string::npos);
        CHECK(what.find("representation 'CTE'") != std::string::npos);
        CHECK(what.find("unverified = true") != std::string::npos);
    }
    for (eriq::Representation& rep : rules.representations)
        if (rep.name == "CTE") rep.unverified = true;
    CHECK_NOTHROW(eriq::check_rule_soundness(rules, d, sink));
    CHECK(std::ftell(sink) > 0);  // the warning was written
    std::fclose(sink);
}

TEST_CASE("proofs are remembered per rule text, and a changed rule is proved again",
          "[verify][rules]") {
    namespace fs = std::filesystem;
    const fs::path folder = fs::temp_directory_path() / fmt::format("eriq-soundness-{}", getpid());
    fs::remove_all(folder);
    const eriq::SoundnessCache cache(folder);
    eriq::RuleSet rules = eriq::load_rules(eriq::test::source("rules/repr.toml"));
    const eriq::Dialect d = eriq::load_dialect(eriq::test::source("dialects/sqlite.toml"));
    const int count = static_cast<int>(eriq::representations_for(rules, d).size());
    std::FILE* sink = std::tmpfile();

    const auto first = eriq::check_rule_soundness(rules, d, sink, cache);
    CHECK(first.proved == count);
    CHECK(first.remembered == 0);
    const auto second = eriq::check_rule_soundness(rules, d, sink, cache);
    CHECK(second.proved == 0);
    CHECK(second.remembered == count);
    // Without a folder nothing is remembered.
    CHECK(eriq::check_rule_soundness(rules, d, sink).remembered == 0);

    // An entry that does not hold the whole key is not trusted.
    int entries = 0;
    for (const auto& e : fs::directory_iterator(folder)) {
        std::ofstream(e.path(), std::ios::trunc) << "proved sound\n";
        ++entries;
    }
    CHECK(entries == count);
    CHECK(eriq::check_rule_soundness(rules, d, sink, cache).proved == count);

    // A broken rule has another key: the remembered proofs do not let it in.
    for (eriq::Representation& rep : rules.representations)
        if (rep.name == "CTE") rep.query = "WITH {name} AS (SELECT DISTINCT * FROM ({I}) AS w) {Q}";
    CHECK_THROWS_AS(eriq::check_rule_soundness(rules, d, sink, cache), eriq::LoadError);
    std::fclose(sink);
    fs::remove_all(folder);
}
