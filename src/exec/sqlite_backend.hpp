#pragma once
// Embedded SQLite target: a file or an in-memory database, on the libsqlite3 that
// BackendOptions::driver_library names (exec/sqlite_library.hpp).
#include <chrono>
#include <string>

#include "exec/backend.hpp"
#include "exec/row_sink.hpp"
#include "exec/workspace_ledger.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace eriq {

class SqliteLibrary;

class SqliteBackend : public Backend {
  public:
    // Opens (creating if needed) `path` or ":memory:"; throws BackendError.
    SqliteBackend(const std::string& path, const BackendOptions& options);
    ~SqliteBackend() override;
    SqliteBackend(const SqliteBackend&) = delete;
    SqliteBackend& operator=(const SqliteBackend&) = delete;

    std::string driver() const override { return "sqlite"; }
    std::string server_version() override;
    DriverLibraryInfo driver_library() override;

    // Both accept several ';'-separated statements; query() returns the rows of
    // the first statement that has result columns.
    void execute(const std::string& sql) override;
    ResultSet query(const std::string& sql) override;
    // Hashes the driver's values as they are stepped over; no row is built.
    ResultFingerprint query_fingerprint(const std::string& sql) override;

    void reset_workspace() override;
    bool set_optimizations_off(std::uint64_t mask) override;

  protected:
    // The progress handler sees interrupted() and stops the statement (sqlite3_interrupt
    // would need the handle, which the worker's thread closes and reopens).
    void cancel_statement_in_flight() override {}

  private:
    // Runs every statement in `sql`; the first one with result columns feeds `sink`.
    void run(const std::string& sql, RowSink sink);
    void step_all(sqlite3_stmt* stmt, RowSink sink);
    void open();  // opens path_ into db_, with the busy and progress handlers
    [[noreturn]] void throw_error(int code);
    // Reads or creates the ledger of a file database; refuses foreign objects.
    void start_ledger();
    // Checks `sql` against the ledger and records the objects it will create.
    void admit(const std::string& sql);

    static int on_progress(void* self);

    const SqliteLibrary* lib_;
    sqlite3* db_ = nullptr;
    std::string path_;
    BackendOptions options_;
    std::chrono::milliseconds statement_timeout_;
    std::size_t max_result_rows_;
    std::chrono::steady_clock::time_point deadline_;
    bool timed_out_ = false;
    WorkspaceLedger ledger_;
};

}  // namespace eriq
