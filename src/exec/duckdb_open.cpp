#include "exec/duckdb_open.hpp"

#include "exec/duckdb_backend.hpp"
#include "exec/duckdb_library.hpp"

namespace eriq {

std::unique_ptr<Backend> open_duckdb_backend(const std::string& path,
                                             const BackendOptions& options) {
    return std::make_unique<DuckdbBackend>(path, options);
}

DriverLibraryInfo load_duckdb_library(const std::string& path) {
    return DuckdbLibrary::load(path).info();
}

}  // namespace eriq
