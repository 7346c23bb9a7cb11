#pragma once
// A finding folder (or a case file) loaded with the target it runs on, and the verdict of
// running it again: what `eriq-gen reduce`, `replay` and `replay --ladder` share.
#include <chrono>
#include <filesystem>
#include <memory>
#include <string>

#include "engine/options.hpp"
#include "engine/target.hpp"
#include "exec/backend.hpp"
#include "model/test_case.hpp"
#include "report/finding_record.hpp"

namespace eriq {

struct LoadedFinding {
    std::filesystem::path dir;
    TestCase tc;
    FindingRecord record;  // empty for a case file: any inconsistency then reproduces
    Target target;
    std::unique_ptr<Backend> backend;
    // Asked at once: a case that crashes the server leaves no one to ask.
    std::string server_version;
};

// `path`: a finding folder (its case.toml, finding.toml and choices), or a case file (a
// .toml file, `eriq-gen --case`). `for_reduction`: also load the grammar when the finding
// has the draws that derived it. `server_wait`: how long to wait for a server that answered
// earlier in this command and is being restarted after a fault, before the connection's
// error is thrown.
LoadedFinding load_finding(const std::filesystem::path& path, RunOptions options,
                           bool dialect_given, bool for_reduction = false,
                           std::chrono::milliseconds server_wait = {});

CaseOutcome run_alone(LoadedFinding& f, const TestCase& tc);

// "reproduces", or why not, for the outcome of a replay against the recorded groups;
// *same: it reproduces with the recorded groups (any groups when none are recorded).
std::string replay_verdict(const FindingRecord& record, const CaseOutcome& outcome, bool* same);

// A replay a [[benign]] entry explains, with the groups the finding recorded: the case the
// campaign's [[benign]] rule checks on its reduction (engine/benign_check.hpp).
bool benign_with_recorded_groups(const FindingRecord& record, const CaseOutcome& outcome);

// Replay's side of the campaign's [[benign]] rule: a case that an entry matches reproduces
// when no entry explains its reduction. The reduction is only the check here; `eriq-gen
// reduce` writes it. Returns the verdict, "reproduces: ..." when no entry explains it.
std::string replay_benign_match(LoadedFinding& f, const CaseOutcome& outcome,
                                const std::string& verdict, const RunOptions& options);

}  // namespace eriq
