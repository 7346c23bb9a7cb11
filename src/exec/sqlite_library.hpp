#pragma once
// The libsqlite3 eriq runs on, loaded at run time with dlopen, so that one eriq binary tests
// several SQLite versions: the system library by default, or the file --driver-library
// names. Every sqlite3_* call eriq makes goes through the function table here; no eriq
// binary links libsqlite3 (sqlite3.h only supplies the types and constants).
#include <sqlite3.h>

#include <string>
#include <vector>

#include "exec/backend.hpp"

namespace eriq {

// What dlopen looks for when no library is named.
inline constexpr const char* kSystemSqliteLibrary = "libsqlite3.so.0";

class SqliteLibrary {
  public:
    // The library at `path` (a file path, or a bare name the dynamic loader searches for;
    // empty: the system's), loaded once per process and never unloaded. Thread-safe.
    // Throws DriverLibraryError when it cannot be loaded or lacks a function eriq calls.
    static const SqliteLibrary& load(const std::string& path);

    // The file the dynamic loader opened, its version ("SQLite 3.53.2") and source id.
    DriverLibraryInfo info() const;

    decltype(&::sqlite3_libversion) libversion = nullptr;
    decltype(&::sqlite3_sourceid) sourceid = nullptr;
    decltype(&::sqlite3_config) config = nullptr;
    decltype(&::sqlite3_open_v2) open_v2 = nullptr;
    decltype(&::sqlite3_close_v2) close_v2 = nullptr;
    decltype(&::sqlite3_errmsg) errmsg = nullptr;
    decltype(&::sqlite3_errstr) errstr = nullptr;
    decltype(&::sqlite3_busy_timeout) busy_timeout = nullptr;
    decltype(&::sqlite3_progress_handler) progress_handler = nullptr;
    decltype(&::sqlite3_prepare_v2) prepare_v2 = nullptr;
    decltype(&::sqlite3_step) step = nullptr;
    decltype(&::sqlite3_finalize) finalize = nullptr;
    decltype(&::sqlite3_column_count) column_count = nullptr;
    decltype(&::sqlite3_column_name) column_name = nullptr;
    decltype(&::sqlite3_column_type) column_type = nullptr;
    decltype(&::sqlite3_column_int64) column_int64 = nullptr;
    decltype(&::sqlite3_column_double) column_double = nullptr;
    decltype(&::sqlite3_column_text) column_text = nullptr;
    decltype(&::sqlite3_column_blob) column_blob = nullptr;
    decltype(&::sqlite3_column_bytes) column_bytes = nullptr;
    // Optional: null when the library does not export it (optimizer-setting variants are
    // then skipped).
    decltype(&::sqlite3_test_control) test_control = nullptr;

  private:
    SqliteLibrary() = default;
    // Fills the table from `handle`; the name of every missing function.
    std::vector<std::string> bind(void* handle);

    std::string path_;
};

}  // namespace eriq
