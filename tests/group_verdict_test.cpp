// The verdict rules (report/group_verdict.hpp) and how a run of the de-optimized forms is
// read (engine/deoptimized_reference.hpp).
#include <catch2/catch.hpp>

#include <fstream>

#include "engine/deoptimized_reference.hpp"
#include "report/finding_record.hpp"
#include "report/group_verdict.hpp"
#include "test_files.hpp"

using namespace eriq;

namespace {

using Names = std::vector<std::string>;
using State = DeoptimizedReference::State;

const std::vector<Names> kSides{{"VIEW", "CTE", "DERIVED"}, {"TEMPT", "CTE_MAT"}};

VerdictEvidence logic_split(State state, Names agrees = {}, std::string ladder = "") {
    VerdictEvidence e;
    e.pattern = "VIEW=CTE=DERIVED≠TEMPT=CTE_MAT";
    e.sides = kSides;
    e.deoptimized.state = state;
    e.deoptimized.agrees_with = std::move(agrees);
    e.ladder_range = std::move(ladder);
    return e;
}

CaseOutcome run(Verdict verdict, std::vector<Names> groups,
                std::vector<std::pair<std::string, std::string>> errors = {}) {
    CaseOutcome o;
    o.verdict = verdict;
    o.classification.consistent = verdict == Verdict::Consistent;
    o.classification.groups = std::move(groups);
    o.classification.errors = std::move(errors);
    return o;
}

}  // namespace

TEST_CASE("a de-optimized reference and a later release's fix together name the wrong side",
          "[verdict]") {
    const GroupVerdict v = decide_group_verdict(
        logic_split(State::OneResult, {"TEMPT", "CTE_MAT"}, "since 3.40.0, fixed in 3.54.1"));
    CHECK(v.kind == GroupVerdict::Kind::LikelyBug);
    CHECK(v.wrong == Names{"VIEW", "CTE", "DERIVED"});
    CHECK(verdict_headline(v) == "likely bug: VIEW, CTE, DERIVED wrong");
    CHECK(v.because ==
          "with every optimizer setting off, every form gives the result of TEMPT, CTE_MAT, and "
          "a later release changed the result (since 3.40.0, fixed in 3.54.1)");
}

TEST_CASE("a de-optimized reference alone shows a likely bug but names no side", "[verdict]") {
    // The optimizer-free evaluation may be the faulty one (DuckDB's OR IS DISTINCT FROM bug:
    // with the optimizers off the temporary table, which was right, gives the wrong rows too).
    const GroupVerdict v =
        decide_group_verdict(logic_split(State::OneResult, {"TEMPT", "CTE_MAT"}));
    CHECK(v.kind == GroupVerdict::Kind::LikelyBug);
    CHECK(v.wrong.empty());
    CHECK(verdict_headline(v) == "likely bug (side not determined)");
    CHECK(
        v.because.starts_with("with every optimizer setting off, every form gives the result "
                              "of TEMPT, CTE_MAT: the result depends on the optimizer"));
}

TEST_CASE("without a reference that picks a side the verdict stays unclear", "[verdict]") {
    for (State s : {State::NotMeasured, State::NoSettings, State::Split, State::Failed}) {
        const GroupVerdict v = decide_group_verdict(logic_split(s));
        CHECK(v.kind == GroupVerdict::Kind::Unclear);
        CHECK(v.wrong.empty());
    }
    // A reference agreeing with no side, or with forms of both sides, picks none.
    CHECK(decide_group_verdict(logic_split(State::OneResult)).kind == GroupVerdict::Kind::Unclear);
    CHECK(decide_group_verdict(logic_split(State::OneResult, {"VIEW", "TEMPT"})).kind ==
          GroupVerdict::Kind::Unclear);
}

TEST_CASE("a later release that changed the result makes a likely bug, side or not", "[verdict]") {
    const GroupVerdict no_side =
        decide_group_verdict(logic_split(State::Split, {}, "since 3.40.0, fixed in 3.54.1"));
    CHECK(no_side.kind == GroupVerdict::Kind::LikelyBug);
    CHECK(no_side.wrong.empty());
    CHECK(verdict_headline(no_side) == "likely bug (side not determined)");
    const GroupVerdict still = decide_group_verdict(
        logic_split(State::Split, {}, "since 3.53.2, still in 3.54.1 (the newest tried)"));
    CHECK(still.kind == GroupVerdict::Kind::Unclear);
}

TEST_CASE("errors and server faults get no side from the reference, not_a_bug is expected",
          "[verdict]") {
    VerdictEvidence errors = logic_split(State::OneResult, {"TEMPT", "CTE_MAT"});
    errors.pattern = "error_only_in_VIEW+CTE+DERIVED";
    CHECK(decide_group_verdict(errors).kind == GroupVerdict::Kind::Unclear);
    VerdictEvidence listed = logic_split(State::OneResult, {"TEMPT", "CTE_MAT"});
    listed.known_status = "not_a_bug";
    listed.known_reason = "documented";
    const GroupVerdict v = decide_group_verdict(listed);
    CHECK(v.kind == GroupVerdict::Kind::Expected);
    CHECK(v.because == "listed as not a bug: documented");
}

TEST_CASE("the de-optimized forms' run is read against the finding's sides", "[verdict]") {
    const DeoptimizedReference one = read_deoptimized(
        run(Verdict::Inconsistent,
            {{"VIEW", "CTE", "DERIVED"},
             {"TEMPT", "CTE_MAT", "VIEW[deoptimized]", "CTE[deoptimized]", "TEMPT[deoptimized]"}}),
        kSides);
    CHECK(one.state == State::OneResult);
    CHECK(one.agrees_with == Names{"TEMPT", "CTE_MAT"});

    const DeoptimizedReference split =
        read_deoptimized(run(Verdict::Inconsistent,
                             {{"VIEW", "VIEW[deoptimized]"}, {"TEMPT", "TEMPT[deoptimized]"}}),
                         kSides);
    CHECK(split.state == State::Split);
    CHECK(split.split_pattern == "VIEW[deoptimized]≠TEMPT[deoptimized]");

    // A de-optimized form that failed is no reference.
    const DeoptimizedReference failed = read_deoptimized(
        run(Verdict::Inconsistent, {{"VIEW", "CTE"}, {"TEMPT"}, {"VIEW[deoptimized]"}},
            {{"VIEW[deoptimized]", "timeout"}}),
        kSides);
    CHECK(failed.state == State::Failed);

    // The finding did not show again: nothing measured.
    CHECK(
        read_deoptimized(run(Verdict::Consistent, {{"VIEW", "TEMPT", "VIEW[deoptimized]"}}), kSides)
            .state == State::NotMeasured);
}

TEST_CASE("the all-settings-off variant runs every setting's setup", "[verdict]") {
    OptimizerVariant a, b;
    a.name = "a";
    a.setup = {"SET a = off"};
    a.teardown = {"RESET a"};
    a.sqlite_optimizations_off = 0x1;
    b.name = "b";
    b.setup = {"SET b = off"};
    b.teardown = {"RESET b"};
    b.sqlite_optimizations_off = 0x1000;
    b.representations = {"VIEW"};
    const OptimizerVariant all = all_settings_off({a, b});
    CHECK(all.name == "deoptimized");
    CHECK(all.setup == Names{"SET a = off", "SET b = off"});
    CHECK(all.teardown == Names{"RESET b", "RESET a"});
    CHECK(all.sqlite_optimizations_off == 0x1001);
    CHECK(all.representations.empty());
}

TEST_CASE("finding.toml keeps the de-optimized reference and refuses an unknown state",
          "[verdict]") {
    namespace fs = std::filesystem;
    const fs::path dir = test::fresh_dir("deoptimized-record");
    FindingRecord r;
    r.id = "000001-0123456789abcdef";
    r.dialect = "sqlite";
    r.group_signature = "g0123456789ab";
    r.pattern = "VIEW=CTE=DERIVED≠TEMPT=CTE_MAT";
    r.groups = kSides;
    r.evidence.deoptimized.state = State::OneResult;
    r.evidence.deoptimized.agrees_with = {"TEMPT", "CTE_MAT"};
    const std::string text = finding_toml(r);
    {
        std::ofstream out(dir / "finding.toml");
        out << text;
    }
    const auto back = read_finding_record(dir);
    REQUIRE(back);
    CHECK(back->evidence.deoptimized.state == State::OneResult);
    CHECK(back->evidence.deoptimized.agrees_with == Names{"TEMPT", "CTE_MAT"});
    {
        std::ofstream out(dir / "finding.toml");
        std::string bad = text;
        const std::string state = "deoptimized = 'one result'";
        REQUIRE(bad.find(state) != std::string::npos);
        bad.replace(bad.find(state), state.size(), "deoptimized = 'maybe'");
        out << bad;
    }
    CHECK_THROWS_WITH(read_finding_record(dir),
                      Catch::Matchers::Contains("'deoptimized' must be one of"));
}
