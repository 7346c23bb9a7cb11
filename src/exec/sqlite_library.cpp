#include "exec/sqlite_library.hpp"

#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include <fmt/format.h>

#include "exec/library_loader.hpp"

namespace eriq {

std::vector<std::string> SqliteLibrary::bind(void* handle) {
    std::vector<std::string> missing;
    bind_function(handle, libversion, "sqlite3_libversion", missing);
    bind_function(handle, sourceid, "sqlite3_sourceid", missing);
    bind_function(handle, config, "sqlite3_config", missing);
    bind_function(handle, open_v2, "sqlite3_open_v2", missing);
    bind_function(handle, close_v2, "sqlite3_close_v2", missing);
    bind_function(handle, errmsg, "sqlite3_errmsg", missing);
    bind_function(handle, errstr, "sqlite3_errstr", missing);
    bind_function(handle, busy_timeout, "sqlite3_busy_timeout", missing);
    bind_function(handle, progress_handler, "sqlite3_progress_handler", missing);
    bind_function(handle, prepare_v2, "sqlite3_prepare_v2", missing);
    bind_function(handle, step, "sqlite3_step", missing);
    bind_function(handle, finalize, "sqlite3_finalize", missing);
    bind_function(handle, column_count, "sqlite3_column_count", missing);
    bind_function(handle, column_name, "sqlite3_column_name", missing);
    bind_function(handle, column_type, "sqlite3_column_type", missing);
    bind_function(handle, column_int64, "sqlite3_column_int64", missing);
    bind_function(handle, column_double, "sqlite3_column_double", missing);
    bind_function(handle, column_text, "sqlite3_column_text", missing);
    bind_function(handle, column_blob, "sqlite3_column_blob", missing);
    bind_function(handle, column_bytes, "sqlite3_column_bytes", missing);
    std::vector<std::string> optional;
    bind_function(handle, test_control, "sqlite3_test_control", optional);
    return missing;
}

const SqliteLibrary& SqliteLibrary::load(const std::string& path) {
    static std::mutex mutex;
    // Keyed by the loader's handle as well as by name: two names of one file (the default
    // and its full path) share one entry, so it is configured once.
    static std::map<std::string, const SqliteLibrary*> by_name;
    static std::map<void*, std::unique_ptr<SqliteLibrary>> by_handle;

    const std::string name = path.empty() ? kSystemSqliteLibrary : path;
    std::lock_guard lock(mutex);
    if (auto it = by_name.find(name); it != by_name.end()) return *it->second;

    // Several libsqlite3 versions can be loaded at once without one's calls landing in another.
    std::string error;
    void* handle = open_library(name, error);
    if (handle == nullptr)
        throw DriverLibraryError(fmt::format("cannot load the SQLite library {}: {}", name, error));
    if (auto it = by_handle.find(handle); it != by_handle.end()) {
        close_library(handle);  // only drops the reference this dlopen added
        by_name.emplace(name, it->second.get());
        return *it->second;
    }

    std::unique_ptr<SqliteLibrary> library(new SqliteLibrary());
    const std::vector<std::string> missing = library->bind(handle);
    if (!missing.empty()) {
        close_library(handle);
        throw DriverLibraryError(
            missing.size() == 1
                ? fmt::format("{} is not a SQLite library eriq can use: it has no {}", name,
                              missing.front())
                : fmt::format("{} is not a SQLite library eriq can use: it has no {} (nor {} "
                              "more of the sqlite3_* functions eriq calls)",
                              name, missing.front(), missing.size() - 1));
    }
    library->path_ = loaded_file(handle, name);
    // Memory statistics make every SQLite allocation take a process-wide mutex, which
    // serializes parallel workers; eriq never reads them. Must precede the first open.
    library->config(SQLITE_CONFIG_MEMSTATUS, 0);

    const SqliteLibrary* loaded = library.get();
    by_handle.emplace(handle, std::move(library));
    by_name.emplace(name, loaded);
    return *loaded;
}

DriverLibraryInfo SqliteLibrary::info() const {
    return {path_, std::string("SQLite ") + libversion(), sourceid()};
}

}  // namespace eriq
