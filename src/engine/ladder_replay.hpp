#pragma once
// eriq-gen replay PATH... --ladder sqlite|duckdb|postgres [--rungs SELECTION]: runs each
// finding's reduced case (its reduced/ folder when it has one), or each case file, on every
// rung of the engine's version ladder that tools/ladder.sh has built (SQLite, DuckDB:
// in-process, the rung's library as --driver-library; PostgreSQL: a server of the rung's
// binaries per rung, engine/ladder_server.hpp), and prints one line per rung and the range:
//   DIR [3.53.2] reproduces: VIEW=TEMPT=DERIVED=CTE_MAT≠CTE
//   DIR [3.54.1] does not reproduce: every representation agrees
//   DIR [3.47.2] error: not fetched (tools/ladder.sh sqlite 3.47.2)
//   DIR [range] since 3.53.2, fixed in 3.54.1 (15 of 15 rungs ran, 9.1 s)
// A finding folder keeps the result in DIR/ladder.toml (report/ladder_record.hpp) for triage.
#include <string>
#include <vector>

#include "engine/options.hpp"

namespace eriq {

// Exit code 0 when every selected rung ran, 1 when one could not (not fetched, failed to
// load, not the release the ladder names). Usage and load errors are thrown.
int run_ladder_replay(const RunOptions& options, bool dialect_given,
                      const std::vector<std::string>& paths, const std::string& ladder_name,
                      const std::string& rung_selection);

}  // namespace eriq
