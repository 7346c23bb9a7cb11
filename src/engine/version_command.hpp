#pragma once
// eriq-gen --version: eriq's version, then the SQLite library a run would load (the system's,
// or each --driver-library) with its version, source id and file.
#include "engine/options.hpp"

namespace eriq {

// Exit code 0; throws DriverLibraryError for a library that cannot be used.
int run_version_command(const RunOptions& options);

}  // namespace eriq
