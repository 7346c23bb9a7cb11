#pragma once
// The libduckdb eriq runs on, loaded at run time with dlopen like libsqlite3
// (exec/sqlite_library.hpp): the file --driver-library names, else the one
// tools/duckdb-latest.sh unpacked when eriq was built, else "libduckdb.so" from the loader's
// search path. Every duckdb_* call eriq makes goes through the function table here; duckdb.h
// (found by CMake in build-deps/) only supplies the types and constants.
#include <duckdb.h>

#include <string>
#include <vector>

#include "exec/backend.hpp"

namespace eriq {

class DuckdbLibrary {
  public:
    // The library at `path` (empty: the default above), loaded once per process and never
    // unloaded. Thread-safe. Throws DriverLibraryError when it cannot be loaded (saying how
    // to get it) or lacks a function eriq calls.
    static const DuckdbLibrary& load(const std::string& path);

    // The file the dynamic loader opened and its version ("DuckDB v1.5.6").
    DriverLibraryInfo info() const;

    decltype(&::duckdb_library_version) library_version = nullptr;
    decltype(&::duckdb_open_ext) open_ext = nullptr;
    decltype(&::duckdb_close) close = nullptr;
    decltype(&::duckdb_connect) connect = nullptr;
    decltype(&::duckdb_disconnect) disconnect = nullptr;
    decltype(&::duckdb_interrupt) interrupt = nullptr;
    decltype(&::duckdb_free) free = nullptr;
    decltype(&::duckdb_extract_statements) extract_statements = nullptr;
    decltype(&::duckdb_extract_statements_error) extract_statements_error = nullptr;
    decltype(&::duckdb_destroy_extracted) destroy_extracted = nullptr;
    decltype(&::duckdb_prepare_extracted_statement) prepare_extracted_statement = nullptr;
    decltype(&::duckdb_prepare_error) prepare_error = nullptr;
    decltype(&::duckdb_destroy_prepare) destroy_prepare = nullptr;
    decltype(&::duckdb_execute_prepared) execute_prepared = nullptr;
    decltype(&::duckdb_result_error) result_error = nullptr;
    decltype(&::duckdb_result_error_type) result_error_type = nullptr;
    decltype(&::duckdb_destroy_result) destroy_result = nullptr;
    decltype(&::duckdb_column_count) column_count = nullptr;
    decltype(&::duckdb_column_name) column_name = nullptr;
    decltype(&::duckdb_column_logical_type) column_logical_type = nullptr;
    decltype(&::duckdb_get_type_id) get_type_id = nullptr;
    decltype(&::duckdb_destroy_logical_type) destroy_logical_type = nullptr;
    decltype(&::duckdb_decimal_scale) decimal_scale = nullptr;
    decltype(&::duckdb_decimal_internal_type) decimal_internal_type = nullptr;
    decltype(&::duckdb_result_return_type) result_return_type = nullptr;
    decltype(&::duckdb_fetch_chunk) fetch_chunk = nullptr;
    decltype(&::duckdb_data_chunk_get_size) data_chunk_get_size = nullptr;
    decltype(&::duckdb_data_chunk_get_vector) data_chunk_get_vector = nullptr;
    decltype(&::duckdb_destroy_data_chunk) destroy_data_chunk = nullptr;
    decltype(&::duckdb_vector_get_data) vector_get_data = nullptr;
    decltype(&::duckdb_vector_get_validity) vector_get_validity = nullptr;
    decltype(&::duckdb_create_date) create_date = nullptr;
    decltype(&::duckdb_create_time) create_time = nullptr;
    decltype(&::duckdb_create_time_tz_value) create_time_tz_value = nullptr;
    decltype(&::duckdb_create_timestamp) create_timestamp = nullptr;
    decltype(&::duckdb_create_timestamp_tz) create_timestamp_tz = nullptr;
    decltype(&::duckdb_create_timestamp_s) create_timestamp_s = nullptr;
    decltype(&::duckdb_create_timestamp_ms) create_timestamp_ms = nullptr;
    decltype(&::duckdb_create_timestamp_ns) create_timestamp_ns = nullptr;
    decltype(&::duckdb_create_interval) create_interval = nullptr;
    decltype(&::duckdb_get_varchar) get_varchar = nullptr;
    decltype(&::duckdb_destroy_value) destroy_value = nullptr;

  private:
    DuckdbLibrary() = default;
    // Fills the table from `handle`; the name of every missing function.
    std::vector<std::string> bind(void* handle);

    std::string path_;
};

}  // namespace eriq
