#pragma once
// The DuckDB backend's entry points for open_backend(). Built from duckdb_open.cpp when
// CMake found duckdb.h (tools/duckdb-latest.sh), else from duckdb_unavailable.cpp, whose
// versions say how to get DuckDB: eriq builds and runs the other targets without it.
#include <memory>
#include <string>

#include "exec/backend.hpp"

namespace eriq {

std::unique_ptr<Backend> open_duckdb_backend(const std::string& path,
                                             const BackendOptions& options);
DriverLibraryInfo load_duckdb_library(const std::string& path);

}  // namespace eriq
