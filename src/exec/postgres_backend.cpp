#include "exec/postgres_backend.hpp"

#include <libpq-fe.h>
#include <poll.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <memory>
#include <thread>
#include <utility>
#include <vector>

#include "exec/driver_timer.hpp"
#include "exec/postgres_error_kind.hpp"
#include "exec/postgres_values.hpp"

namespace eriq {

namespace {

// The client gives up this long after the server-side statement_timeout should have
// fired, so the server normally reports the timeout first.
constexpr auto kClientTimeoutMargin = std::chrono::seconds(5);

const LedgerSql kPostgresLedger{
    .create = "CREATE TABLE public.eriq_ledger (object_name text PRIMARY KEY)",
    .select = "SELECT object_name FROM public.eriq_ledger",
    .insert_prefix = "INSERT INTO public.eriq_ledger (object_name) VALUES ",
    .insert_suffix = " ON CONFLICT DO NOTHING",
};

// libpq's own minimum; smaller values are raised to it anyway.
constexpr long long kMinConnectSeconds = 2;

struct ResultClear {
    void operator()(PGresult* result) const { PQclear(result); }
};
using ResultPtr = std::unique_ptr<PGresult, ResultClear>;

struct ConnectionFinish {
    void operator()(PGconn* conn) const { PQfinish(conn); }
};
using ConnectionPtr = std::unique_ptr<PGconn, ConnectionFinish>;

// libpq prints NOTICEs (e.g. from DROP ... IF EXISTS) to stderr by default.
void ignore_notice(void*, const char*) {}

std::string quote_identifier(const std::string& name) {
    std::string out = "\"";
    for (char c : name) {
        out += c;
        if (c == '"') out += '"';
    }
    return out + '"';
}

std::string trimmed(std::string message) {
    while (!message.empty() && std::isspace(static_cast<unsigned char>(message.back())))
        message.pop_back();
    return message;
}

std::string error_state(const PGresult* result) {
    const char* state = PQresultErrorField(result, PG_DIAG_SQLSTATE);
    return state == nullptr ? std::string() : std::string(state);
}

std::string error_text(const PGresult* result) {
    const char* primary = PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY);
    return trimmed(primary != nullptr ? primary : PQresultErrorMessage(result));
}

// PostgreSQL has no CREATE DATABASE IF NOT EXISTS; the caller checks existence first,
// so the generic default template just loses those words.
std::string without_if_not_exists(std::string statement) {
    static constexpr std::string_view words = "if not exists ";
    for (std::size_t i = 0; i + words.size() <= statement.size(); ++i) {
        std::size_t j = 0;
        while (j < words.size() &&
               std::tolower(static_cast<unsigned char>(statement[i + j])) == words[j])
            ++j;
        if (j == words.size()) return statement.erase(i, words.size());
    }
    return statement;
}

}  // namespace

PostgresBackend::PostgresBackend(const ConnectionSpec& spec, const BackendOptions& options)
    : DriverBackend(options, spec.password, kPostgresLedger), spec_(spec) {
    connect();
}

PostgresBackend::~PostgresBackend() {
    disconnect();
}

std::string PostgresBackend::server_version() {
    if (conn_ == nullptr) connect();
    return version_;
}

PGconn* PostgresBackend::open_connection(const std::string& database) {
    const std::string port = std::to_string(spec_.port);
    const std::string timeout = std::to_string(
        std::max(kMinConnectSeconds,
                 static_cast<long long>((options_.connect_timeout.count() + 999) / 1000)));
    std::vector<const char*> keys{
        "host", "port", "dbname", "connect_timeout", "client_encoding", "application_name"};
    std::vector<const char*> values{spec_.host.c_str(), port.c_str(), database.c_str(),
                                    timeout.c_str(),    "UTF8",       "eriq"};
    if (!spec_.user.empty()) {
        keys.push_back("user");
        values.push_back(spec_.user.c_str());
    }
    if (!spec_.password.empty()) {
        keys.push_back("password");
        values.push_back(spec_.password.c_str());
    }
    keys.push_back(nullptr);
    values.push_back(nullptr);

    PGconn* conn = nullptr;
    {
        DriverTimer timer(driver_seconds_);
        // expand_dbname = 0: the database name is a name, never a connection string.
        conn = PQconnectdbParams(keys.data(), values.data(), 0);
    }
    if (conn == nullptr) throw BackendError("connect_failed", "libpq: out of memory", true);
    if (PQstatus(conn) != CONNECTION_OK) {
        ConnectionSpec shown = spec_;
        shown.database = database;
        std::string message =
            scrub("cannot connect to " + shown.redacted() + ": " + trimmed(PQerrorMessage(conn)));
        const bool refused = PQconnectionNeedsPassword(conn) != 0 ||
                             is_authentication_failure_message(PQerrorMessage(conn));
        PQfinish(conn);
        if (refused) throw BackendError(kAuthenticationFailed, "authentication failed: " + message);
        throw BackendError("connect_failed", message, true);
    }
    PQsetNoticeProcessor(conn, ignore_notice, nullptr);
    return conn;
}

void PostgresBackend::connect() {
    try {
        conn_ = open_connection(spec_.database);
    } catch (const BackendError& first) {
        if (first.kind == kAuthenticationFailed) throw;
        // Most likely the database does not exist yet. Ask the maintenance database
        // rather than parse the (possibly translated) message; when that is not
        // reachable either, the first error is the one worth showing.
        bool created = false;
        try {
            created = create_database_if_missing();
        } catch (const BackendError& error) {
            if (error.kind == "connect_failed") throw first;
            throw;
        }
        if (!created) throw;
        conn_ = open_connection(spec_.database);
    }
    version_ = std::string("PostgreSQL ") + PQparameterStatus(conn_, "server_version");
    {
        std::lock_guard lock(cancel_mutex_);
        cancel_ = PQgetCancel(conn_);
    }
    try {
        run("SET bytea_output = 'hex'", {});
        if (options_.statement_timeout.count() > 0)
            run("SET statement_timeout = " + std::to_string(options_.statement_timeout.count()),
                {});
        start_ledger();
        for (const std::string& statement : options_.session_init) run_session_statement(statement);
    } catch (...) {
        disconnect();
        throw;
    }
}

void PostgresBackend::disconnect() {
    {
        std::lock_guard lock(cancel_mutex_);
        if (cancel_ != nullptr) PQfreeCancel(cancel_);
        cancel_ = nullptr;
    }
    if (conn_ != nullptr) PQfinish(conn_);
    conn_ = nullptr;
}

void PostgresBackend::cancel_statement_in_flight() {
    std::lock_guard lock(cancel_mutex_);
    if (cancel_ == nullptr) return;
    char error[256];
    PQcancel(cancel_, error, sizeof error);  // best effort: the statement may have ended
}

// Returns true when it created the database, false when it already existed.
bool PostgresBackend::create_database_if_missing() {
    ConnectionPtr admin(open_connection("postgres"));
    const char* name[] = {spec_.database.c_str()};
    ResultPtr found(PQexecParams(admin.get(),
                                 "SELECT 1 FROM pg_catalog.pg_database WHERE datname = $1", 1,
                                 nullptr, name, nullptr, nullptr, 0));
    if (PQresultStatus(found.get()) != PGRES_TUPLES_OK || PQntuples(found.get()) > 0) return false;

    const std::string quoted = quote_identifier(spec_.database);
    const std::string create =
        with_database(without_if_not_exists(options_.create_database), quoted);
    ResultPtr done;
    {
        DriverTimer timer(driver_seconds_);
        done.reset(PQexec(admin.get(), create.c_str()));
    }
    if (PQresultStatus(done.get()) == PGRES_COMMAND_OK) return true;
    const std::string state = error_state(done.get());
    if (state == "42P04") return true;  // another connection created it meanwhile
    throw BackendError(postgres_error_kind(state),
                       scrub("cannot create database " + quoted + ": " + error_text(done.get())));
}

namespace {

const char* const kPublicObjects =
    "SELECT c.relname FROM pg_catalog.pg_class c "
    "JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
    "WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'f') ORDER BY 1";

}  // namespace

// An advisory lock in eriq's own database, held while the session lives (a lost session
// releases it). Tries for a few seconds: a predecessor's session may still be ending.
void PostgresBackend::lock_workspace() {
    const std::string key = "pg_catalog.hashtext('eriq workspace')";
    for (int attempt = 0; attempt < 50; ++attempt) {
        const ResultSet got = run_query("SELECT CASE WHEN pg_catalog.pg_try_advisory_lock(" + key +
                                        ") THEN 1 ELSE 0 END");
        if (!got.rows.empty() && got.rows[0][0].text == "1") return;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    const ResultSet holder = run_query(
        "SELECT pid FROM pg_catalog.pg_locks WHERE locktype = 'advisory' AND granted AND "
        "pid <> pg_catalog.pg_backend_pid() AND "
        "database = (SELECT oid FROM pg_catalog.pg_database WHERE datname = "
        "pg_catalog.current_database()) LIMIT 1");
    const std::string pid = holder.rows.empty() ? "?" : holder.rows[0][0].text;
    throw BackendError("workspace_busy", "database " + quote_identifier(spec_.database) +
                                             " is in use by another eriq run (server process " +
                                             pid + "); give each run a database of its own");
}

void PostgresBackend::start_ledger() {
    if (options_.exclusive_workspace) lock_workspace();
    std::vector<std::string> names;
    for (const auto& row : run_query(kPublicObjects).rows) names.push_back(row[0].text);
    std::vector<std::string> schemas;
    for (const auto& row : run_query("SELECT nspname FROM pg_catalog.pg_namespace").rows)
        schemas.push_back(row[0].text);
    set_other_schemas(schemas, {"public"});
    open_ledger(WorkspaceScope{.description = "database " + quote_identifier(spec_.database),
                               .own_schemas = {"public"},
                               .temporary_schemas = {"pg_temp"},
                               .names = NameCase::FoldUnquotedToLower},
                names);
}

void PostgresBackend::run_statements(const std::string& sql, RowSink sink) {
    const bool bounded = options_.statement_timeout.count() > 0;
    const auto deadline = this->deadline() + kClientTimeoutMargin;
    int sent;
    {
        DriverTimer timer(driver_seconds_);
        // The extended protocol runs exactly one statement: a text holding several fails.
        sent = PQsendQueryParams(conn_, sql.c_str(), 0, nullptr, nullptr, nullptr, nullptr, 0);
    }
    if (sent == 0) fail("", PQerrorMessage(conn_));

    std::string failed_state;
    std::string failed_message;
    bool failed = false;
    for (;;) {
        if (!wait_until_readable(deadline, bounded)) {
            cancel_running_statement();
            disconnect();
            throw BackendError("timeout", "no answer within the statement timeout of " +
                                              std::to_string(options_.statement_timeout.count()) +
                                              " ms (client read timeout)");
        }
        ResultPtr result;
        {
            DriverTimer timer(driver_seconds_);
            result.reset(PQgetResult(conn_));
        }
        if (!result) break;
        ++statements_;
        switch (PQresultStatus(result.get())) {
            case PGRES_TUPLES_OK:
                if (PQnfields(result.get()) == 0) break;
                // The last result with columns is the one that counts.
                if (sink.rows != nullptr) read_tuples(result.get(), *sink.rows);
                if (sink.fingerprint != nullptr) {
                    *sink.fingerprint = FingerprintBuilder();
                    fingerprint_tuples(result.get(), *sink.fingerprint);
                }
                break;
            case PGRES_COMMAND_OK:
            case PGRES_EMPTY_QUERY:
                break;
            case PGRES_COPY_IN:
                PQputCopyEnd(conn_, "eriq sends no COPY data");
                break;
            case PGRES_COPY_OUT: {
                char* buffer = nullptr;
                while (PQgetCopyData(conn_, &buffer, 0) > 0) PQfreemem(buffer);
                break;
            }
            default:
                if (!failed) {
                    failed = true;
                    failed_state = error_state(result.get());
                    failed_message = error_text(result.get());
                }
                break;
        }
    }
    if (failed) fail(failed_state, failed_message);
}

// Waits until PQgetResult will not block; false when the deadline passed first.
bool PostgresBackend::wait_until_readable(std::chrono::steady_clock::time_point deadline,
                                          bool bounded) {
    DriverTimer timer(driver_seconds_);
    while (PQisBusy(conn_)) {
        int wait_ms = -1;
        if (bounded) {
            auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0) return false;
            wait_ms = static_cast<int>(left.count());
        }
        pollfd socket{PQsocket(conn_), POLLIN, 0};
        if (socket.fd < 0) return true;  // broken: PQgetResult reports it
        int ready = poll(&socket, 1, wait_ms);
        if (ready < 0 && errno != EINTR) return true;
        if (ready > 0 && PQconsumeInput(conn_) == 0) return true;
    }
    return true;
}

void PostgresBackend::cancel_running_statement() {
    PGcancel* cancel = PQgetCancel(conn_);
    if (cancel == nullptr) return;
    char error[256];
    PQcancel(cancel, error, sizeof error);
    PQfreeCancel(cancel);
}

void PostgresBackend::fail(const std::string& sqlstate, const std::string& raw_message) {
    std::string message = scrub("postgres error" + (sqlstate.empty() ? "" : " " + sqlstate) + ": " +
                                trimmed(raw_message));
    if (interrupted()) {
        if (PQstatus(conn_) == CONNECTION_BAD) disconnect();
        throw BackendError(kInterrupted, message);
    }
    if (PQstatus(conn_) == CONNECTION_BAD || is_lost_connection_state(sqlstate)) {
        disconnect();
        throw BackendError("connection_lost", message, true);
    }
    // An explicit BEGIN in the failed text leaves the session in an aborted transaction.
    if (PQtransactionStatus(conn_) == PQTRANS_INERROR) PQclear(PQexec(conn_, "ROLLBACK"));
    throw BackendError(postgres_error_kind(sqlstate), message);
}

void PostgresBackend::reset_workspace() {
    const ResultSet objects = run_query(
        "SELECT CASE WHEN n.nspname = 'public' THEN 'public' ELSE 'pg_temp' END, c.relkind, "
        "c.relname FROM pg_catalog.pg_class c "
        "JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
        "WHERE (n.nspname = 'public' OR n.oid = pg_catalog.pg_my_temp_schema()) "
        "AND c.relkind IN ('r', 'p', 'v', 'm', 'f')");
    // Views first, then tables. No CASCADE: an object eriq did not create that depends on
    // one of eriq's (possible only when foreign objects are allowed) makes the drop fail
    // instead of disappearing with it.
    const std::pair<char, const char*> kinds[] = {{'v', "VIEW"},
                                                  {'m', "MATERIALIZED VIEW"},
                                                  {'r', "TABLE"},
                                                  {'p', "TABLE"},
                                                  {'f', "FOREIGN TABLE"}};
    for (const auto& [relkind, keyword] : kinds) {
        std::string names;
        for (const auto& row : objects.rows) {
            if (row[1].text.size() != 1 || row[1].text[0] != relkind) continue;
            const std::string& name = row[2].text;
            const bool temporary = row[0].text == "pg_temp";
            if (!temporary && (!ledger_.owns(name) || name == kLedgerTable)) continue;
            names += (names.empty() ? "" : ", ") + row[0].text + "." + quote_identifier(name);
        }
        if (!names.empty()) run(std::string("DROP ") + keyword + " IF EXISTS " + names, {});
    }
}

}  // namespace eriq
