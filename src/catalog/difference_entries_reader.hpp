#pragma once
// The dialect file's documented differences: [[benign]] entries (splits that are documented
// behaviour) and [[expected_error]] entries (errors one representation may raise alone).
// Included only by the dialect loader (it brings in toml++).
#include <string>

#include <toml++/toml.h>

#include "catalog/dialect.hpp"

namespace eriq {

// Reads those arrays of `root` into `d`; throws LoadError (file:line:col) on malformed input,
// including a regex that is not valid RE2.
void read_difference_entries(const toml::table& root, const std::string& file, Dialect& d);

}  // namespace eriq
