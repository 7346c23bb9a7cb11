#pragma once
// eriq-gen --version: eriq's version, then the client library a run of the dialect's driver
// would load (SQLite, DuckDB: the default one, or each --driver-library) with its version,
// source id and file; the server drivers are built into eriq.
#include "engine/options.hpp"

namespace eriq {

// Exit code 0; throws LoadError for a dialect file that does not load and DriverLibraryError
// for a library that cannot be used.
int run_version_command(const RunOptions& options);

}  // namespace eriq
