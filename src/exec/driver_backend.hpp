#pragma once
// The skeleton every backend over a client library shares (SQLite, DuckDB, libmariadb,
// libpq). It owns what does not depend on the library: execute / query / fingerprint
// (each checked against the workspace ledger first), the start of every statement
// (interrupt check, statement log, reconnect, deadline), the ledger's opening, scrubbing
// the password out of messages, the {db} substitution and the timeout and size errors.
// A backend supplies run_statements() (send SQL, feed the sink) and what its library needs.
#include <chrono>
#include <set>
#include <string>
#include <vector>

#include "exec/backend.hpp"
#include "exec/row_sink.hpp"
#include "exec/workspace_ledger.hpp"

namespace eriq {

class DriverBackend : public Backend {
  public:
    void execute(const std::string& sql) final;
    ResultSet query(const std::string& sql) final;
    // The backend's run_statements() hashes the driver's values; no row is built.
    ResultFingerprint query_fingerprint(const std::string& sql) final;

  protected:
    // `secret` is scrubbed out of every message scrub() sees (the password, or empty);
    // `ledger_sql` spells the ledger's statements for this DBMS.
    DriverBackend(const BackendOptions& options, std::string secret, LedgerSql ledger_sql);

    // The library part of a statement: runs every statement in `sql` and feeds `sink` the
    // rows of the one the backend documents (the first or the last with columns).
    virtual void run_statements(const std::string& sql, RowSink sink) = 0;
    // Server backends reconnect before a statement when the connection was dropped.
    virtual bool connected() const { return true; }
    virtual void connect() {}

    // Every statement the backend sends, its own included, goes through here: refuses
    // after interrupt(), logs the text, reconnects (a failed reconnect is
    // "connection_lost"), starts the statement's deadline, then run_statements().
    void run(const std::string& sql, RowSink sink);
    ResultSet run_query(const std::string& sql);

    // Opens the ledger of `scope` over the database's tables and views `objects`
    // (workspace_ledger.hpp); refuses foreign objects unless the options allow them.
    void open_ledger(WorkspaceScope scope, const std::vector<std::string>& objects);
    // The statement gate (util/statement_gate.hpp): throws WorkspaceViolation unless `sql` is
    // one statement of a kind eriq sends, naming no schema of the server's but its own;
    // returns its kind.
    StatementKind gate(const std::string& sql) const;
    // A session statement from the dialect or a case file (session_init, a profile): gated,
    // and refused unless it is SET, RESET or PRAGMA.
    void run_session_statement(const std::string& sql);
    // The server's schemas (databases on MySQL) that are not eriq's: `all` less `own`.
    void set_other_schemas(const std::vector<std::string>& all,
                           const std::vector<std::string>& own);
    static std::string excerpt(const std::string& sql);
    // Checks `sql` against the ledger and records the objects it will create.
    void admit(const std::string& sql);

    // The statement's deadline, set by run(); past_deadline() is false without a timeout.
    std::chrono::steady_clock::time_point deadline() const { return deadline_; }
    bool past_deadline() const;
    BackendError timeout_error(const std::string& suffix = "") const;
    BackendError result_too_large() const;

    std::string scrub(std::string message) const;
    // `statement` with every {db} replaced by the database's quoted name.
    static std::string with_database(std::string statement, const std::string& quoted);

    BackendOptions options_;
    WorkspaceLedger ledger_{WorkspaceScope{}};

  private:
    std::set<std::string> other_schemas_;  // lower-case
    std::string secret_;
    LedgerSql ledger_sql_;
    std::chrono::steady_clock::time_point deadline_;
};

}  // namespace eriq
