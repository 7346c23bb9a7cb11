// Built instead of the DuckDB backend when CMake found no duckdb.h (exec/duckdb_open.hpp).
#include "exec/duckdb_open.hpp"

namespace eriq {

namespace {

[[noreturn]] void unavailable() {
    throw DriverLibraryError(
        "this eriq was built without DuckDB (CMake found no duckdb.h): run "
        "tools/duckdb-latest.sh (or tools/setup.sh --duckdb), then configure and build again");
}

}  // namespace

std::unique_ptr<Backend> open_duckdb_backend(const std::string&, const BackendOptions&) {
    unavailable();
}

DriverLibraryInfo load_duckdb_library(const std::string&) {
    unavailable();
}

}  // namespace eriq
