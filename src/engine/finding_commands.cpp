#include "engine/finding_commands.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>

#include <fmt/format.h>

#include "engine/benign_check.hpp"
#include "engine/case_file.hpp"
#include "engine/crash_reducer.hpp"
#include "engine/finding_reducer.hpp"
#include "engine/finding_replay.hpp"
#include "engine/predicate_check_setup.hpp"
#include "engine/stop_signals.hpp"
#include "engine/target.hpp"
#include "report/choice_record.hpp"
#include "report/finding_record.hpp"
#include "report/report_files.hpp"
#include "report/report_writer.hpp"
#include "util/load_error.hpp"

namespace eriq {

namespace fs = std::filesystem;

namespace {

// How long a command waits for a failed server to come back.
constexpr std::chrono::seconds kServerWait{60};

// A reduction's progress on one line of stderr (nothing at verbosity 0).
ReductionProgress progress_line(const std::string& dir, int verbosity) {
    if (verbosity == 0) return {};
    return [dir](const TestCase& now, const ReductionStats& stats) {
        fmt::print(stderr, "\r{}: {} tests, {} statements, I {} and Q {} characters   ", dir,
                   stats.tests, case_statements(now), now.intermediate.size(),
                   now.referencing.size());
    };
}

// "DIR: [what]N -> M statements, I a -> b and Q c -> d characters (T tests, S s[notes]) -> PATH"
void print_reduction(const std::string& dir, const std::string& what, const TestCase& before,
                     const TestCase& after, const ReductionStats& stats, const std::string& notes,
                     const fs::path& written) {
    fmt::print(
        "{}: {}{} -> {} statements, I {} -> {} and Q {} -> {} characters ({} tests, {:.1f} "
        "s{}) -> {}\n",
        dir, what, case_statements(before), case_statements(after), before.intermediate.size(),
        after.intermediate.size(), referencing_for_display(before.referencing).size(),
        referencing_for_display(after.referencing).size(), stats.tests, stats.seconds, notes,
        written.string());
}

// Reduces a server-fault finding whose replay made the server fail again; 0 when the reduced
// case is written.
// `crash_frames`: where the replay before it crashed the server, when its log was read.
int reduce_server_fault(LoadedFinding& f, const std::string& dir, const RunOptions& options,
                        const ReductionProgress& progress, const CaseGenerator* generator,
                        const std::vector<std::string>& crash_frames,
                        const std::atomic<bool>& stop) {
    f.backend = connect_when_back(f.target, kServerWait, &stop);
    if (!f.backend) {
        fmt::print(
            "{}: not reduced, the server failed again and did not come back within {} s "
            "(reducing a crash needs a server that is restarted after one: systemd, "
            "mysqld_safe)\n",
            dir, kServerWait.count());
        return 1;
    }
    const std::string version = f.backend->server_version();
    CaseOutcome original;
    original.verdict = Verdict::ServerFault;
    original.crash_frames = crash_frames;
    CrashReduction r = reduce_crash(f.backend, f.target, f.tc, original,
                                    {options.reduce_tests, options.reduce_crash_time, &stop},
                                    kServerWait, progress, generator);
    if (options.verbosity > 0) fmt::print(stderr, "\n");
    CaseOutcome shown = r.outcome;
    shown.classification.pattern = "server_fault";
    const ReportContext ctx = report_context(f.target, version, f.target.connection.redacted());
    const fs::path written = ReportWriter(fs::path(dir).parent_path())
                                 .write_reduced(dir, r.reduced, shown, ctx,
                                                {r.stats.seconds, r.stats.tests, false, {}, {}});
    print_reduction(
        dir, "the server fails on ", f.tc, r.reduced, r.stats,
        std::string(r.server_stayed_down ? ", stopped: the server did not come back" : "") +
            (r.on_choices ? ", on the generator's choices" : ""),
        written);
    return r.server_stayed_down ? 1 : 0;
}

// A crash found by reduction is worth its own report: the candidate that ran.
void write_fault_candidate(const LoadedFinding& f, const std::string& dir,
                           const FindingReduction& r) {
    CaseOutcome shown = r.fault_outcome;
    shown.classification.pattern = "server_fault";
    const fs::path crash =
        ReportWriter(fs::path(dir).parent_path())
            .write(*r.fault_case, shown,
                   report_context(f.target, f.server_version, f.target.connection.redacted()));
    fmt::print(
        "{}: the server failed ({}) while a reduction candidate ran; the candidate is a "
        "server-fault finding -> {}\n",
        dir, r.fault_outcome.discard_kind, crash.string());
}

// A reduction's way back after a candidate made the server fail: a new connection once the
// server is back (restarted by a supervisor: systemd, mysqld_safe, supervise-mariadb.sh).
Reconnect reconnect_after_fault(LoadedFinding& f, const std::atomic<bool>& stop) {
    return [&f, &stop]() -> Backend* {
        // As in reduce_crash: a connection made before the failed server has died is lost.
        f.backend.reset();
        if (!sleep_unless_stopped(std::chrono::milliseconds(500), &stop)) return nullptr;
        f.backend = connect_when_back(f.target, kServerWait, &stop);
        return f.backend.get();
    };
}

// Writes the reduced finding next to `dir` and prints the reduction; `note` ends the line.
void write_reduction(LoadedFinding& f, const std::string& dir, const FindingReduction& r,
                     const std::string& note) {
    const ReportContext ctx =
        report_context(f.target, f.server_version, f.target.connection.redacted());
    const fs::path written = ReportWriter(fs::path(dir).parent_path())
                                 .write_reduced(dir, r.reduced, r.outcome, ctx, reduction_facts(r));
    print_reduction(dir, "", f.tc, r.reduced, r.stats,
                    std::string(r.stats.budget_spent ? ", budget spent" : "") +
                        (r.on_choices ? ", on the generator's choices" : "") + note,
                    written);
}

// The campaign's rule for a case that a [[benign]] entry matches (engine/benign_check.hpp):
// reduced without the entries, it is a finding when no entry matches its reduction. So a
// finding the campaign kept is kept again here, and one whose entry was added later is
// checked the same way. 0 when the reduced case is written.
int reduce_benign_match(LoadedFinding& f, const std::string& dir, const CaseOutcome& original,
                        const std::string& verdict, const ReductionBudget& budget,
                        const CaseGenerator* generator) {
    const BenignCheck c = check_benign_on_reduced(*f.backend, f.target.dialect, f.target.rules,
                                                  f.tc, original, budget, generator);
    const FindingReduction& r = c.reduction;
    if (r.fault_case) {
        write_fault_candidate(f, dir, r);
        return 1;
    }
    if (!c.masked) {
        fmt::print("{}: not reduced, {}\n", dir, verdict);
        return 1;
    }
    write_reduction(f, dir, r, ", a [[benign]] entry matched the case but not its reduction");
    return 0;
}

}  // namespace

int run_replay_command(RunOptions options, bool dialect_given,
                       const std::vector<std::string>& dirs) {
    std::vector<std::string> libraries = options.driver_libraries;
    if (libraries.empty()) libraries.emplace_back();  // the target's default library
    // Once the server has answered, an unreachable server is one being restarted.
    std::chrono::milliseconds server_wait{0};
    for (const std::string& dir : dirs) {
        for (const std::string& library : libraries) {
            RunOptions one = options;
            one.driver_libraries.clear();
            if (!library.empty()) one.driver_libraries.push_back(library);
            LoadedFinding f = load_finding(dir, one, dialect_given, false, server_wait);
            server_wait = kServerWait;
            const std::string version = f.server_version;
            const DriverLibraryInfo loaded = f.backend->driver_library();
            CaseOutcome outcome = run_alone(f, f.tc);
            bool same = false;
            std::string verdict = replay_verdict(f.record, outcome, &same);
            if (benign_with_recorded_groups(f.record, outcome))
                verdict = replay_benign_match(f, outcome, verdict, options);
            fmt::print("{}: {} on {}{}\n", dir, verdict, version,
                       loaded.path.empty() ? "" : " from " + loaded.path);
        }
    }
    return 0;
}

int run_reduce_command(RunOptions options, bool dialect_given,
                       const std::vector<std::string>& dirs) {
    int exit_code = 0;
    // The first SIGINT or SIGTERM ends the reduction running (it keeps what it has) and the
    // folders after it; a second ends the process.
    std::atomic<bool> stop{false};
    const StopSignals signals(stop);
    // Once the server has answered, an unreachable server is one being restarted.
    std::chrono::milliseconds server_wait{0};
    for (const std::string& dir : dirs) {
        if (stop.load()) break;
        // A folder that does not load is reported on stderr and skipped (exit code 2); the
        // others are still reduced.
        std::optional<LoadedFinding> loaded;
        try {
            if (!fs::is_directory(dir))  // a case file has no folder to write reduced/ into
                throw LoadError(dir, 1, 1, "not a finding folder");
            loaded.emplace(load_finding(dir, options, dialect_given, true, server_wait));
        } catch (const LoadError& e) {
            fmt::print(stderr, "eriq-gen: {}: not reduced, the finding does not load: {}\n", dir,
                       e.what());
            exit_code = 2;
            continue;
        }
        LoadedFinding& f = *loaded;
        server_wait = kServerWait;
        CaseOutcome original = run_alone(f, f.tc);
        bool same = false;
        const std::string verdict = replay_verdict(f.record, original, &same);
        const bool crash = same && original.verdict == Verdict::ServerFault;
        const bool benign = benign_with_recorded_groups(f.record, original);
        if (!benign && (!same || (original.verdict != Verdict::Inconsistent && !crash))) {
            fmt::print("{}: not reduced, {}\n", dir, verdict);
            exit_code = std::max(exit_code, 1);
            continue;
        }
        ReductionBudget budget{options.reduce_tests, options.reduce_time, &stop};
        const ReductionProgress progress = progress_line(dir, options.verbosity);
        // The draws replay only with the grammar that generated the case; reduce_finding
        // checks that they derive its I and Q and otherwise reduces the SQL text alone.
        std::optional<CaseGenerator> generator;
        const PredicateCheckSetup predicates(options, f.target.grammar);
        if (!f.tc.choices.empty()) {
            generator.emplace(f.target.grammar, f.target.dialect);
            generator->set_predicate_check(predicates.check());
        }
        const CaseGenerator* draws = generator ? &*generator : nullptr;
        if (crash) {
            exit_code = std::max(exit_code, reduce_server_fault(f, dir, options, progress, draws,
                                                                original.crash_frames, stop));
            continue;
        }
        if (benign) {
            exit_code =
                std::max(exit_code, reduce_benign_match(f, dir, original, verdict, budget, draws));
            continue;
        }
        FindingReduction r =
            reduce_finding(*f.backend, f.target.dialect, f.target.rules, f.tc, original, budget,
                           progress, draws, reconnect_after_fault(f, stop));
        if (options.verbosity > 0) fmt::print(stderr, "\n");
        if (r.fault_case) {
            write_fault_candidate(f, dir, r);
            if (r.stopped_by_fault) {
                fmt::print("{}: not reduced, the reduction stopped at a server fault\n", dir);
                exit_code = std::max(exit_code, 1);
                continue;
            }
        }
        if (!same_finding(original, r.outcome)) {
            fmt::print("{}: the reduced case no longer shows the finding; nothing written\n", dir);
            exit_code = std::max(exit_code, 1);
            continue;
        }
        write_reduction(f, dir, r, "");
    }
    return exit_code;
}

}  // namespace eriq
