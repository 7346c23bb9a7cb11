#pragma once
// A case file's SQL checked by the statement gate of the dialect it runs on
// (util/statement_gate.hpp) before anything connects: every entry one statement of an
// allowed kind, `session` only SET/RESET/PRAGMA of the dialect's session settings.
#include <string>

#include "util/statement_gate.hpp"

namespace eriq {

// Throws LoadError at the first entry of the case file `path` that the gate refuses.
void check_case_statements(const std::string& path, const GateRules& gate);

}  // namespace eriq
