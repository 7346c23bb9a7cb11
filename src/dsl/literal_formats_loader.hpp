#pragma once
// Reads a grammar's [literals] table (see literal_formats.hpp) over the formats an
// included file set. Only for the .cpp files of src/dsl/ (it includes toml++).
#include <string>

#include <toml++/toml.h>

#include "dsl/literal_formats.hpp"

namespace eriq::dsl {

// Throws LoadError (file:line:col) for an unknown key or a bad value.
void load_literal_formats(LiteralFormats& formats, const toml::table& table,
                          const std::string& path);

}  // namespace eriq::dsl
