#pragma once
// A finding's bisection over its engine's version ladder (`eriq-gen replay DIR --ladder ...`),
// kept in DIR/ladder.toml so that triage can show each group's release range:
//   engine = "sqlite"
//   range = "since 3.53.2, fixed in 3.54.1"
//   reproduces_in = ["3.53.2"]
//   does_not_reproduce_in = ["3.40.0", ..., "3.54.1"]
//   not_run = []                     # rungs that could not run (not fetched, ...)
//   bisected_at = "2026-12-07T17:00:00Z"
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace eriq {

class JsonWriter;

struct LadderRecord {
    std::string engine;
    std::string range;
    std::vector<std::string> reproduces_in;
    std::vector<std::string> does_not_reproduce_in;
    std::vector<std::string> not_run;
    std::string bisected_at;
};

// Writes DIR/ladder.toml (through a temporary file renamed into place).
void write_ladder_record(const std::filesystem::path& dir, const LadderRecord& record);

// DIR/ladder.toml, if there is one; throws LoadError when it is malformed.
std::optional<LadderRecord> read_ladder_record(const std::filesystem::path& dir);

// "sqlite since 3.53.2, fixed in 3.54.1" (plus the rungs that did not run, if any).
std::string ladder_text(const LadderRecord& record);

// {"engine", "range", "reproduces_in", "does_not_reproduce_in", "not_run", "bisected_at"}.
void write_ladder_json(JsonWriter& w, const LadderRecord& record);

}  // namespace eriq
