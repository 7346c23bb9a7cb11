#pragma once
// Reads a dialect file together with the dialect files it includes, as one TOML document.
// Include only from .cpp files: it pulls in toml++.
//
//   include = ["mariadb.toml"]     # paths relative to this file, merged in order
//   [remove]                       # inherited entries this dialect does not have
//   function = ["JSON_EXISTS"]     #   [[type]] / [[function]] / [[aggregate]] names
//   analyze = true                 #   any other inherited key, dropped whole
//
// Merge rules, the including file winning: a [table] is merged key by key (each key's value
// replaced whole, so [representation.TEMPT] replaces the inherited TEMPT entirely);
// [[type]], [[function]] and [[aggregate]] are merged by name: the including file's entries
// of a name replace all inherited entries of that name, in the place of the first of them,
// and new names are appended (`replaces = "OLD NAME"` puts an entry in the place of the
// entries named OLD NAME); anything else (strings, arrays, [[benign]], [[expected_error]])
// is replaced whole. Every node keeps the file and position it was written at.
#include <string>

#include <toml++/toml.h>

namespace eriq {

// Throws LoadError (file:line:col) for a missing include, an include cycle, or a [remove]
// entry that names nothing inherited.
toml::table read_dialect_document(const std::string& path);

}  // namespace eriq
