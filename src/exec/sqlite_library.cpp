#include "exec/sqlite_library.hpp"

#include <dlfcn.h>
#include <link.h>

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include <fmt/format.h>

namespace eriq {

namespace {

// dlerror() starts with the name it was given ("x.so: cannot open shared object file: ...");
// the message eriq prints names the library once, so that prefix goes.
std::string loader_error(const std::string& name) {
    const char* raw = dlerror();
    std::string message = raw != nullptr ? raw : "unknown error";
    if (message.starts_with(name + ": ")) message.erase(0, name.size() + 2);
    return message;
}

// The file the dynamic loader opened for `handle` (it searched for a bare name).
std::string loaded_file(void* handle, const std::string& fallback) {
    link_map* map = nullptr;
    if (dlinfo(handle, RTLD_DI_LINKMAP, &map) != 0 || map == nullptr || map->l_name == nullptr ||
        *map->l_name == '\0')
        return fallback;
    return std::filesystem::absolute(map->l_name).lexically_normal().string();
}

template <class Function>
void bind_one(void* handle, Function& slot, const char* name, std::vector<std::string>& missing) {
    void* symbol = dlsym(handle, name);
    if (symbol == nullptr) {
        missing.emplace_back(name);
        return;
    }
    slot = reinterpret_cast<Function>(symbol);
}

}  // namespace

std::vector<std::string> SqliteLibrary::bind(void* handle) {
    std::vector<std::string> missing;
    bind_one(handle, libversion, "sqlite3_libversion", missing);
    bind_one(handle, sourceid, "sqlite3_sourceid", missing);
    bind_one(handle, config, "sqlite3_config", missing);
    bind_one(handle, open_v2, "sqlite3_open_v2", missing);
    bind_one(handle, close_v2, "sqlite3_close_v2", missing);
    bind_one(handle, errmsg, "sqlite3_errmsg", missing);
    bind_one(handle, errstr, "sqlite3_errstr", missing);
    bind_one(handle, busy_timeout, "sqlite3_busy_timeout", missing);
    bind_one(handle, progress_handler, "sqlite3_progress_handler", missing);
    bind_one(handle, prepare_v2, "sqlite3_prepare_v2", missing);
    bind_one(handle, step, "sqlite3_step", missing);
    bind_one(handle, finalize, "sqlite3_finalize", missing);
    bind_one(handle, column_count, "sqlite3_column_count", missing);
    bind_one(handle, column_name, "sqlite3_column_name", missing);
    bind_one(handle, column_type, "sqlite3_column_type", missing);
    bind_one(handle, column_int64, "sqlite3_column_int64", missing);
    bind_one(handle, column_double, "sqlite3_column_double", missing);
    bind_one(handle, column_text, "sqlite3_column_text", missing);
    bind_one(handle, column_blob, "sqlite3_column_blob", missing);
    bind_one(handle, column_bytes, "sqlite3_column_bytes", missing);
    std::vector<std::string> optional;
    bind_one(handle, test_control, "sqlite3_test_control", optional);
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

    // RTLD_LOCAL: the library's symbols stay out of the global scope, so several
    // libsqlite3 versions can be loaded at once without one's calls landing in another.
    void* handle = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr)
        throw DriverLibraryError(
            fmt::format("cannot load the SQLite library {}: {}", name, loader_error(name)));
    if (auto it = by_handle.find(handle); it != by_handle.end()) {
        dlclose(handle);  // only drops the reference this dlopen added
        by_name.emplace(name, it->second.get());
        return *it->second;
    }

    std::unique_ptr<SqliteLibrary> library(new SqliteLibrary());
    const std::vector<std::string> missing = library->bind(handle);
    if (!missing.empty()) {
        dlclose(handle);
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
