#pragma once
// An engine's version ladder (tools/ladders/ENGINE.toml): its releases from old to newest,
// each pinned to an npm package that tools/ladder.sh fetches, checks and builds into the
// rung's folder. eriq-gen only reads the file and looks for the built rungs; it never
// fetches one.
#include <filesystem>
#include <string>
#include <vector>

namespace eriq {

struct LadderRung {
    std::string version;  // the engine's release ("3.54.1", "1.5.6", "18.4")
    std::string package;  // npm NAME@VERSION it comes from
    // The rung's library (SQLite, DuckDB) or its server binaries' folder (PostgreSQL), there
    // once tools/ladder.sh has built it.
    std::filesystem::path library;
};

struct VersionLadder {
    std::string engine;  // the driver it is for: sqlite, duckdb, postgres
    std::filesystem::path file;
    std::vector<LadderRung> rungs;  // oldest first
};

// NAME: tools/ladders/NAME.toml of eriq's source tree; or the path of a ladder file. A rung's
// folder (`directory`, with {version}) is relative to the source tree. Throws LoadError
// (file:line:col) for a file that is missing or malformed.
VersionLadder load_version_ladder(const std::string& name_or_file);

// The rungs a selection names, oldest first: "" (all), "A,B,C" (those), "A..B", "A..", "..B"
// (a range, ends included). Throws std::invalid_argument naming a version the ladder lacks.
std::vector<LadderRung> select_rungs(const VersionLadder& ladder, const std::string& selection);

// "sqlite 3.54.1" -> how to fetch and build that rung.
std::string fetch_command(const VersionLadder& ladder, const LadderRung& rung);

}  // namespace eriq
