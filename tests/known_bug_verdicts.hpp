#pragma once
// The verdict rules checked on the repository's known bugs, with the hand verdicts of their
// entries (which forms are wrong, from each entry's summary): each bug whose entry says it
// reproduces on the library's release gets its de-optimized reference measured; the automatic
// verdict must never be "expected" and must name the hand verdict's wrong forms whenever it
// names any. Every not_a_bug entry must come out "expected". Used by the SQLite unit test and
// the live DuckDB test.
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

namespace eriq::test {

// Hand verdicts: the forms each known bug makes wrong (from the entries' summaries).
inline const std::map<std::string, std::set<std::string>> kWrongByHand{
    {"sqlite-right-join-union-all-flattening", {"VIEW", "CTE", "DERIVED"}},
    {"sqlite-left-join-scalar-subquery-null-row", {"VIEW", "CTE", "DERIVED"}},
    {"sqlite-flattened-right-join-on-clause-error", {"VIEW", "DERIVED"}},
    {"sqlite-group-by-trusts-cte-order", {"CTE"}},
    {"sqlite-group-by-over-ordered-subquery-ignores-desc", {"CTE_MAT"}},
    {"sqlite-rowid-seek-real-int64-min", {"VIEW", "CTE", "DERIVED"}},
    {"duckdb-or-is-distinct-from-all-null-column",
     {"VIEW", "CTE", "DERIVED", "CTE_MAT", "CTE_NOT_MAT"}},
    {"duckdb-correlated-ordered-derived-aggregate-loses-row", {"DERIVED"}},
    {"duckdb-self-joined-subquery-case-on-join-key-returns-other-column",
     {"VIEW", "DERIVED", "CTE_NOT_MAT"}},
    {"duckdb-correlated-cte-in-in-subquery-loses-correlation", {"DERIVED"}},
};

inline std::set<std::string> base_names(const std::vector<std::string>& names) {
    std::set<std::string> out;
    for (const auto& n : names) out.insert(base_representation(n));
    return out;
}

// Whether `version` ("SQLite 3.40.1", "v1.5.6", "DuckDB v1.5.6") names `release` ("1.5.6").
inline bool names_release(const std::string& version, const std::string& release) {
    std::size_t at = 0;
    while ((at = version.find(release, at)) != std::string::npos) {
        const bool starts = at == 0 || version[at - 1] == ' ' || version[at - 1] == 'v';
        const std::size_t end = at + release.size();
        if (starts && (end == version.size() || version[end] == ' ')) return true;
        ++at;
    }
    return false;
}

struct Evaluated {
    std::string version;
    int evaluated = 0, likely = 0, sided = 0;
};

// Checks every known bug of `dialect` that reproduces on `library` (empty: the default one):
// its entry lists the library's release in reproduces_in ("SQLite 3.40.1", "DuckDB v1.5.6").
inline Evaluated check_known_bugs(const std::string& dialect, const std::string& library) {
    RunOptions options;
    options.dialect = dialect;
    if (!library.empty()) options.driver_libraries = {library};
    const Target t = load_target(options, false);
    auto backend = open_backend(t.connection, t.backend_options);
    const std::string version = backend->server_version();  // "SQLite 3.40.1"
    int evaluated = 0, likely = 0, sided = 0;
    for (const KnownBug& b : load_known_bugs(test::source("known-bugs"))) {
        if (b.dialect != dialect) continue;
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
                        [&](const std::string& v) { return names_release(version, v); });
        if (!here) continue;
        TestCase tc = load_case_file(test::source(b.case_file), nullptr, t.dialect.gate.lexis);
        tc.dialect = dialect;
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
    WARN("known " << dialect << " bugs evaluated on " << version << ": " << evaluated
                  << ", likely bug " << likely << ", side named for " << sided);
    return {version, evaluated, likely, sided};
}

}  // namespace eriq::test
