#pragma once
// The names of the DSL's built-ins (the table in builtins.cpp), shared by the
// derivation, the grammar check and the grammar index.
#include <set>
#include <string>

namespace eriq {

const std::set<std::string>& builtin_names();

// Built-ins whose first argument names a production to derive.
bool builtin_takes_production(const std::string& name);

}  // namespace eriq
