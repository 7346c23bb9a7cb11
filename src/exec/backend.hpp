#pragma once
// One interface for every target DBMS. A backend runs SQL text and returns rows;
// it knows nothing about how the SQL was generated or how results are compared.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "exec/result_fingerprint.hpp"
#include "model/result_set.hpp"
#include "util/statement_gate.hpp"

namespace eriq {

// Why a statement failed. `kind` is a short stable label used to count discarded
// cases (e.g. "mysql:1064", "sqlite:no such function", "timeout", "connection_lost").
// Two kinds end a campaign rather than a case: kAuthenticationFailed (the server refused
// the credentials; retrying cannot help) and kInterrupted (Backend::interrupt()).
struct BackendError : std::runtime_error {
    BackendError(std::string kind_, const std::string& message, bool server_fault_ = false)
        : std::runtime_error(message), kind(std::move(kind_)), server_fault(server_fault_) {}
    std::string kind;
    bool server_fault;  // the connection was lost or the server crashed
    // When the server's error log was given (BackendOptions::server_log) and it reports a
    // crash: the crashed thread's functions, innermost first (exec/server_log.hpp).
    std::vector<std::string> crash_frames;
};

// A statement would touch an object eriq did not create (workspace_ledger.hpp). Never
// a per-case failure: the run stops.
struct WorkspaceViolation : BackendError {
    explicit WorkspaceViolation(const std::string& message) : BackendError("not_owned", message) {}
};

// A client library that cannot be loaded at run time (--driver-library): a missing file, not a
// shared library, or one that lacks a function eriq calls. A usage error, never a finding.
struct DriverLibraryError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The client library a backend runs on, when eriq loads it at run time (SQLite); all empty
// for the drivers eriq links (libmariadb, libpq).
struct DriverLibraryInfo {
    std::string path;       // the file the dynamic loader opened
    std::string version;    // "SQLite 3.53.2"
    std::string source_id;  // sqlite3_sourceid(): check-in date and hash
};

inline const std::string kAuthenticationFailed = "authentication_failed";
inline const std::string kInterrupted = "interrupted";
inline const std::string kTimeout = "timeout";  // a statement ran past the statement timeout

// Where to connect. Parsed from URLs like sqlite::memory:, sqlite:///path.db, duckdb::memory:,
// mysql://user:pass@127.0.0.1:3306/dbname. The password is never printed.
struct ConnectionSpec {
    std::string driver;  // "sqlite", "duckdb", "mysql" or "postgres"
    std::string host = "127.0.0.1";
    unsigned port = 0;
    std::string user;
    std::string password;
    std::string database;  // for sqlite and duckdb: file path or ":memory:"

    static ConnectionSpec parse(const std::string& url);  // throws std::invalid_argument
    std::string redacted() const;                         // URL with the password as ***
};

struct BackendOptions {
    std::chrono::milliseconds statement_timeout{10000};
    std::chrono::milliseconds connect_timeout{5000};
    // What the statement gate lets through (util/statement_gate.hpp), from the dialect file;
    // open_backend() sets its lexical rules from the driver. By default no session setting
    // may change.
    GateRules gate;
    // Statements run once after connecting (e.g. SET NAMES ...), from the dialect file.
    std::vector<std::string> session_init;
    // Template for creating the tool's own database on servers, {db} is replaced.
    std::string create_database = "CREATE DATABASE IF NOT EXISTS {db}";
    // A result with more rows fails with kind "result_too_large": huge results
    // (joins over big tables) cost memory and time and make poor bug reports.
    std::size_t max_result_rows = 50000;
    // MySQL protocol and PostgreSQL: hold a lock on the database for the whole connection, so
    // a second run on the same database is refused (with the first's connection named)
    // instead of dropping the first's tables. Campaigns and every eriq-gen command set it.
    bool exclusive_workspace = false;
    // Allow a database that already holds tables the tool did not create.
    bool allow_foreign_objects = false;
    // SQLite, DuckDB: the library to load (a path, or a name the dynamic loader searches
    // for); empty: the default (exec/sqlite_library.hpp, exec/duckdb_library.hpp).
    std::string driver_library;
    // MySQL protocol: the server's error log, read after a lost connection for the crash
    // site (--server-log); empty: not read.
    std::string server_log;
};

// The statement-log record that stands for "start a fresh in-memory database" (a SQL
// comment, so it is harmless anywhere else).
inline const std::string kFreshDatabaseRecord = "-- eriq: fresh in-memory database";

class Backend {
  public:
    virtual ~Backend() = default;

    virtual std::string driver() const = 0;
    virtual std::string server_version() = 0;
    virtual DriverLibraryInfo driver_library() { return {}; }

    // Runs one statement that returns no rows. Throws BackendError.
    virtual void execute(const std::string& sql) = 0;
    // Runs one statement and returns its rows. Throws BackendError.
    virtual ResultSet query(const std::string& sql) = 0;
    // Runs one statement and returns only its rows' fingerprint, the same for equal rows on
    // this backend. A backend may compute it from the driver's values without building rows.
    virtual ResultFingerprint query_fingerprint(const std::string& sql) {
        return fingerprint(query(sql));
    }

    // Turns off the optimizations in `mask` for the statements that follow (0: all back on).
    // Returns false when this backend cannot (only SQLite can, through
    // sqlite3_test_control(SQLITE_TESTCTRL_OPTIMIZATIONS), when its library exports it).
    virtual bool set_optimizations_off(std::uint64_t /*mask*/) { return false; }

    // Safe to call from another thread at any time: stops the statement in flight, which
    // then fails with kind kInterrupted, and makes every later statement fail that way at
    // once. Used to end a campaign on SIGINT/SIGTERM or at its deadline.
    void interrupt() {
        interrupted_.store(true);
        cancel_statement_in_flight();
    }
    bool interrupted() const { return interrupted_.load(); }
    // Lets statements run again after interrupt(), e.g. to clean up once nothing else
    // will interrupt this backend.
    void resume() { interrupted_.store(false); }

    // Drops every table and view the tool created in its own database (by its ledger,
    // workspace_ledger.hpp) and the session's temporary tables, leaving nothing else touched.
    virtual void reset_workspace() = 0;

    // Wall time spent inside driver calls and the number of statements sent.
    double driver_seconds() const { return driver_seconds_; }
    std::uint64_t statements() const { return statements_; }

    // Every SQL text sent to the driver from now on is appended to `log`, each
    // followed by a NUL byte, so the same stream can be replayed (driver_replay.hpp).
    // A backend that starts a fresh in-memory database logs kFreshDatabaseRecord, so the
    // replay does the same.
    void set_statement_log(std::ostream* log) { statement_log_ = log; }

  protected:
    // interrupt()'s driver part; called from another thread. A statement not yet sent
    // sees interrupted() instead.
    virtual void cancel_statement_in_flight() {}

    // Throws kInterrupted when interrupt() was called; for the start of every statement.
    void refuse_if_interrupted() const {
        if (interrupted())
            throw BackendError(kInterrupted, "the statement was interrupted: the run is stopping");
    }

    void log_statement(const std::string& sql) {
        if (statement_log_)
            statement_log_->write(sql.data(), static_cast<std::streamsize>(sql.size() + 1));
    }

    std::ostream* statement_log_ = nullptr;
    std::atomic<bool> interrupted_{false};
    double driver_seconds_ = 0;
    std::uint64_t statements_ = 0;
};

// Connects (creating the tool's database on a server if needed, refusing one
// that holds foreign tables unless allowed) and runs the session_init statements.
std::unique_ptr<Backend> open_backend(const ConnectionSpec& spec, const BackendOptions& options);

// Loads the client library `path` names for `driver` (empty: the default), so that an
// unusable one fails before anything runs, and describes it. Only the sqlite and duckdb
// drivers load a library at run time: a path for another driver is a DriverLibraryError.
DriverLibraryInfo load_driver_library(const std::string& driver, const std::string& path);

}  // namespace eriq
