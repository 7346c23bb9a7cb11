#include "engine/finding_replay.hpp"

#include <fmt/format.h>

#include "engine/benign_check.hpp"
#include "engine/case_file.hpp"
#include "engine/case_file_gate.hpp"
#include "engine/crash_reducer.hpp"
#include "engine/finding_reducer.hpp"
#include "report/choice_record.hpp"
#include "util/load_error.hpp"

namespace eriq {

namespace fs = std::filesystem;

LoadedFinding load_finding(const fs::path& path, RunOptions options, bool dialect_given,
                           bool for_reduction, std::chrono::milliseconds server_wait) {
    LoadedFinding f;
    f.dir = path;
    const bool case_file = fs::is_regular_file(path);
    if (!case_file && !fs::exists(path / "case.toml"))
        throw LoadError(path.string(), 1, 1, "not a finding folder (no case.toml) or case file");
    const std::string case_path = case_file ? path.string() : (path / "case.toml").string();
    const std::string dialect = case_file_dialect(case_path);
    std::optional<ChoiceSequence> choices;
    if (!case_file) choices = read_choices(path);
    if (!dialect_given && !dialect.empty()) options.dialect = dialect;
    if (choices) options.recorded_knobs = choices->knobs;
    f.target = load_target(options, for_reduction && choices && !choices->empty());
    // Read with the lexical rules of the engine that will run it.
    f.tc = load_case_file(case_path, nullptr, f.target.dialect.gate.lexis);
    if (!case_file)
        if (auto record = read_finding_record(path)) f.record = *record;
    if (choices) f.tc.choices = *choices;
    f.tc.dialect = f.target.dialect.name;
    check_case_statements(case_path, f.target.dialect.gate);
    if (server_wait.count() > 0) f.backend = connect_when_back(f.target, server_wait);
    if (!f.backend) f.backend = open_backend(f.target.connection, f.target.backend_options);
    f.server_version = f.backend->server_version();
    return f;
}

CaseOutcome run_alone(LoadedFinding& f, const TestCase& tc) {
    return run_case_alone(*f.backend, f.target.dialect, f.target.rules, tc, "replay");
}

std::string replay_verdict(const FindingRecord& record, const CaseOutcome& outcome, bool* same) {
    *same = false;
    switch (outcome.verdict) {
        case Verdict::Consistent:
            return "does not reproduce: every representation agrees";
        case Verdict::Benign:
            return "does not reproduce: a documented difference (" + outcome.benign_reason + ")";
        case Verdict::Discarded:
            return "does not reproduce: a variant failed (" + outcome.discard_kind + ")";
        case Verdict::ServerFault: {
            // With the server's log read on both runs, the crash must be at the same site.
            const std::string site =
                outcome.crash_frames.empty() ? "" : " in " + outcome.crash_frames.front();
            if (!site.empty() && !record.crash_frames.empty() &&
                record.crash_frames.front() != outcome.crash_frames.front())
                return "the server failed" + site + ", not in " + record.crash_frames.front() +
                       " as recorded";
            *same = record.pattern == "server_fault";
            return *same ? "reproduces: the server fails again" + site + " (" +
                               outcome.discard_kind + ")"
                         : "the server failed" + site + " (" + outcome.discard_kind + ")";
        }
        case Verdict::Inconsistent:
            break;
    }
    if (record.groups.empty() || outcome.classification.groups == record.groups) {
        *same = true;
        return "reproduces: " + outcome.classification.pattern;
    }
    return "reproduces with other groups: " + outcome.classification.pattern + " (recorded " +
           record.pattern + ")";
}

bool benign_with_recorded_groups(const FindingRecord& record, const CaseOutcome& outcome) {
    return outcome.verdict == Verdict::Benign &&
           (record.groups.empty() || outcome.classification.groups == record.groups);
}

std::string replay_benign_match(LoadedFinding& f, const CaseOutcome& outcome,
                                const std::string& verdict, const RunOptions& options) {
    const BenignCheck c =
        check_benign_on_reduced(*f.backend, f.target.dialect, f.target.rules, f.tc, outcome,
                                {options.reduce_tests, options.reduce_time});
    if (c.reduction.fault_case)
        return verdict + "; the server failed (" + c.reduction.fault_outcome.discard_kind +
               ") while its reduction was checked against the entry";
    if (!c.masked) return verdict;
    return "reproduces: " + outcome.classification.pattern +
           " (a [[benign]] entry matched the case but not its reduction: `eriq-gen reduce` "
           "writes it)";
}

}  // namespace eriq
