#include "engine/version_command.hpp"

#include <fmt/format.h>

#include "catalog/dialect.hpp"
#include "engine/target.hpp"
#include "exec/backend.hpp"

namespace eriq {

int run_version_command(const RunOptions& options) {
    fmt::print("eriq-gen {}\n", ERIQ_VERSION);
    const std::string driver =
        load_dialect(resolve_data_path(options.dialect_file.empty()
                                           ? fmt::format("dialects/{}.toml", options.dialect)
                                           : options.dialect_file))
            .driver;
    if (driver != "sqlite" && driver != "duckdb") {
        // Throws for --driver-library with a server driver.
        for (const std::string& path : options.driver_libraries) load_driver_library(driver, path);
        fmt::print(
            "the {} driver is built into eriq; the server's version is in each run's "
            "summary\n",
            driver);
        return 0;
    }
    std::vector<std::string> libraries = options.driver_libraries;
    if (libraries.empty()) libraries.emplace_back();  // the default one
    for (const std::string& path : libraries) {
        const DriverLibraryInfo library = load_driver_library(driver, path);
        if (library.source_id.empty())
            fmt::print("{} from {}\n", library.version, library.path);
        else
            fmt::print("{} ({}) from {}\n", library.version, library.source_id, library.path);
    }
    return 0;
}

}  // namespace eriq
