#pragma once
// The dialect file's session data: null_order, session_profile(s) and [[optimizer_variant]].
// Included only by the dialect loader (it brings in toml++).
#include <string>

#include <toml++/toml.h>

#include "catalog/dialect.hpp"

namespace eriq {

// Reads those keys of `root` into `d`; throws LoadError (file:line:col) on malformed input.
void read_session_data(const toml::table& root, const std::string& file, Dialect& d);

}  // namespace eriq
