// eriq-gen: finds logic bugs in a DBMS by comparing equivalent representations
// (VIEW, CTE, temporary table, derived table, ...) of an intermediate result.
// This file only dispatches; the option table is eriq_gen_command_line.cpp and
// src/engine/ does the work.
#include <fmt/format.h>

#include "engine/campaign.hpp"
#include "engine/case_file.hpp"
#include "engine/finding_commands.hpp"
#include "engine/ladder_replay.hpp"
#include "engine/triage_command.hpp"
#include "engine/version_command.hpp"
#include "eriq_gen_command_line.hpp"
#include "exec/backend.hpp"
#include "util/allocator_tuning.hpp"
#include "util/load_error.hpp"

int main(int argc, char** argv) {
    eriq::tune_allocator();
    eriq::CommandLine cl = eriq::parse_command_line(argc, argv);
    if (cl.exit_code) return *cl.exit_code;
    eriq::RunOptions& o = cl.options;
    try {
        if (cl.version) return eriq::run_version_command(o);
        if (cl.command == "reduce") return eriq::run_reduce_command(o, cl.dialect_given, cl.paths);
        if (cl.command == "replay" && !cl.ladder.empty())
            return eriq::run_ladder_replay(o, cl.dialect_given, cl.paths, cl.ladder,
                                           cl.ladder_rungs);
        if (cl.command == "replay") return eriq::run_replay_command(o, cl.dialect_given, cl.paths);
        if (cl.command == "triage")
            return eriq::run_triage_command(cl.paths, cl.known_bugs, cl.json, cl.html_file);
        if (!o.case_file.empty()) {
            if (!cl.out_given) o.out_dir.clear();
            return eriq::run_case_file(o, cl.dialect_given);
        }
        if (o.dry_run) return eriq::run_dry(o);
        return eriq::run_campaign(o);
    } catch (const eriq::LoadError& e) {
        fmt::print(stderr, "eriq-gen: {}\n", e.what());
    } catch (const eriq::BackendError& e) {
        if (e.kind == eriq::kAuthenticationFailed)  // the message says so already
            fmt::print(stderr, "eriq-gen: {}\n", e.what());
        else
            fmt::print(stderr, "eriq-gen: database error ({}): {}\n", e.kind, e.what());
    } catch (const std::exception& e) {
        fmt::print(stderr, "eriq-gen: {}\n", e.what());
    }
    return 2;
}
