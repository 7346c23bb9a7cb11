#pragma once
// The dialect file's statement-gate data (util/statement_gate.hpp): `session_settings`,
// `forbidden_functions` and `catalog_name_prefixes`, and the load-time check of every session
// statement the file holds (session_init, [session_profiles], [[optimizer_variant]] setup and
// teardown) and of `create_database`. Included only by the dialect loader (toml++).
#include <string>

#include <toml++/toml.h>

#include "catalog/dialect.hpp"

namespace eriq {

// Reads the gate keys of `root` into d.gate (d.driver must be set) and checks the statements
// already read into `d`; throws LoadError (file:line:col) at the first statement refused.
void read_gate_rules(const toml::table& root, const std::string& file, Dialect& d);

}  // namespace eriq
