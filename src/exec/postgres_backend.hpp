#pragma once
// PostgreSQL target through libpq (simple query protocol, text results). Works only
// inside a database of the tool's own, which it creates when missing.
#include <chrono>
#include <mutex>
#include <string>

#include "exec/backend.hpp"
#include "exec/row_sink.hpp"
#include "exec/workspace_ledger.hpp"

struct pg_conn;
struct pg_cancel;

namespace eriq {

class PostgresBackend : public Backend {
  public:
    // Connects (creating spec.database through the `postgres` maintenance database when
    // it does not exist), refuses a public schema holding tables or views its ledger does not list
    // (unless allowed), sets statement_timeout and runs session_init. Throws BackendError.
    PostgresBackend(const ConnectionSpec& spec, const BackendOptions& options);
    ~PostgresBackend() override;
    PostgresBackend(const PostgresBackend&) = delete;
    PostgresBackend& operator=(const PostgresBackend&) = delete;

    std::string driver() const override { return "postgres"; }
    std::string server_version() override;

    // Both accept several ';'-separated statements, which the server runs as one implicit
    // transaction and stops at the first error; query() returns the rows of the last
    // statement that has result columns. After a lost connection the next call
    // reconnects (session settings and temporary tables are gone).
    void execute(const std::string& sql) override;
    ResultSet query(const std::string& sql) override;
    // Hashes libpq's result buffers; no row is built.
    ResultFingerprint query_fingerprint(const std::string& sql) override;

    // Drops the tables and views the ledger lists in public and everything in the
    // session's temporary schema.
    void reset_workspace() override;

  protected:
    // PQcancel on the cancel handle of the current connection.
    void cancel_statement_in_flight() override;

  private:
    void connect();
    void disconnect();
    pg_conn* open_connection(const std::string& database);
    bool create_database_if_missing();
    // Reads or creates the ledger (workspace_ledger.hpp); refuses foreign objects.
    void start_ledger();
    // Checks `sql` against the ledger and records the objects it will create.
    void admit(const std::string& sql);
    // Runs `sql`; the last result with columns feeds `sink`.
    void run(const std::string& sql, RowSink sink);
    bool wait_until_readable(std::chrono::steady_clock::time_point deadline, bool bounded);
    void cancel_running_statement();
    [[noreturn]] void fail(const std::string& sqlstate, const std::string& message);
    std::string scrub(std::string message) const;

    ConnectionSpec spec_;
    BackendOptions options_;
    pg_conn* conn_ = nullptr;
    // PQgetCancel(conn_), made once per connection so another thread can PQcancel
    // without touching conn_; guarded by cancel_mutex_.
    pg_cancel* cancel_ = nullptr;
    std::mutex cancel_mutex_;
    std::string version_;
    WorkspaceLedger ledger_{WorkspaceScope{}};
};

}  // namespace eriq
