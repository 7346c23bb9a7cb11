#include "exec/postgres_backend.hpp"

#include <libpq-fe.h>
#include <poll.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <memory>
#include <utility>
#include <vector>

#include "exec/driver_timer.hpp"
#include "exec/postgres_error_kind.hpp"
#include "exec/workspace_ledger.hpp"

namespace eriq {

namespace {

// The client gives up this long after the server-side statement_timeout should have
// fired, so the server normally reports the timeout first.
constexpr auto kClientTimeoutMargin = std::chrono::seconds(5);

// libpq's own minimum; smaller values are raised to it anyway.
constexpr long long kMinConnectSeconds = 2;

// Type OIDs of the built-in types (PostgreSQL's pg_type.dat); they never change.
constexpr Oid kBool = 16;
constexpr Oid kBytea = 17;
constexpr Oid kInt8 = 20;
constexpr Oid kInt2 = 21;
constexpr Oid kInt4 = 23;
constexpr Oid kJson = 114;
constexpr Oid kFloat4 = 700;
constexpr Oid kFloat8 = 701;
constexpr Oid kDate = 1082;
constexpr Oid kTime = 1083;
constexpr Oid kTimestamp = 1114;
constexpr Oid kTimestamptz = 1184;
constexpr Oid kInterval = 1186;
constexpr Oid kTimetz = 1266;
constexpr Oid kNumeric = 1700;
constexpr Oid kJsonb = 3802;

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

ValueKind column_kind(Oid type) {
    switch (type) {
        case kInt2:
        case kInt4:
        case kInt8:
        case kBool:
            return ValueKind::Int;
        case kNumeric:
            return ValueKind::Decimal;
        case kFloat4:
        case kFloat8:
            return ValueKind::Float;
        case kDate:
        case kTime:
        case kTimestamp:
        case kTimestamptz:
        case kTimetz:
        case kInterval:
            return ValueKind::Temporal;
        case kJson:
        case kJsonb:
            return ValueKind::Json;
        case kBytea:
            return ValueKind::Bytes;
        default:
            return ValueKind::Text;
    }
}

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// bytea in hex output format: \x followed by two hex digits per byte.
std::string decode_bytea(std::string_view text) {
    if (!text.starts_with("\\x") || text.size() % 2 != 0) return std::string(text);
    std::string bytes;
    bytes.reserve(text.size() / 2 - 1);
    for (std::size_t i = 2; i < text.size(); i += 2) {
        int hi = hex_value(text[i]);
        int lo = hex_value(text[i + 1]);
        if (hi < 0 || lo < 0) return std::string(text);
        bytes += static_cast<char>(hi * 16 + lo);
    }
    return bytes;
}

Value cell_value(const PGresult* result, int row, int column, Oid type) {
    if (PQgetisnull(result, row, column)) return Value::null();
    std::string_view text(PQgetvalue(result, row, column),
                          static_cast<std::size_t>(PQgetlength(result, row, column)));
    // Booleans compare with the 1/0 of MySQL-style engines and of integer expressions.
    if (type == kBool) return {ValueKind::Int, text == "t" ? "1" : "0"};
    if (type == kBytea) return {ValueKind::Bytes, decode_bytea(text)};
    return {column_kind(type), std::string(text)};
}

void read_tuples(const PGresult* result, ResultSet& out) {
    const int columns = PQnfields(result);
    const int rows = PQntuples(result);
    std::vector<Oid> types;
    out.columns.clear();
    out.rows.clear();
    for (int i = 0; i < columns; ++i) {
        out.columns.emplace_back(PQfname(result, i));
        types.push_back(PQftype(result, i));
    }
    out.rows.reserve(static_cast<std::size_t>(rows));
    for (int r = 0; r < rows; ++r) {
        std::vector<Value> values;
        values.reserve(static_cast<std::size_t>(columns));
        for (int c = 0; c < columns; ++c)
            values.push_back(cell_value(result, r, c, types[static_cast<std::size_t>(c)]));
        out.rows.push_back(std::move(values));
    }
}

// Hashes each value as it arrives; a value's text stands for it (bytea stays hex, a
// boolean t/f), which is all a fingerprint needs: equal values, equal text.
void fingerprint_tuples(const PGresult* result, FingerprintBuilder& builder) {
    const int columns = PQnfields(result);
    const int rows = PQntuples(result);
    std::vector<ValueKind> kinds;
    for (int i = 0; i < columns; ++i) {
        const Oid type = PQftype(result, i);
        kinds.push_back(type == kBool    ? ValueKind::Int
                        : type == kBytea ? ValueKind::Bytes
                                         : column_kind(type));
    }
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < columns; ++c) {
            if (PQgetisnull(result, r, c)) {
                builder.add(ValueKind::Null, std::string_view());
                continue;
            }
            builder.add(kinds[static_cast<std::size_t>(c)],
                        std::string_view(PQgetvalue(result, r, c),
                                         static_cast<std::size_t>(PQgetlength(result, r, c))));
        }
        builder.end_row();
    }
}

}  // namespace

PostgresBackend::PostgresBackend(const ConnectionSpec& spec, const BackendOptions& options)
    : spec_(spec), options_(options) {
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
        std::string settings = "SET bytea_output = 'hex'";
        if (options_.statement_timeout.count() > 0)
            settings +=
                "; SET statement_timeout = " + std::to_string(options_.statement_timeout.count());
        run(settings, {});
        start_ledger();
        for (const std::string& statement : options_.session_init) run(statement, {});
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
    std::string create = without_if_not_exists(options_.create_database);
    for (std::size_t at = create.find("{db}"); at != std::string::npos;
         at = create.find("{db}", at + quoted.size())) {
        create.replace(at, 4, quoted);
    }
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

const LedgerSql kPostgresLedger{
    .create = "CREATE TABLE public.eriq_ledger (object_name text PRIMARY KEY)",
    .select = "SELECT object_name FROM public.eriq_ledger",
    .insert_prefix = "INSERT INTO public.eriq_ledger (object_name) VALUES ",
    .insert_suffix = " ON CONFLICT DO NOTHING",
};

const char* const kPublicObjects =
    "SELECT c.relname FROM pg_catalog.pg_class c "
    "JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
    "WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'f') ORDER BY 1";

}  // namespace

void PostgresBackend::start_ledger() {
    ledger_ = WorkspaceLedger(
        WorkspaceScope{.description = "database " + quote_identifier(spec_.database),
                       .own_schemas = {"public"},
                       .temporary_schemas = {"pg_temp"},
                       .names = NameCase::FoldUnquotedToLower});
    ResultSet objects;
    run(kPublicObjects, {.rows = &objects});
    std::vector<std::string> names;
    for (const auto& row : objects.rows) names.push_back(row[0].text);
    ledger_.open(
        names, options_.allow_foreign_objects, kPostgresLedger,
        [this](const std::string& sql) {
            ResultSet rows;
            run(sql, {.rows = &rows});
            return rows;
        },
        [this](const std::string& sql) { run(sql, {}); });
}

void PostgresBackend::admit(const std::string& sql) {
    ledger_.admit_and_record(sql, kPostgresLedger, [this](const std::string& s) { run(s, {}); });
}

void PostgresBackend::execute(const std::string& sql) {
    admit(sql);
    run(sql, {});
}

ResultSet PostgresBackend::query(const std::string& sql) {
    admit(sql);
    ResultSet result;
    run(sql, {.rows = &result});
    return result;
}

ResultFingerprint PostgresBackend::query_fingerprint(const std::string& sql) {
    admit(sql);
    FingerprintBuilder builder;
    run(sql, {.fingerprint = &builder});
    return builder.result();
}

void PostgresBackend::run(const std::string& sql, RowSink sink) {
    refuse_if_interrupted();
    log_statement(sql);
    if (conn_ == nullptr) {
        try {
            connect();
        } catch (const BackendError& error) {
            if (error.kind != "connect_failed") throw;
            throw BackendError("connection_lost", error.what(), true);
        }
    }
    const bool bounded = options_.statement_timeout.count() > 0;
    const auto deadline =
        std::chrono::steady_clock::now() + options_.statement_timeout + kClientTimeoutMargin;
    int sent;
    {
        DriverTimer timer(driver_seconds_);
        sent = PQsendQuery(conn_, sql.c_str());
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

std::string PostgresBackend::scrub(std::string message) const {
    const std::string& secret = spec_.password;
    if (secret.empty()) return message;
    for (std::size_t at = message.find(secret); at != std::string::npos;
         at = message.find(secret, at + 3)) {
        message.replace(at, secret.size(), "***");
    }
    return message;
}

void PostgresBackend::reset_workspace() {
    ResultSet objects;
    run("SELECT CASE WHEN n.nspname = 'public' THEN 'public' ELSE 'pg_temp' END, c.relkind, "
        "c.relname FROM pg_catalog.pg_class c "
        "JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
        "WHERE (n.nspname = 'public' OR n.oid = pg_catalog.pg_my_temp_schema()) "
        "AND c.relkind IN ('r', 'p', 'v', 'm', 'f')",
        {.rows = &objects});
    // Views first, then tables. No CASCADE: an object eriq did not create that depends on
    // one of eriq's (possible only when foreign objects are allowed) makes the drop fail
    // instead of disappearing with it.
    const std::pair<char, const char*> kinds[] = {{'v', "VIEW"},
                                                  {'m', "MATERIALIZED VIEW"},
                                                  {'r', "TABLE"},
                                                  {'p', "TABLE"},
                                                  {'f', "FOREIGN TABLE"}};
    std::string drops;
    for (const auto& [relkind, keyword] : kinds) {
        std::string names;
        for (const auto& row : objects.rows) {
            if (row[1].text.size() != 1 || row[1].text[0] != relkind) continue;
            const std::string& name = row[2].text;
            const bool temporary = row[0].text == "pg_temp";
            if (!temporary && (!ledger_.owns(name) || name == kLedgerTable)) continue;
            names += (names.empty() ? "" : ", ") + row[0].text + "." + quote_identifier(name);
        }
        if (!names.empty()) drops += std::string("DROP ") + keyword + " IF EXISTS " + names + ";";
    }
    if (!drops.empty()) run(drops, {});
}

}  // namespace eriq
