#include "exec/mysql_backend.hpp"

#include <errmsg.h>
#include <mysql.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "exec/driver_timer.hpp"
#include "exec/mysql_values.hpp"

namespace eriq {

namespace {

// Client-side socket timeouts exceed the server-side statement timeout by this
// much, so the server normally reports the timeout before the client gives up.
constexpr unsigned kReadTimeoutMarginSeconds = 5;

constexpr unsigned kMariadbStatementTimeout = 1969;  // ER_STATEMENT_TIMEOUT
constexpr unsigned kMysqlStatementTimeout = 3024;    // ER_QUERY_TIMEOUT

// How long a lost connection waits for the server's crash report in its error log.
constexpr std::chrono::milliseconds kCrashReportWait{2000};
// The KILL QUERY connection gives up after this long: interrupting is best effort.
constexpr unsigned kCancelTimeoutSeconds = 1;

// ER_DBACCESS_DENIED_ERROR, ER_ACCESS_DENIED_ERROR, ER_ACCESS_DENIED_NO_PASSWORD_ERROR.
bool is_authentication_failure(unsigned code) {
    return code == 1044 || code == 1045 || code == 1698;
}

struct ResultFree {
    void operator()(MYSQL_RES* result) const { mysql_free_result(result); }
};
using ResultPtr = std::unique_ptr<MYSQL_RES, ResultFree>;

bool is_lost_connection(unsigned code) {
    return code == CR_CONNECTION_ERROR || code == CR_CONN_HOST_ERROR ||
           code == CR_SERVER_GONE_ERROR || code == CR_SERVER_LOST ||
           code == CR_SERVER_LOST_EXTENDED;
}

unsigned ceil_seconds(std::chrono::milliseconds duration) {
    return static_cast<unsigned>((duration.count() + 999) / 1000);
}

std::string backquote(const std::string& name) {
    std::string out = "`";
    for (char c : name) {
        out += c;
        if (c == '`') out += '`';
    }
    return out + '`';
}

std::string join_quoted(const std::set<std::string>& names) {
    std::string out;
    for (const std::string& name : names) out += (out.empty() ? "" : ", ") + backquote(name);
    return out;
}

const LedgerSql kMysqlLedger{
    .create =
        "CREATE TABLE eriq_ledger (object_name VARCHAR(64) CHARACTER SET utf8mb4 "
        "COLLATE utf8mb4_bin PRIMARY KEY)",
    .select = "SELECT object_name FROM eriq_ledger",
    .insert_prefix = "INSERT IGNORE INTO eriq_ledger (object_name) VALUES ",
    .insert_suffix = "",
    .backslash_escapes = true,
};

}  // namespace

MysqlBackend::MysqlBackend(const ConnectionSpec& spec, const BackendOptions& options)
    : DriverBackend(options, spec.password, kMysqlLedger), spec_(spec) {
    if (options_.statement_timeout.count() > 0) {
        read_timeout_seconds_ =
            ceil_seconds(options_.statement_timeout) + kReadTimeoutMarginSeconds;
    }
    if (!options_.server_log.empty()) server_log_.emplace(options_.server_log);
    connect();
}

MysqlBackend::~MysqlBackend() {
    disconnect();
}

std::string MysqlBackend::server_version() {
    if (conn_ == nullptr) connect();
    return version_;
}

void MysqlBackend::connect() {
    static std::once_flag library_ready;
    std::call_once(library_ready, [] { mysql_library_init(0, nullptr, nullptr); });

    conn_ = mysql_init(nullptr);
    if (conn_ == nullptr) throw BackendError("connect_failed", "mysql_init: out of memory", true);
    unsigned connect_seconds = std::max(1u, ceil_seconds(options_.connect_timeout));
    unsigned local_infile = 0;
    mysql_options(conn_, MYSQL_OPT_CONNECT_TIMEOUT, &connect_seconds);
    if (read_timeout_seconds_ > 0) {
        mysql_options(conn_, MYSQL_OPT_READ_TIMEOUT, &read_timeout_seconds_);
        mysql_options(conn_, MYSQL_OPT_WRITE_TIMEOUT, &read_timeout_seconds_);
    }
    mysql_options(conn_, MYSQL_SET_CHARSET_NAME, "utf8mb4");
    mysql_options(conn_, MYSQL_OPT_LOCAL_INFILE, &local_infile);

    // One statement per call: without CLIENT_MULTI_STATEMENTS the server refuses a text that
    // holds several, whatever a lexer made of it.
    unsigned long flags = 0;
    if (mysql_real_connect(conn_, spec_.host.c_str(), spec_.user.c_str(), spec_.password.c_str(),
                           nullptr, spec_.port, nullptr, flags) == nullptr) {
        const unsigned code = mysql_errno(conn_);
        std::string message =
            scrub("cannot connect to " + spec_.redacted() + ": " + mysql_error(conn_));
        disconnect();
        if (is_authentication_failure(code))
            throw BackendError(kAuthenticationFailed, "authentication failed: " + message);
        throw BackendError("connect_failed", message, true);
    }
    version_ = mysql_get_server_info(conn_);
    thread_id_.store(mysql_thread_id(conn_));
    ledger_.session_ended();
    try {
        if (stale_thread_ != 0) {
            std::uint64_t stale = std::exchange(stale_thread_, 0);
            try {
                run("KILL " + std::to_string(stale), {});
            } catch (const BackendError& error) {
                if (error.server_fault) throw;  // the thread may be gone already: fine
            }
        }
        prepare_database();
        set_statement_timeout();
        for (const std::string& statement : options_.session_init) run_session_statement(statement);
    } catch (...) {
        disconnect();
        throw;
    }
}

void MysqlBackend::disconnect() {
    thread_id_.store(0);
    if (conn_ != nullptr) mysql_close(conn_);
    conn_ = nullptr;
}

void MysqlBackend::cancel_statement_in_flight() {
    const std::uint64_t thread = thread_id_.load();
    if (thread == 0) return;
    MYSQL* killer = mysql_init(nullptr);
    if (killer == nullptr) return;
    unsigned timeout = kCancelTimeoutSeconds;
    mysql_options(killer, MYSQL_OPT_CONNECT_TIMEOUT, &timeout);
    mysql_options(killer, MYSQL_OPT_READ_TIMEOUT, &timeout);
    mysql_options(killer, MYSQL_OPT_WRITE_TIMEOUT, &timeout);
    if (mysql_real_connect(killer, spec_.host.c_str(), spec_.user.c_str(), spec_.password.c_str(),
                           nullptr, spec_.port, nullptr, 0) != nullptr) {
        const std::string kill = "KILL QUERY " + std::to_string(thread);
        mysql_real_query(killer, kill.data(), kill.size());  // the thread may be idle or gone
    }
    mysql_close(killer);
}

void MysqlBackend::prepare_database() {
    const std::string quoted = backquote(spec_.database);
    const std::string create = with_database(options_.create_database, quoted);
    if (!create.empty()) run(create, {});
    run("USE " + quoted, {});
    start_ledger();
}

// A named lock per database, held while the connection lives (a crashed or killed
// connection releases it). Waits a little: a predecessor killed on reconnect may still hold it.
void MysqlBackend::lock_workspace() {
    const std::string name = "'eriq:" + spec_.database.substr(0, 58) + "'";
    const ResultSet got = run_query("SELECT GET_LOCK(" + name + ", 5)");
    if (!got.rows.empty() && got.rows[0][0].text == "1") return;
    const ResultSet holder = run_query("SELECT IS_USED_LOCK(" + name + ")");
    const std::string id = holder.rows.empty() ? "?" : holder.rows[0][0].text;
    throw BackendError("workspace_busy", "database " + backquote(spec_.database) +
                                             " is in use by another eriq run (server connection " +
                                             id + "); give each run a database of its own");
}

void MysqlBackend::start_ledger() {
    if (options_.exclusive_workspace) lock_workspace();
    const ResultSet found = run_query("SELECT @@lower_case_table_names");
    const bool folded = !found.rows.empty() && found.rows[0][0].text != "0";
    std::vector<std::string> names;
    for (const auto& row :
         run_query("SELECT table_name FROM information_schema.tables WHERE table_schema = "
                   "DATABASE() AND table_type <> 'TEMPORARY'")
             .rows)
        names.push_back(row[0].text);
    std::vector<std::string> schemas;
    for (const auto& row : run_query("SHOW DATABASES").rows) schemas.push_back(row[0].text);
    set_other_schemas(schemas, {spec_.database});
    open_ledger(WorkspaceScope{.description = "database " + backquote(spec_.database),
                               .own_schemas = {spec_.database},
                               .temporary_schemas = {},
                               .names = folded ? NameCase::Insensitive : NameCase::Sensitive},
                names);
}

void MysqlBackend::set_statement_timeout() {
    auto ms = options_.statement_timeout.count();
    if (ms <= 0) return;
    if (version_.find("MariaDB") != std::string::npos) {
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "%.3f", static_cast<double>(ms) / 1000.0);
        run(std::string("SET SESSION max_statement_time = ") + seconds, {});
        return;
    }
    try {
        // MySQL and Percona; TiDB and OceanBase may reject it and rely on the read timeout.
        run("SET SESSION MAX_EXECUTION_TIME = " + std::to_string(ms), {});
    } catch (const BackendError& error) {
        if (error.server_fault) throw;
    }
}

void MysqlBackend::run_statements(const std::string& sql, RowSink sink) {
    auto start = std::chrono::steady_clock::now();
    auto elapsed = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    int status;
    {
        DriverTimer timer(driver_seconds_);
        status = mysql_real_query(conn_, sql.data(), sql.size());
    }
    if (status != 0) throw_error(elapsed());
    for (;;) {
        ++statements_;
        ResultPtr result;
        {
            DriverTimer timer(driver_seconds_);
            result.reset(mysql_store_result(conn_));
        }
        if (result) {
            if (sink.wanted() && mysql_num_fields(result.get()) > 0) {
                if (mysql_num_rows(result.get()) > options_.max_result_rows) {
                    result.reset();
                    while (mysql_next_result(conn_) == 0)
                        if (MYSQL_RES* rest = mysql_store_result(conn_)) mysql_free_result(rest);
                    throw result_too_large();
                }
                if (sink.rows != nullptr) read_result(result.get(), *sink.rows);
                if (sink.fingerprint != nullptr)
                    fingerprint_result(result.get(), *sink.fingerprint);
                sink = {};  // later results are consumed and dropped
            }
        } else if (mysql_field_count(conn_) != 0) {
            throw_error(elapsed());
        }
        {
            DriverTimer timer(driver_seconds_);
            status = mysql_next_result(conn_);
        }
        if (status < 0) return;
        if (status > 0) throw_error(elapsed());
    }
}

void MysqlBackend::throw_error(double elapsed_seconds) {
    unsigned code = mysql_errno(conn_);
    std::string message = scrub("mysql error " + std::to_string(code) + " (" +
                                mysql_sqlstate(conn_) + "): " + mysql_error(conn_));
    if (interrupted()) {
        if (is_lost_connection(code)) disconnect();
        throw BackendError(kInterrupted, message);
    }
    if (is_authentication_failure(code))
        throw BackendError(kAuthenticationFailed, "authentication failed: " + message);
    if (code == kMariadbStatementTimeout || code == kMysqlStatementTimeout) {
        throw BackendError("timeout", message);
    }
    if (!is_lost_connection(code)) throw BackendError("mysql:" + std::to_string(code), message);

    // The server may still run the statement; the next connection kills it.
    stale_thread_ = mysql_thread_id(conn_);
    disconnect();
    bool client_timeout = (code == CR_SERVER_LOST || code == CR_SERVER_LOST_EXTENDED) &&
                          read_timeout_seconds_ > 0 &&
                          elapsed_seconds + 0.5 >= static_cast<double>(read_timeout_seconds_);
    if (client_timeout) throw BackendError("timeout", message + " (client read timeout)");
    BackendError lost("connection_lost", message, true);
    // A crashing server writes its report before the connection drops; the wait covers a
    // report still being written, and a server killed without one.
    if (server_log_) {
        if (auto crash = server_log_->crash_since_last_read(kCrashReportWait))
            lost.crash_frames = std::move(crash->frames);
    }
    throw lost;
}

void MysqlBackend::reset_workspace() {
    const ResultSet objects = run_query(
        "SELECT table_name, table_type FROM information_schema.tables "
        "WHERE table_schema = DATABASE()");
    std::set<std::string> temporary(ledger_.temporary().begin(), ledger_.temporary().end());
    std::set<std::string> views;
    std::set<std::string> tables;
    for (const auto& row : objects.rows) {
        const std::string& name = row[0].text;
        if (row[1].text == "TEMPORARY") {
            temporary.insert(name);  // the session's own
        } else if (ledger_.owns(name) && name != kLedgerTable) {
            if (row[1].text == "VIEW") {
                views.insert(name);
            } else {
                // A temporary table shadows a base table of the same name, and DROP TABLE
                // would remove the temporary one first: drop those explicitly beforehand.
                temporary.insert(name);
                tables.insert(name);
            }
        }
    }
    if (!temporary.empty()) run("DROP TEMPORARY TABLE IF EXISTS " + join_quoted(temporary), {});
    if (!views.empty()) run("DROP VIEW IF EXISTS " + join_quoted(views), {});
    if (!tables.empty()) run("DROP TABLE IF EXISTS " + join_quoted(tables), {});
    ledger_.session_ended();
}

}  // namespace eriq
