// Reduction on the generator's own choices: draws recorded and replayed, the choice
// shrinker with synthetic tests, and a real SQLite finding reduced on its choices and on its
// SQL text alone (embedded SQLite).
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <set>

#include "engine/case_runner.hpp"
#include "engine/finding_reducer.hpp"
#include "engine/options.hpp"
#include "engine/target.hpp"
#include "gen/case_generator.hpp"
#include "gen/choice_source.hpp"
#include "gen/rng.hpp"
#include "reduce/choice_shrinker.hpp"
#include "reduce/schema_tables.hpp"
#include "report/choice_record.hpp"
#include "test_files.hpp"

using namespace eriq;

namespace {

struct SqliteTarget {
    Target t;
    std::unique_ptr<Backend> backend;
    SqliteTarget() {
        RunOptions options;
        options.dialect = "sqlite";
        options.dialect_file = test::source("dialects/sqlite.toml");
        options.grammar_file = test::source("grammars/sqlite.toml");
        options.rules_file = test::source("rules/repr.toml");
        t = load_target(options);
        backend = open_backend(t.connection, t.backend_options);
    }
    CaseOutcome run(const TestCase& tc) {
        return run_case_alone(*backend, t.dialect, t.rules, tc, "choice");
    }
};

// Generated cases as a campaign makes them: rounds of a database, intermediates over it,
// several referencing queries per intermediate.
std::vector<TestCase> campaign_cases(const CaseGenerator& gen, std::uint64_t seed, int rounds) {
    std::vector<TestCase> out;
    for (int round = 0; round < rounds; ++round) {
        const std::uint64_t round_seed = mix_seed(seed, static_cast<std::uint64_t>(round));
        const GeneratedDatabase db = gen.database(round_seed);
        for (int k = 0; k < 10; ++k)
            for (TestCase& tc : gen.generate_group(db, round_seed, k, 3))
                out.push_back(std::move(tc));
    }
    return out;
}

ReplayChoices replay_over(const CaseGenerator& gen, const GeneratedDatabase& db) {
    return [&gen, &db](const ChoiceSequence& s) { return gen.replay(db, s, true); };
}

std::size_t query_chars(const TestCase& tc) {
    return tc.intermediate.size() + tc.referencing.size();
}

}  // namespace

TEST_CASE("range draws are kept as distances from the point nearest 0", "[choices]") {
    const std::vector<std::pair<std::int64_t, std::int64_t>> ranges = {
        {1, 3}, {0, 10}, {-5, 5}, {-10, -2}, {-3, 40}, {-40, 3}};
    for (auto [lo, hi] : ranges) {
        std::set<std::uint64_t> codes;
        for (std::int64_t v = lo; v <= hi; ++v) {
            const std::uint64_t u = ChoiceSource::encode_range(v, lo, hi);
            CHECK(ChoiceSource::decode_range(u, lo, hi) == v);
            CHECK(u <= static_cast<std::uint64_t>(hi - lo));
            codes.insert(u);
        }
        CHECK(codes.size() == static_cast<std::size_t>(hi - lo + 1));  // one code per value
        const std::int64_t nearest = std::clamp<std::int64_t>(0, lo, hi);
        CHECK(ChoiceSource::decode_range(0, lo, hi) == nearest);
    }
    CHECK(ChoiceSource::decode_range(1, -5, 5) == 1);
    CHECK(ChoiceSource::decode_range(2, -5, 5) == -1);
    const std::int64_t min = std::numeric_limits<std::int64_t>::min();
    const std::int64_t max = std::numeric_limits<std::int64_t>::max();
    for (std::int64_t v : {min, min + 1, std::int64_t{-1}, std::int64_t{0}, max - 1, max})
        CHECK(ChoiceSource::decode_range(ChoiceSource::encode_range(v, min, max), min, max) == v);
}

TEST_CASE("a replayed draw past its bound is clamped and past the end is 0", "[choices]") {
    const ChoiceValues values = {7, 1, 99};
    ChoiceValues realized;
    ChoiceSource source(values, &realized);
    CHECK(source.below(3) == 2);                      // 7 clamped to 2
    CHECK(source.chance(0.5));                        // 1
    CHECK(source.weighted({1, 0, 1}, nullptr) == 2);  // 99 -> 2
    CHECK(source.range(-4, 4) == 0);                  // past the end: 0, nearest 0
    CHECK(source.weighted({0, 1, 1}, nullptr) == 1);  // 0 has no weight: next rank
    CHECK(realized == ChoiceValues{2, 1, 2, 0, 1});
}

TEST_CASE("replaying a case's recorded draws regenerates byte-identical SQL", "[choices]") {
    for (const char* name : {"sqlite", "mariadb", "postgres"}) {
        const Dialect dialect =
            load_dialect(test::source(std::string("dialects/") + name + ".toml"));
        const dsl::Grammar grammar =
            dsl::load_grammar(test::source(std::string("grammars/") + name + ".toml"));
        CaseGenerator gen(grammar, dialect);
        const std::vector<TestCase> cases = campaign_cases(gen, 11, 8);
        REQUIRE(cases.size() > 100);
        int replayed = 0;
        for (const TestCase& tc : cases) {
            REQUIRE_FALSE(tc.choices.empty());
            // Over the tables read back from the schema SQL, as `eriq-gen reduce` does.
            auto db = tables_of_schema(tc.schema, dialect);
            REQUIRE(db);
            auto r = gen.replay(*db, tc.choices);
            REQUIRE(r);
            CHECK(r->tc.intermediate == tc.intermediate);
            CHECK(r->tc.referencing == tc.referencing);
            CHECK(r->tc.choices == tc.choices);
            CHECK(r->tc.x_references == tc.x_references);
            ++replayed;
        }
        CHECK(replayed == static_cast<int>(cases.size()));
    }
}

TEST_CASE("choices.toml keeps every draw exactly", "[choices]") {
    ChoiceSequence s{{0, 3, 18446744073709551615ULL, 9007199254740991ULL}, {}, {}};
    const auto dir = test::fresh_dir("choices");
    {
        std::ofstream out(dir / "choices.toml");
        out << choices_toml(s);
    }
    auto back = read_choices(dir);
    REQUIRE(back);
    CHECK(*back == s);
    std::filesystem::remove_all(dir);
}

TEST_CASE("shorter sequences are still derivations of the grammar", "[choices]") {
    SqliteTarget target;
    CaseGenerator gen(target.t.grammar, target.t.dialect);
    const std::vector<TestCase> cases = campaign_cases(gen, 3, 3);
    REQUIRE(cases.size() > 50);
    int valid = 0;
    int tried = 0;
    for (std::size_t i = 0; i < cases.size(); i += 3) {
        const TestCase& tc = cases[i];
        auto db = tables_of_schema(tc.schema, target.t.dialect);
        REQUIRE(db);
        // Every draw after the first few is 0: the rest of the derivation is the smallest.
        ChoiceSequence cut = tc.choices;
        cut.intermediate.resize(std::min<std::size_t>(cut.intermediate.size(), 6));
        cut.referencing.resize(std::min<std::size_t>(cut.referencing.size(), 4));
        auto r = gen.replay(*db, cut);
        REQUIRE(r);
        CHECK(r->tc.intermediate.size() <= tc.intermediate.size() + 40);
        TestCase c = tc;
        c.intermediate = r->tc.intermediate;
        c.referencing = r->tc.referencing;
        c.x_references = r->tc.x_references;
        ++tried;
        if (target.run(c).verdict != Verdict::Discarded) ++valid;
    }
    CHECK(valid >= tried * 9 / 10);
    ChoiceSequence none;
    auto smallest = gen.replay(*tables_of_schema(cases.front().schema, target.t.dialect), none);
    REQUIRE(smallest);
    INFO(smallest->tc.intermediate << " | " << smallest->tc.referencing);
    CHECK(smallest->tc.intermediate.size() < 60);
    CHECK(smallest->tc.referencing.size() < 40);
}

TEST_CASE("shrinking the choices keeps what a synthetic test asks for", "[choices]") {
    SqliteTarget target;
    CaseGenerator gen(target.t.grammar, target.t.dialect);
    const std::vector<TestCase> cases = campaign_cases(gen, 5, 20);
    // Runs on SQLite without an error: the shrunk SQL is valid there.
    auto valid = [&](const TestCase& c) { return target.run(c).verdict != Verdict::Discarded; };

    SECTION("I still joins two tables") {
        auto it = std::find_if(cases.begin(), cases.end(), [&](const TestCase& tc) {
            return tc.intermediate.size() > 250 &&
                   tc.intermediate.find(" JOIN ") != std::string::npos && valid(tc);
        });
        REQUIRE(it != cases.end());
        auto db = tables_of_schema(it->schema, target.t.dialect);
        REQUIRE(db);
        auto interesting = [&](const TestCase& c) {
            return c.intermediate.find(" JOIN ") != std::string::npos && valid(c);
        };
        ReductionStats stats;
        TestCase out = shrink_choices(*it, replay_over(gen, *db), interesting,
                                      {3000, std::chrono::seconds(60)}, &stats);
        INFO(it->intermediate << "\n  -> " << out.intermediate << " | " << out.referencing);
        CHECK(interesting(out));
        CHECK(out.intermediate.size() * 3 < it->intermediate.size());
        CHECK(out.intermediate.size() < 110);
        CHECK(query_chars(out) * 3 < query_chars(*it));
        auto again = gen.replay(*db, out.choices);  // the result is still a derivation
        REQUIRE(again);
        CHECK(again->tc.intermediate == out.intermediate);
        CHECK(again->tc.referencing == out.referencing);
        CHECK(stats.accepted > 0);
    }

    SECTION("Q still references x twice") {
        auto it = std::find_if(cases.begin(), cases.end(), [&](const TestCase& tc) {
            return tc.x_references >= 2 && tc.referencing.size() > 200 && valid(tc);
        });
        REQUIRE(it != cases.end());
        auto db = tables_of_schema(it->schema, target.t.dialect);
        REQUIRE(db);
        auto interesting = [&](const TestCase& c) { return c.x_references >= 2 && valid(c); };
        TestCase out = shrink_choices(*it, replay_over(gen, *db), interesting,
                                      {3000, std::chrono::seconds(60)});
        INFO(it->referencing << "\n  -> " << out.intermediate << " | " << out.referencing);
        CHECK(interesting(out));
        CHECK(out.referencing.size() * 3 < it->referencing.size());
        CHECK(out.referencing.size() < 110);
    }
}

TEST_CASE("draws that do not derive the case leave it as it is", "[choices]") {
    SqliteTarget target;
    CaseGenerator gen(target.t.grammar, target.t.dialect);
    TestCase tc = campaign_cases(gen, 5, 1).front();
    auto db = tables_of_schema(tc.schema, target.t.dialect);
    REQUIRE(db);
    tc.intermediate += " ";  // edited by hand after generation
    int tests = 0;
    TestCase out = shrink_choices(tc, replay_over(gen, *db),
                                  [&](const TestCase&) {
                                      ++tests;
                                      return true;
                                  },
                                  {});
    CHECK(tests == 0);
    CHECK(out.intermediate == tc.intermediate);
}

// SQLite 3.40.1's flattener bug (tests/data/cases/sqlite_right_join_union_exists.toml: a
// UNION ALL arm with a RIGHT or FULL JOIN), as the seed-1 campaign finds it.
TEST_CASE("a real SQLite finding reduces on its choices about as far as on its text", "[choices]") {
    SqliteTarget target;
    CaseGenerator gen(target.t.grammar, target.t.dialect);
    std::optional<TestCase> found;
    CaseOutcome original;
    for (int round = 0; round < 400 && !found; ++round) {
        const std::uint64_t round_seed = mix_seed(1, static_cast<std::uint64_t>(round));
        const GeneratedDatabase db = gen.database(round_seed);
        for (int k = 0; k < 10 && !found; ++k)
            for (const TestCase& tc : gen.generate_group(db, round_seed, k, 3)) {
                const bool outer = tc.intermediate.find("RIGHT JOIN") != std::string::npos ||
                                   tc.intermediate.find("FULL JOIN") != std::string::npos;
                if (!outer || tc.intermediate.find("UNION ALL") == std::string::npos) continue;
                CaseOutcome outcome = target.run(tc);
                if (outcome.verdict != Verdict::Inconsistent) continue;
                found = tc;
                original = outcome;
                break;
            }
    }
    REQUIRE(found);
    const ReductionBudget budget{3000, std::chrono::seconds(60)};
    TestCase text_only = *found;
    text_only.choices = {};
    FindingReduction by_text = reduce_finding(*target.backend, target.t.dialect, target.t.rules,
                                              text_only, original, budget);
    FindingReduction by_choices = reduce_finding(*target.backend, target.t.dialect, target.t.rules,
                                                 *found, original, budget, {}, &gen);
    INFO("text:    " << by_text.reduced.intermediate << " | " << by_text.reduced.referencing);
    INFO("choices: " << by_choices.reduced.intermediate << " | " << by_choices.reduced.referencing);
    CHECK_FALSE(by_text.on_choices);
    CHECK(by_choices.on_choices);
    CHECK(same_finding(original, by_text.outcome));
    CHECK(same_finding(original, by_choices.outcome));
    CHECK(by_choices.outcome.classification.groups == original.classification.groups);
    CHECK(case_statements(by_choices.reduced) <= case_statements(by_text.reduced));
    // Both end in a local minimum of the text passes, from different starts: the choice-based
    // one may keep a few more characters (a column reference where the text passes reached a
    // bare NULL), never many.
    CHECK(query_chars(by_choices.reduced) * 20 <= query_chars(by_text.reduced) * 21);
    CHECK(by_choices.reduced.intermediate.find("UNION ALL") != std::string::npos);
    CHECK(by_choices.reduced.intermediate.find(" JOIN ") != std::string::npos);
}

// A campaign's --weight changes which alternatives a draw can pick, so a finding's draws
// replay to its I and Q only under the knob values they were drawn under, which choices.toml
// records and `eriq-gen reduce` sets again (RunOptions::recorded_knobs).
TEST_CASE("recorded knob values make a finding's draws replay under another command line",
          "[choices]") {
    const Dialect dialect = load_dialect(test::source("dialects/mariadb.toml"));
    dsl::Grammar campaign_grammar = dsl::load_grammar(test::source("grammars/mariadb.toml"));
    dsl::override_knob(campaign_grammar, "family_spatial", 0);
    CaseGenerator campaign(campaign_grammar, dialect);
    const std::vector<TestCase> cases = campaign_cases(campaign, 21, 6);
    REQUIRE(cases.size() > 100);
    REQUIRE(cases.front().choices.knobs.at("family_spatial") == 0);

    // choices.toml keeps the knobs.
    const auto dir = test::fresh_dir("choices-knobs");
    {
        std::ofstream out(dir / "choices.toml");
        out << choices_toml(cases.front().choices);
    }
    auto back = read_choices(dir);
    REQUIRE(back);
    CHECK(*back == cases.front().choices);
    std::filesystem::remove_all(dir);

    // `eriq-gen reduce` without --weight: the grammar as load_target gives it, with and
    // without the finding's recorded knobs.
    RunOptions options;
    options.dialect = "mariadb";
    options.dialect_file = test::source("dialects/mariadb.toml");
    options.grammar_file = test::source("grammars/mariadb.toml");
    options.rules_file = test::source("rules/repr.toml");
    options.connect = "mysql://eriq@127.0.0.1:1/eriq_unused";
    const Target plain = load_target(options);
    options.recorded_knobs = cases.front().choices.knobs;
    const Target recorded = load_target(options);
    CaseGenerator plain_gen(plain.grammar, plain.dialect);
    CaseGenerator recorded_gen(recorded.grammar, recorded.dialect);
    int differ_plain = 0;
    for (const TestCase& tc : cases) {
        auto db = tables_of_schema(tc.schema, dialect);
        REQUIRE(db);
        auto again = recorded_gen.replay(*db, tc.choices);
        REQUIRE(again);
        CHECK(again->tc.intermediate == tc.intermediate);
        CHECK(again->tc.referencing == tc.referencing);
        auto other = plain_gen.replay(*db, tc.choices);
        if (!other || other->tc.intermediate != tc.intermediate ||
            other->tc.referencing != tc.referencing)
            ++differ_plain;
    }
    // Without them, some draws derive other queries (what `eriq-gen reduce` saw before).
    CHECK(differ_plain > 0);
}
