#pragma once
// eriq-gen's option table (CLI11): parses argv into RunOptions with strict numbers,
// durations and ranges, and generates --help from the same table.
#include <optional>

#include "engine/options.hpp"

namespace eriq {

struct CommandLine {
    RunOptions options;
    bool dialect_given = false;  // --dialect or --dialect-file
    bool out_given = false;
    // Set when the process should end without running: 0 after --help or --version, 2 after a
    // usage error (already printed as one line starting "eriq-gen: ").
    std::optional<int> exit_code;
};

CommandLine parse_command_line(int argc, char** argv);

}  // namespace eriq
