#include "exec/duckdb_library.hpp"

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>

#include <fmt/format.h>

#include "exec/library_loader.hpp"

namespace eriq {

namespace {

// The library tools/duckdb-latest.sh unpacked next to the header CMake found (set by
// CMakeLists.txt); the loader's search path otherwise.
std::string default_library() {
#ifdef ERIQ_DUCKDB_DEFAULT_LIBRARY
    if (std::filesystem::exists(ERIQ_DUCKDB_DEFAULT_LIBRARY)) return ERIQ_DUCKDB_DEFAULT_LIBRARY;
#endif
    return "libduckdb.so";
}

constexpr const char* kHowToGetIt =
    "run tools/duckdb-latest.sh (or tools/setup.sh --duckdb) and pass the path it prints as "
    "--driver-library PATH";

}  // namespace

std::vector<std::string> DuckdbLibrary::bind(void* handle) {
    std::vector<std::string> missing;
    auto bind = [&](auto& slot, const char* name) { bind_function(handle, slot, name, missing); };
    bind(library_version, "duckdb_library_version");
    bind(open_ext, "duckdb_open_ext");
    bind(close, "duckdb_close");
    bind(connect, "duckdb_connect");
    bind(disconnect, "duckdb_disconnect");
    bind(interrupt, "duckdb_interrupt");
    bind(free, "duckdb_free");
    bind(extract_statements, "duckdb_extract_statements");
    bind(extract_statements_error, "duckdb_extract_statements_error");
    bind(destroy_extracted, "duckdb_destroy_extracted");
    bind(prepare_extracted_statement, "duckdb_prepare_extracted_statement");
    bind(prepare_error, "duckdb_prepare_error");
    bind(destroy_prepare, "duckdb_destroy_prepare");
    bind(execute_prepared, "duckdb_execute_prepared");
    bind(result_error, "duckdb_result_error");
    bind(result_error_type, "duckdb_result_error_type");
    bind(destroy_result, "duckdb_destroy_result");
    bind(column_count, "duckdb_column_count");
    bind(column_name, "duckdb_column_name");
    bind(column_logical_type, "duckdb_column_logical_type");
    bind(get_type_id, "duckdb_get_type_id");
    bind(destroy_logical_type, "duckdb_destroy_logical_type");
    bind(decimal_scale, "duckdb_decimal_scale");
    bind(decimal_internal_type, "duckdb_decimal_internal_type");
    bind(result_return_type, "duckdb_result_return_type");
    bind(fetch_chunk, "duckdb_fetch_chunk");
    bind(data_chunk_get_size, "duckdb_data_chunk_get_size");
    bind(data_chunk_get_vector, "duckdb_data_chunk_get_vector");
    bind(destroy_data_chunk, "duckdb_destroy_data_chunk");
    bind(vector_get_data, "duckdb_vector_get_data");
    bind(vector_get_validity, "duckdb_vector_get_validity");
    bind(create_date, "duckdb_create_date");
    bind(create_time, "duckdb_create_time");
    bind(create_time_tz_value, "duckdb_create_time_tz_value");
    bind(create_timestamp, "duckdb_create_timestamp");
    bind(create_timestamp_tz, "duckdb_create_timestamp_tz");
    bind(create_timestamp_s, "duckdb_create_timestamp_s");
    bind(create_timestamp_ms, "duckdb_create_timestamp_ms");
    bind(create_timestamp_ns, "duckdb_create_timestamp_ns");
    bind(create_interval, "duckdb_create_interval");
    bind(get_varchar, "duckdb_get_varchar");
    bind(destroy_value, "duckdb_destroy_value");
    return missing;
}

const DuckdbLibrary& DuckdbLibrary::load(const std::string& path) {
    static std::mutex mutex;
    static std::map<std::string, const DuckdbLibrary*> by_name;
    static std::map<void*, std::unique_ptr<DuckdbLibrary>> by_handle;

    const std::string name = path.empty() ? default_library() : path;
    std::lock_guard lock(mutex);
    if (auto it = by_name.find(name); it != by_name.end()) return *it->second;

    std::string error;
    void* handle = open_library(name, error);
    if (handle == nullptr)
        throw DriverLibraryError(
            fmt::format("cannot load the DuckDB library {}: {}; {}", name, error, kHowToGetIt));
    if (auto it = by_handle.find(handle); it != by_handle.end()) {
        close_library(handle);  // only drops the reference this dlopen added
        by_name.emplace(name, it->second.get());
        return *it->second;
    }
    std::unique_ptr<DuckdbLibrary> library(new DuckdbLibrary());
    const std::vector<std::string> missing = library->bind(handle);
    if (!missing.empty()) {
        close_library(handle);
        throw DriverLibraryError(fmt::format(
            "{} is not a DuckDB library eriq can use: it has no {} ({} of the duckdb_* functions "
            "eriq calls are missing)",
            name, missing.front(), missing.size()));
    }
    library->path_ = loaded_file(handle, name);
    const DuckdbLibrary* loaded = library.get();
    by_handle.emplace(handle, std::move(library));
    by_name.emplace(name, loaded);
    return *loaded;
}

DriverLibraryInfo DuckdbLibrary::info() const {
    return {path_, std::string("DuckDB ") + library_version(), ""};
}

}  // namespace eriq
