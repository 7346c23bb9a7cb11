#pragma once
// Everything a run of eriq-gen is told on its command line.
#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/shard.hpp"

namespace eriq {

struct RunOptions {
    std::string dialect = "sqlite";
    std::string dialect_file;  // default dialects/<dialect>.toml
    std::string grammar_file;  // default grammars/<dialect>.toml
    std::string rules_file = "rules/repr.toml";
    std::string connect;  // default: the dialect's default_connect
    // --session-profile: one of the dialect's [session_profiles] (empty: its session_profile).
    std::string session_profile;
    // --driver-library, repeatable: the libsqlite3 files to load (empty: the system's). A
    // campaign, --case or reduce runs on the first; replay runs every finding on each.
    std::vector<std::string> driver_libraries;
    std::optional<std::uint64_t> seed;
    // Shard K of N of the campaign (engine/shard.hpp): its own rounds of the seed, findings
    // in <out>/shard-K/ with ids s<K>-NNNNNN-...; unset: the whole campaign.
    std::optional<Shard> shard;
    double time_limit_seconds = 0;  // 0: no limit
    std::int64_t max_cases = -1;    // -1: no limit
    std::string statement_log;      // --log-statements: every SQL text sent, NUL-separated
    int jobs = 1;                   // parallel workers, each with its own database
    // Each worker's rounds are generated ahead on a thread of its own (--generator-thread on|off);
    // unset: only when the machine has a core to spare for every generator (campaign.cpp).
    std::optional<bool> generator_thread;
    std::string out_dir = "eriq-out";
    std::string stats_file;  // --stats: generation statistics as JSON
    std::vector<std::pair<std::string, double>> weights;
    std::string weights_file;
    // A finding's recorded knob values (choices.toml), set under --weights and --weight so
    // its draws derive the same I and Q again; a knob the grammar no longer has is left out.
    std::map<std::string, double> recorded_knobs;
    std::string case_file;
    int verbosity = 1;  // 0 quiet, 1 normal, 2 verbose
    bool dry_run = false;
    bool z3_predicates = false;  // --z3: classify generated predicates, re-draw degenerate ones
    bool allow_foreign_objects = false;
    // MySQL protocol: the server's error log (--server-log), read after each lost connection
    // so a crash is grouped by the function it crashed in.
    std::string server_log;
    // Each finding of a campaign is reduced after the round that found it (--reduce on|off),
    // within this budget per finding (--reduce-time, --reduce-tests).
    bool reduce = true;
    std::chrono::milliseconds reduce_time{20000};
    int reduce_tests = 3000;
    // A crash's reduction waits for a server restart after every candidate that fails it, so
    // a server fault (eriq-gen reduce, and a campaign's own reduction) has its own, longer
    // budget (--reduce-crash-time).
    std::chrono::milliseconds reduce_crash_time{150000};
    std::chrono::milliseconds statement_timeout{10000};
};

}  // namespace eriq
