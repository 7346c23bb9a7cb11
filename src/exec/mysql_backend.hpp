#pragma once
// MySQL-protocol target through libmariadb (text protocol): MariaDB, MySQL,
// Percona, TiDB, OceanBase. Works only inside a database of the tool's own.
#include <atomic>
#include <cstdint>
#include <optional>
#include <set>
#include <string>

#include "exec/driver_backend.hpp"
#include "exec/server_log.hpp"

struct st_mysql;

namespace eriq {

class MysqlBackend : public DriverBackend {
  public:
    // Connects, creates and selects spec.database, refuses it if it holds foreign
    // objects (unless allowed) and runs the session_init statements. Throws BackendError.
    MysqlBackend(const ConnectionSpec& spec, const BackendOptions& options);
    ~MysqlBackend() override;
    MysqlBackend(const MysqlBackend&) = delete;
    MysqlBackend& operator=(const MysqlBackend&) = delete;

    std::string driver() const override { return "mysql"; }
    std::string server_version() override;

    void reset_workspace() override;

  protected:
    // KILL QUERY <this connection's thread> over a second, short-lived connection.
    void cancel_statement_in_flight() override;

    // Sends `sql` (several ';'-separated statements may come) and consumes every result;
    // the first one with columns feeds `sink`, hashed from the library's row buffers for a
    // fingerprint. After a lost connection the next statement reconnects (session state
    // and temporary tables are gone).
    void run_statements(const std::string& sql, RowSink sink) override;
    bool connected() const override { return conn_ != nullptr; }
    void connect() override;

  private:
    void disconnect();
    void prepare_database();
    void set_statement_timeout();
    // Reads or creates the ledger (workspace_ledger.hpp); refuses foreign objects.
    void start_ledger();
    void lock_workspace();
    [[noreturn]] void throw_error(double elapsed_seconds);

    ConnectionSpec spec_;
    st_mysql* conn_ = nullptr;
    // The server thread of conn_, for cancel_statement_in_flight() on another thread; 0
    // while not connected.
    std::atomic<std::uint64_t> thread_id_{0};
    std::string version_;
    unsigned read_timeout_seconds_ = 0;
    // Server thread of a connection dropped on a client-side timeout; its query
    // may still run, so the next connection kills it.
    std::uint64_t stale_thread_ = 0;
    // The server's error log (BackendOptions::server_log): a lost connection reads it.
    std::optional<ServerLog> server_log_;
};

}  // namespace eriq
