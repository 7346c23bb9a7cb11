// The verdict rules checked on the repository's own SQLite known bugs, with the hand verdicts
// of their entries (which forms are wrong, from each entry's summary): on the embedded
// library, each bug whose entry says it reproduces on that release gets its de-optimized
// reference measured; the automatic verdict must never be "expected", must name the hand
// verdict's wrong forms whenever it names any, and on 3.40.1 must be "likely bug" for all
// four bugs shown there. Every not_a_bug entry must come out "expected".
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

#include "engine/case_file.hpp"
#include "engine/case_runner.hpp"
#include "engine/deoptimized_reference.hpp"
#include "engine/finding_reducer.hpp"
#include "engine/target.hpp"
#include "model/variant.hpp"
#include "report/group_verdict.hpp"
#include "report/triage.hpp"
#include "test_files.hpp"

using namespace eriq;

namespace {

// Hand verdicts: the forms each known bug makes wrong.
const std::map<std::string, std::set<std::string>> kWrongByHand{
    {"sqlite-right-join-union-all-flattening", {"VIEW", "CTE", "DERIVED"}},
    {"sqlite-left-join-scalar-subquery-null-row", {"VIEW", "CTE", "DERIVED"}},
    {"sqlite-flattened-right-join-on-clause-error", {"VIEW", "DERIVED"}},
    {"sqlite-group-by-trusts-cte-order", {"CTE"}},
    {"sqlite-group-by-over-ordered-subquery-ignores-desc", {"CTE_MAT"}},
    {"sqlite-rowid-seek-real-int64-min", {"VIEW", "CTE", "DERIVED"}},
};

std::set<std::string> base_names(const std::vector<std::string>& names) {
    std::set<std::string> out;
    for (const auto& n : names) out.insert(base_representation(n));
    return out;
}

struct Evaluated {
    std::string version;
    int evaluated = 0, likely = 0, sided = 0;
};

// Checks every known SQLite bug that reproduces on `library` (empty: the default one).
Evaluated check_known_bugs(const std::string& library) {
    RunOptions options;
    options.dialect = "sqlite";
    if (!library.empty()) options.driver_libraries = {library};
    const Target t = load_target(options, false);
    auto backend = open_backend(t.connection, t.backend_options);
    const std::string version = backend->server_version();  // "SQLite 3.40.1"
    int evaluated = 0, likely = 0, sided = 0;
    for (const KnownBug& b : load_known_bugs(test::source("known-bugs"))) {
        if (b.dialect != "sqlite") continue;
        INFO(b.id);
        VerdictEvidence e;
        e.pattern = b.pattern;
        e.known_status = b.status;
        e.known_reason = b.reason;
        if (!b.fixed_in.empty()) e.ladder_range = "fixed in " + b.fixed_in;
        if (b.status == "not_a_bug") {
            CHECK(decide_group_verdict(e).kind == GroupVerdict::Kind::Expected);
            continue;
        }
        REQUIRE(kWrongByHand.count(b.id) == 1);
        const bool here =
            std::any_of(b.reproduces_in.begin(), b.reproduces_in.end(),
                        [&](const std::string& v) { return "SQLite " + v == version; });
        if (!here) continue;
        TestCase tc = load_case_file(test::source(b.case_file), nullptr, t.dialect.gate.lexis);
        tc.dialect = "sqlite";
        const CaseOutcome outcome = run_case_alone(*backend, t.dialect, t.rules, tc, "known");
        REQUIRE(outcome.verdict == Verdict::Inconsistent);
        e.sides = outcome.classification.groups;
        e.deoptimized = measure_deoptimized(*backend, t.dialect, t.rules, tc, e.sides).reference;
        const GroupVerdict v = decide_group_verdict(e);
        INFO(verdict_headline(v) << " because " << v.because);
        // Never "expected" for a bug; "unclear" is allowed (and counted) where the evidence
        // does not decide, a named side must be the hand verdict's.
        CHECK(v.kind != GroupVerdict::Kind::Expected);
        if (v.kind == GroupVerdict::Kind::LikelyBug) ++likely;
        if (!v.wrong.empty()) {
            CHECK(base_names(v.wrong) == kWrongByHand.at(b.id));
            ++sided;
        }
        ++evaluated;
    }
    WARN("known SQLite bugs evaluated on " << version << ": " << evaluated << ", likely bug "
                                           << likely << ", side named for " << sided);
    return {version, evaluated, likely, sided};
}

}  // namespace

TEST_CASE("the verdict rules agree with the hand verdicts of the SQLite known bugs",
          "[verdict][known]") {
    const Evaluated system = check_known_bugs("");
    // 3.40.1, the system library of the test machines, shows four of the six bugs.
    if (system.version == "SQLite 3.40.1") {
        CHECK(system.evaluated == 4);
        CHECK(system.likely == 4);
        CHECK(system.sided >= 3);
    }
    // The newest release (tools/test.sh builds it) shows the bug that is still new.
    if (const char* latest = std::getenv("ERIQ_SQLITE_LATEST")) {
        const Evaluated newest = check_known_bugs(latest);
        CHECK(newest.evaluated >= 1);
    }
}
