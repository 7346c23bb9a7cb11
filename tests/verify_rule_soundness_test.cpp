// Rule soundness (issue 13 point 3): every shipped representation, with each dialect's template
// overrides, is shown to be a faithful embedding of I into Q; broken rules are refused, and
// load with a warning when marked unverified.
#include <cstdio>

#include <catch2/catch.hpp>

#include "engine/rule_soundness_gate.hpp"
#include "test_files.hpp"
#include "util/load_error.hpp"
#include "verify/rule_soundness.hpp"

using eriq::verify::check_representation;

TEST_CASE("every shipped representation is sound on every dialect", "[verify][rules]") {
    const eriq::RuleSet rules = eriq::load_rules(eriq::test::source("rules/repr.toml"));
    for (const char* name : {"sqlite", "mariadb", "mysql", "postgres", "tidb", "oceanbase"}) {
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
