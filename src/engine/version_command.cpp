#include "engine/version_command.hpp"

#include <fmt/format.h>

#include "exec/backend.hpp"

namespace eriq {

int run_version_command(const RunOptions& options) {
    fmt::print("eriq-gen {}\n", ERIQ_VERSION);
    std::vector<std::string> libraries = options.driver_libraries;
    if (libraries.empty()) libraries.emplace_back();  // the system's
    for (const std::string& path : libraries) {
        const DriverLibraryInfo library = load_driver_library("sqlite", path);
        fmt::print("{} ({}) from {}\n", library.version, library.source_id, library.path);
    }
    return 0;
}

}  // namespace eriq
