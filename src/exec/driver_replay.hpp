#pragma once
// The benchmark floor: replays a logged statement stream (see
// Backend::set_statement_log) straight through the DBMS's C API, in the
// smallest loop that reads every result, with none of eriq's work around it.
#include <cstdint>
#include <string>
#include <vector>

#include "exec/backend.hpp"

namespace eriq {

struct ReplayFigures {
    std::uint64_t statements = 0;
    std::uint64_t errors = 0;
    std::uint64_t refused = 0;  // statements the gate stopped (never sent)
    double seconds = 0;
};

// Reads a NUL-separated statement log.
std::vector<std::string> read_statement_log(const std::string& path);

// Replays `statements` on `spec` (sqlite or mysql; sqlite on `driver_library`, empty for
// the system's); errors are counted, not fatal. `prelude` (creating and selecting the
// database, the dialect's session setup: what eriq runs while connecting) runs first and
// is not timed. A log is input like any file: each statement passes the statement gate
// (`gate`, util/statement_gate.hpp) or is skipped and counted as refused; one statement is
// sent per call.
ReplayFigures replay_statements(const ConnectionSpec& spec, const std::string& driver_library,
                                const GateRules& gate, const std::vector<std::string>& prelude,
                                const std::vector<std::string>& statements);

}  // namespace eriq
