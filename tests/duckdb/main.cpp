// Entry point of the live DuckDB tests: they run on the libduckdb that ERIQ_DUCKDB_LIBRARY
// names (tools/test.sh sets it from tools/duckdb-latest.sh --path), else on eriq's default
// one, and report "skipped" (exit 77) rather than "passed" only when no library loads.
// ERIQ_REQUIRE_DUCKDB=1 (set by tools/test.sh) turns that skip into a failure.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "live_duckdb.hpp"

int main(int argc, char* argv[]) {
    try {
        const eriq::DriverLibraryInfo info =
            eriq::load_driver_library("duckdb", eriq::duckdb_library());
        std::printf("DuckDB tests on %s (%s)\n", info.version.c_str(), info.path.c_str());
    } catch (const std::exception& error) {
        const char* required = std::getenv("ERIQ_REQUIRE_DUCKDB");
        if (required != nullptr && std::string(required) == "1") {
            std::fprintf(stderr, "ERROR: ERIQ_REQUIRE_DUCKDB=1 but DuckDB is missing: %s\n",
                         error.what());
            return 1;
        }
        std::printf("SKIPPED: no DuckDB library: %s\n", error.what());
        return 77;
    }
    return Catch::Session().run(argc, argv);
}
