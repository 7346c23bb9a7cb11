#pragma once
// eriq-gen's option table (CLI11): parses argv into RunOptions with strict numbers,
// durations and ranges, and generates --help from the same table.
#include <optional>
#include <string>
#include <vector>

#include "engine/options.hpp"

namespace eriq {

struct CommandLine {
    RunOptions options;
    bool dialect_given = false;  // --dialect or --dialect-file
    bool out_given = false;
    // A subcommand on finding folders ("reduce", "replay", "triage"), or empty for a
    // campaign, a --case or a --dry-run; `paths` are its folders.
    std::string command;
    std::vector<std::string> paths;
    bool json = false;         // triage --json
    std::string html_file;     // triage --html FILE
    std::string known_bugs;    // triage --known-bugs DIR; empty: known-bugs, when there is one
    std::string ladder;        // replay --ladder NAME|FILE (engine/ladder_replay.hpp)
    std::string ladder_rungs;  // replay --rungs SELECTION
    bool version = false;      // --version: print it (engine/version_command.hpp)
    // Set when the process should end without running: 0 after --help, 2 after a usage error
    // (already printed as one line starting "eriq-gen: ").
    std::optional<int> exit_code;
};

CommandLine parse_command_line(int argc, char** argv);

}  // namespace eriq
