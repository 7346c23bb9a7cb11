#pragma once
// Embedded DuckDB target: an in-memory database (duckdb::memory:) or a file
// (duckdb:///path.db), on the libduckdb that BackendOptions::driver_library names
// (exec/duckdb_library.hpp). A statement is stopped at its timeout, and by interrupt(), with
// duckdb_interrupt from another thread.
#include <mutex>
#include <string>

#include "exec/driver_backend.hpp"
#include "exec/duckdb_values.hpp"
#include "exec/file_workspace_lock.hpp"
#include "exec/statement_watchdog.hpp"

namespace eriq {

class DuckdbLibrary;

class DuckdbBackend : public DriverBackend {
  public:
    // Opens (creating if needed) `path` or ":memory:"; throws BackendError, or
    // DriverLibraryError when the library cannot be loaded.
    DuckdbBackend(const std::string& path, const BackendOptions& options);
    ~DuckdbBackend() override;
    DuckdbBackend(const DuckdbBackend&) = delete;
    DuckdbBackend& operator=(const DuckdbBackend&) = delete;

    std::string driver() const override { return "duckdb"; }
    std::string server_version() override;
    DriverLibraryInfo driver_library() override;

    // An in-memory database is replaced by a fresh one; in a file, the ledger's tables and
    // views and the session's temporary ones are dropped.
    void reset_workspace() override;

  protected:
    void cancel_statement_in_flight() override;
    // Runs every statement in `sql` (several ';'-separated ones may come); the first one
    // that returns a query result feeds `sink`.
    void run_statements(const std::string& sql, RowSink sink) override;

  private:
    void open();
    void close();
    // Runs statement `index` of `extracted`; feeds `sink` when it returns a query result.
    // True when it did.
    bool run_extracted(duckdb_extracted_statements extracted, idx_t index, RowSink sink);
    void read_result(duckdb_result& result, RowSink sink);
    [[noreturn]] void fail(const std::string& message, bool interrupt_error);
    void start_ledger();

    const DuckdbLibrary* lib_;
    std::string path_;
    FileWorkspaceLock workspace_lock_;  // a file database, with exclusive_workspace
    duckdb_database db_ = nullptr;
    duckdb_connection conn_ = nullptr;
    // Guards conn_ against duckdb_interrupt from another thread while it is replaced.
    std::mutex conn_mutex_;
    StatementWatchdog watchdog_;
};

}  // namespace eriq
