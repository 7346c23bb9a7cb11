#pragma once
// PostgreSQL target through libpq (simple query protocol, text results). Works only
// inside a database of the tool's own, which it creates when missing.
#include <chrono>
#include <mutex>
#include <string>

#include "exec/driver_backend.hpp"

struct pg_conn;
struct pg_cancel;

namespace eriq {

class PostgresBackend : public DriverBackend {
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

    // Drops the tables and views the ledger lists in public and everything in the
    // session's temporary schema.
    void reset_workspace() override;

  protected:
    // PQcancel on the cancel handle of the current connection.
    void cancel_statement_in_flight() override;

    // Sends `sql`: several ';'-separated statements run as one implicit transaction that
    // stops at the first error; the last statement with result columns feeds `sink`,
    // hashed from libpq's buffers for a fingerprint. After a lost connection the next
    // statement reconnects (session settings and temporary tables are gone).
    void run_statements(const std::string& sql, RowSink sink) override;
    bool connected() const override { return conn_ != nullptr; }
    void connect() override;

  private:
    void disconnect();
    pg_conn* open_connection(const std::string& database);
    bool create_database_if_missing();
    // Reads or creates the ledger (workspace_ledger.hpp); refuses foreign objects.
    void start_ledger();
    void lock_workspace();
    bool wait_until_readable(std::chrono::steady_clock::time_point deadline, bool bounded);
    void cancel_running_statement();
    [[noreturn]] void fail(const std::string& sqlstate, const std::string& message);

    ConnectionSpec spec_;
    pg_conn* conn_ = nullptr;
    // PQgetCancel(conn_), made once per connection so another thread can PQcancel
    // without touching conn_; guarded by cancel_mutex_.
    pg_cancel* cancel_ = nullptr;
    std::mutex cancel_mutex_;
    std::string version_;
};

}  // namespace eriq
