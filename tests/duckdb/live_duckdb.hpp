#pragma once
// Which libduckdb the live DuckDB tests load: ERIQ_DUCKDB_LIBRARY, or eriq's default.
#include <cstdlib>
#include <memory>
#include <string>

#include "exec/backend.hpp"

namespace eriq {

inline std::string duckdb_library() {
    const char* path = std::getenv("ERIQ_DUCKDB_LIBRARY");
    return path == nullptr ? std::string() : std::string(path);
}

inline BackendOptions duckdb_options() {
    BackendOptions options;
    options.driver_library = duckdb_library();
    return options;
}

inline std::unique_ptr<Backend> open_duckdb(const std::string& url = "duckdb::memory:",
                                            BackendOptions options = duckdb_options()) {
    return open_backend(ConnectionSpec::parse(url), options);
}

}  // namespace eriq
