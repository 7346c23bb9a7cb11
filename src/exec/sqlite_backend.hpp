#pragma once
// Embedded SQLite target: a file or an in-memory database, on the libsqlite3 that
// BackendOptions::driver_library names (exec/sqlite_library.hpp).
#include <string>

#include "exec/driver_backend.hpp"
#include "exec/file_workspace_lock.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace eriq {

class SqliteLibrary;

class SqliteBackend : public DriverBackend {
  public:
    // Opens (creating if needed) `path` or ":memory:"; throws BackendError.
    SqliteBackend(const std::string& path, const BackendOptions& options);
    ~SqliteBackend() override;
    SqliteBackend(const SqliteBackend&) = delete;
    SqliteBackend& operator=(const SqliteBackend&) = delete;

    std::string driver() const override { return "sqlite"; }
    std::string server_version() override;
    DriverLibraryInfo driver_library() override;

    void reset_workspace() override;
    bool set_optimizations_off(std::uint64_t mask) override;

  protected:
    // The progress handler sees interrupted() and stops the statement (sqlite3_interrupt
    // would need the handle, which the worker's thread closes and reopens).
    void cancel_statement_in_flight() override {}

    // Runs every statement in `sql` (several ';'-separated ones may come); the first one
    // with result columns feeds `sink`, stepped over without building rows for a fingerprint.
    void run_statements(const std::string& sql, RowSink sink) override;

  private:
    void step_all(sqlite3_stmt* stmt, RowSink sink);
    void check_nothing_follows(const char* rest, const char* end);
    [[noreturn]] static void refuse_several_statements();
    void open();  // opens path_ into db_, with the busy and progress handlers
    [[noreturn]] void throw_error(int code);
    // Reads or creates the ledger of a file database; refuses foreign objects.
    void start_ledger();

    static int on_progress(void* self);

    const SqliteLibrary* lib_;
    sqlite3* db_ = nullptr;
    std::string path_;
    FileWorkspaceLock workspace_lock_;  // a file database, with exclusive_workspace
    bool timed_out_ = false;
};

}  // namespace eriq
