#include "engine/ladder_replay.hpp"

#include <chrono>
#include <filesystem>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "catalog/dialect.hpp"
#include "engine/case_file.hpp"
#include "engine/finding_replay.hpp"
#include "engine/ladder_range.hpp"
#include "engine/ladder_server.hpp"
#include "engine/target.hpp"
#include "engine/version_ladder.hpp"
#include "report/finding_record.hpp"
#include "report/ladder_record.hpp"
#include "util/load_error.hpp"

namespace eriq {

namespace fs = std::filesystem;

namespace {

// A finding's reduced case when it was reduced, else the finding (or case file) itself.
fs::path case_to_run(const fs::path& path) {
    if (fs::is_directory(path) && fs::exists(path / "reduced" / "case.toml"))
        return path / "reduced";
    return path;
}

// The release a loaded library reports ("SQLite 3.54.1", "DuckDB v1.5.6"): its last word,
// without a leading v.
std::string reported_release(const std::string& server_version) {
    std::string last = server_version.substr(server_version.rfind(' ') + 1);
    if (!last.empty() && last.front() == 'v') last.erase(0, 1);
    return last;
}

// The driver of the dialect the case runs on (its own, or --dialect / --dialect-file) must be
// the ladder's engine; throws std::invalid_argument otherwise.
void check_engine(const fs::path& case_path, const RunOptions& options, bool dialect_given,
                  const VersionLadder& ladder) {
    std::string dialect = options.dialect;
    if (!dialect_given) {
        const std::string from_case = case_file_dialect(
            fs::is_directory(case_path) ? (case_path / "case.toml").string() : case_path.string());
        if (!from_case.empty()) dialect = from_case;
    }
    const std::string file = dialect_given && !options.dialect_file.empty()
                                 ? options.dialect_file
                                 : fmt::format("dialects/{}.toml", dialect);
    const Dialect d = load_dialect(resolve_data_path(file));
    if (d.driver != ladder.engine)
        throw std::invalid_argument(fmt::format("{}: the case runs on {} ({}), the ladder is {}'s",
                                                case_path.string(), d.name, d.driver,
                                                ladder.engine));
}

struct RungRun {
    RungOutcome outcome = RungOutcome::Error;
    std::string text;
};

RungRun run_on_rung(const fs::path& case_path, const RunOptions& options, bool dialect_given,
                    const VersionLadder& ladder, const LadderRung& rung) {
    const bool fetched = ladder.engine == "postgres" ? fs::exists(rung.library / "postgres")
                                                     : fs::exists(rung.library);
    if (!fetched)
        return {RungOutcome::Error, "error: not fetched (" + fetch_command(ladder, rung) + ")"};
    RunOptions one = options;
    std::optional<RungServer> server;
    try {
        if (ladder.engine == "postgres") {
            server.emplace(rung.library);
            one.connect = server->url();
        } else {
            one.driver_libraries = {rung.library.string()};
        }
        LoadedFinding f = load_finding(case_path, one, dialect_given);
        if (reported_release(f.server_version) != rung.version)
            return {RungOutcome::Error,
                    fmt::format("error: {} is {}, not {}", rung.library.string(), f.server_version,
                                rung.version)};
        const CaseOutcome outcome = run_alone(f, f.tc);
        bool same = false;
        std::string verdict = replay_verdict(f.record, outcome, &same);
        if (benign_with_recorded_groups(f.record, outcome)) {
            verdict = replay_benign_match(f, outcome, verdict, options);
            same = verdict.starts_with("reproduces:");
        }
        return {same ? RungOutcome::Reproduces : RungOutcome::DoesNotReproduce, verdict};
    } catch (const LoadError&) {
        throw;  // the case file's fault, the same on every rung
    } catch (const std::exception& e) {
        return {RungOutcome::Error, std::string("error: ") + e.what()};
    }
}

}  // namespace

int run_ladder_replay(const RunOptions& options, bool dialect_given,
                      const std::vector<std::string>& paths, const std::string& ladder_name,
                      const std::string& rung_selection) {
    const VersionLadder ladder = load_version_ladder(ladder_name);
    const std::vector<LadderRung> rungs = select_rungs(ladder, rung_selection);
    int exit_code = 0;
    for (const std::string& path : paths) {
        const fs::path case_path = case_to_run(path);
        if (case_path != fs::path(path)) fmt::print("{} [case] {}\n", path, case_path.string());
        check_engine(case_path, options, dialect_given, ladder);
        const auto start = std::chrono::steady_clock::now();
        std::vector<RungResult> results;
        for (const LadderRung& rung : rungs) {
            const RungRun run = run_on_rung(case_path, options, dialect_given, ladder, rung);
            fmt::print("{} [{}] {}\n", path, rung.version, run.text);
            std::fflush(stdout);
            results.push_back({rung.version, run.outcome});
            if (run.outcome == RungOutcome::Error) exit_code = 1;
        }
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const std::string range = ladder_range(results);
        fmt::print("{} [range] {} ({} of {} rungs ran, {:.1f} s)\n", path, range,
                   results.size() - versions_with(results, RungOutcome::Error).size(),
                   results.size(), seconds);
        if (fs::is_directory(path))  // for triage; a case file has no folder of its own
            write_ladder_record(
                path, {ladder.engine, range, versions_with(results, RungOutcome::Reproduces),
                       versions_with(results, RungOutcome::DoesNotReproduce),
                       versions_with(results, RungOutcome::Error), utc_now_iso()});
    }
    return exit_code;
}

}  // namespace eriq
