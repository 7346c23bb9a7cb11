#pragma once
// MySQL-protocol target through libmariadb (text protocol): MariaDB, MySQL,
// Percona, TiDB, OceanBase. Works only inside a database of the tool's own.
#include <atomic>
#include <cstdint>
#include <set>
#include <string>

#include "exec/backend.hpp"
#include "exec/row_sink.hpp"
#include "exec/workspace_ledger.hpp"

struct st_mysql;

namespace eriq {

class MysqlBackend : public Backend {
  public:
    // Connects, creates and selects spec.database, refuses it if it holds foreign
    // objects (unless allowed) and runs the session_init statements. Throws BackendError.
    MysqlBackend(const ConnectionSpec& spec, const BackendOptions& options);
    ~MysqlBackend() override;
    MysqlBackend(const MysqlBackend&) = delete;
    MysqlBackend& operator=(const MysqlBackend&) = delete;

    std::string driver() const override { return "mysql"; }
    std::string server_version() override;

    // Both accept several ';'-separated statements and consume every result;
    // query() returns the rows of the first result that has columns. After a lost
    // connection the next call reconnects (session state and temporary tables are gone).
    void execute(const std::string& sql) override;
    ResultSet query(const std::string& sql) override;
    // Hashes the client library's row buffers; no row is built.
    ResultFingerprint query_fingerprint(const std::string& sql) override;

    void reset_workspace() override;

  protected:
    // KILL QUERY <this connection's thread> over a second, short-lived connection.
    void cancel_statement_in_flight() override;

  private:
    void connect();
    void disconnect();
    void prepare_database();
    void set_statement_timeout();
    // Runs `sql` and consumes every result; the first one with columns feeds `sink`.
    void run(const std::string& sql, RowSink sink);
    // Reads or creates the ledger (workspace_ledger.hpp); refuses foreign objects.
    void start_ledger();
    // Checks `sql` against the ledger and records the objects it will create.
    void admit(const std::string& sql);
    [[noreturn]] void throw_error(double elapsed_seconds);
    std::string scrub(std::string message) const;

    ConnectionSpec spec_;
    BackendOptions options_;
    st_mysql* conn_ = nullptr;
    // The server thread of conn_, for cancel_statement_in_flight() on another thread; 0
    // while not connected.
    std::atomic<std::uint64_t> thread_id_{0};
    std::string version_;
    unsigned read_timeout_seconds_ = 0;
    // Server thread of a connection dropped on a client-side timeout; its query
    // may still run, so the next connection kills it.
    std::uint64_t stale_thread_ = 0;
    WorkspaceLedger ledger_{WorkspaceScope{}};
};

}  // namespace eriq
