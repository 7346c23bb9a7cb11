#include "exec/sqlite_backend.hpp"

#include <bit>
#include <cctype>
#include <memory>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "exec/driver_timer.hpp"
#include "exec/sqlite_error_kind.hpp"
#include "exec/sqlite_library.hpp"
#include "exec/workspace_ledger.hpp"

namespace eriq {

namespace {

// The virtual machine calls the progress handler every this many instructions;
// small enough to stop within a millisecond, large enough to cost nothing.
constexpr int kProgressInstructions = 1000;

const LedgerSql kSqliteLedger{
    .create = "CREATE TABLE eriq_ledger (object_name TEXT PRIMARY KEY)",
    .select = "SELECT object_name FROM eriq_ledger",
    .insert_prefix = "INSERT OR IGNORE INTO eriq_ledger (object_name) VALUES ",
    .insert_suffix = "",
};

// "", ":memory:", "file::memory:..." and "file:x?mode=memory" are private to the connection.
bool in_memory(const std::string& path) {
    return path.empty() || path == ":memory:" || path.rfind("file::memory:", 0) == 0 ||
           path.find("mode=memory") != std::string::npos;
}

WorkspaceScope sqlite_scope(const std::string& path) {
    return {.description = "SQLite database " + path,
            .own_schemas = {"main"},
            .temporary_schemas = {"temp"},
            .names = NameCase::Insensitive};
}

// Finalizing is a driver call too, so it counts as driver time.
struct StatementFinalizer {
    const SqliteLibrary* lib;
    double* driver_seconds;
    void operator()(sqlite3_stmt* stmt) const {
        DriverTimer timer(*driver_seconds);
        lib->finalize(stmt);
    }
};
using StatementPtr = std::unique_ptr<sqlite3_stmt, StatementFinalizer>;

std::string quote_identifier(const std::string& name) {
    std::string out = "\"";
    for (char c : name) {
        out += c;
        if (c == '"') out += '"';
    }
    return out + '"';
}

// A column of the current row as the driver hands it out; pointers stay valid
// until the next step.
struct RawColumn {
    int type = SQLITE_NULL;
    sqlite3_int64 integer = 0;
    double real = 0;
    const char* bytes = nullptr;
    std::size_t size = 0;
};

RawColumn read_column(const SqliteLibrary& lib, sqlite3_stmt* stmt, int column) {
    RawColumn c;
    c.type = lib.column_type(stmt, column);
    switch (c.type) {
        case SQLITE_INTEGER:
            c.integer = lib.column_int64(stmt, column);
            break;
        case SQLITE_FLOAT:
            c.real = lib.column_double(stmt, column);
            break;
        case SQLITE_TEXT:
            c.bytes = reinterpret_cast<const char*>(lib.column_text(stmt, column));
            c.size = static_cast<std::size_t>(lib.column_bytes(stmt, column));
            break;
        case SQLITE_BLOB:
            c.bytes = static_cast<const char*>(lib.column_blob(stmt, column));
            c.size = static_cast<std::size_t>(lib.column_bytes(stmt, column));
            break;
        default:
            break;
    }
    return c;
}

Value to_value(const RawColumn& c) {
    switch (c.type) {
        case SQLITE_INTEGER:
            return {ValueKind::Int, std::to_string(c.integer)};
        case SQLITE_FLOAT:
            // The shortest text that reads back as the same double.
            return {ValueKind::Float, fmt::format("{}", c.real)};
        case SQLITE_TEXT:
            return {ValueKind::Text, std::string(c.bytes, c.size)};
        case SQLITE_BLOB:
            return {ValueKind::Bytes,
                    c.bytes == nullptr ? std::string() : std::string(c.bytes, c.size)};
        default:
            return Value::null();
    }
}

// The same value hashes the same in every variant of a case; numbers hash by their bits,
// which is cheaper than formatting them.
void add_to_fingerprint(FingerprintBuilder& builder, const RawColumn& c) {
    switch (c.type) {
        case SQLITE_INTEGER:
            builder.add(ValueKind::Int, static_cast<std::uint64_t>(c.integer));
            break;
        case SQLITE_FLOAT:
            builder.add(ValueKind::Float, std::bit_cast<std::uint64_t>(c.real));
            break;
        case SQLITE_TEXT:
            builder.add(ValueKind::Text, std::string_view(c.bytes, c.size));
            break;
        case SQLITE_BLOB:
            builder.add(ValueKind::Bytes, c.bytes == nullptr ? std::string_view()
                                                             : std::string_view(c.bytes, c.size));
            break;
        default:
            builder.add(ValueKind::Null, std::string_view());
            break;
    }
}

}  // namespace

SqliteBackend::SqliteBackend(const std::string& path, const BackendOptions& options)
    : DriverBackend(options, "", kSqliteLedger),
      lib_(&SqliteLibrary::load(options.driver_library)),
      path_(path) {
    open();
    try {
        if (options.exclusive_workspace && !in_memory(path_))
            workspace_lock_ = FileWorkspaceLock(path_);
        start_ledger();
        for (const std::string& statement : options.session_init) run_session_statement(statement);
    } catch (...) {
        lib_->close_v2(db_);
        throw;
    }
}

void SqliteBackend::open() {
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
    int code = lib_->open_v2(path_.c_str(), &db_, flags, nullptr);
    if (code != SQLITE_OK) {
        std::string message = db_ != nullptr ? lib_->errmsg(db_) : lib_->errstr(code);
        lib_->close_v2(db_);
        db_ = nullptr;
        throw BackendError("connect_failed",
                           "cannot open SQLite database " + path_ + ": " + message);
    }
    // Another worker or a user's client may hold a lock on a file database briefly.
    lib_->busy_timeout(db_, static_cast<int>(options_.connect_timeout.count()));
    // Also without a timeout: the handler is how interrupt() stops a statement.
    lib_->progress_handler(db_, kProgressInstructions, &SqliteBackend::on_progress, this);
}

SqliteBackend::~SqliteBackend() {
    lib_->close_v2(db_);
}

std::string SqliteBackend::server_version() {
    return std::string("SQLite ") + lib_->libversion();
}

DriverLibraryInfo SqliteBackend::driver_library() {
    return lib_->info();
}

int SqliteBackend::on_progress(void* self) {
    auto* backend = static_cast<SqliteBackend*>(self);
    if (backend->interrupted()) return 1;
    if (!backend->past_deadline()) return 0;
    backend->timed_out_ = true;
    return 1;  // makes the running statement fail with SQLITE_INTERRUPT
}

void SqliteBackend::run_statements(const std::string& sql, RowSink sink) {
    timed_out_ = false;
    const char* next = sql.c_str();
    const char* end = next + sql.size();
    sqlite3_stmt* raw = nullptr;
    int code;
    bool has_columns;
    {
        DriverTimer timer(driver_seconds_);
        code = lib_->prepare_v2(db_, next, static_cast<int>(end - next), &raw, &next);
        has_columns = raw != nullptr && lib_->column_count(raw) > 0;
    }
    StatementPtr stmt(raw, StatementFinalizer{lib_, &driver_seconds_});
    if (code != SQLITE_OK) throw_error(code);
    if (!stmt) return;  // only whitespace or a comment
    check_nothing_follows(next, end);
    ++statements_;
    step_all(raw, has_columns ? sink : RowSink{});
}

// One statement per call: whatever follows the first statement must be whitespace or
// comments, checked before the first runs.
void SqliteBackend::check_nothing_follows(const char* rest, const char* end) {
    while (rest < end && std::isspace(static_cast<unsigned char>(*rest))) ++rest;
    if (rest == end) return;
    sqlite3_stmt* raw = nullptr;
    const int code = lib_->prepare_v2(db_, rest, static_cast<int>(end - rest), &raw, nullptr);
    StatementPtr stmt(raw, StatementFinalizer{lib_, &driver_seconds_});
    if (code != SQLITE_OK || stmt) refuse_several_statements();
}

void SqliteBackend::refuse_several_statements() {
    throw BackendError("several_statements",
                       "eriq sends one statement per call; this text holds more than one");
}

void SqliteBackend::step_all(sqlite3_stmt* stmt, RowSink sink) {
    int columns;
    {
        DriverTimer timer(driver_seconds_);
        columns = lib_->column_count(stmt);
        if (sink.rows != nullptr) {
            sink.rows->columns.clear();
            for (int i = 0; i < columns; ++i)
                sink.rows->columns.emplace_back(lib_->column_name(stmt, i));
        }
    }
    std::size_t rows = 0;
    auto check_size = [&] {
        if (++rows > options_.max_result_rows) throw result_too_large();
    };
    if (sink.fingerprint != nullptr) {
        // One timed span for the whole result: hashing a row's values costs a few
        // nanoseconds, far less than timing each step separately would.
        int code;
        {
            DriverTimer timer(driver_seconds_);
            while ((code = lib_->step(stmt)) == SQLITE_ROW) {
                check_size();
                for (int i = 0; i < columns; ++i)
                    add_to_fingerprint(*sink.fingerprint, read_column(*lib_, stmt, i));
                sink.fingerprint->end_row();
            }
        }
        if (code != SQLITE_DONE) throw_error(code);
        return;
    }
    std::vector<RawColumn> raw(static_cast<std::size_t>(columns));
    for (;;) {
        int code;
        {
            // Reading the row's values through the driver API is driver time; copying them
            // into rows below is not.
            DriverTimer timer(driver_seconds_);
            code = lib_->step(stmt);
            if (code == SQLITE_ROW && sink.wanted())
                for (int i = 0; i < columns; ++i)
                    raw[static_cast<std::size_t>(i)] = read_column(*lib_, stmt, i);
        }
        if (code == SQLITE_DONE) return;
        if (code != SQLITE_ROW) throw_error(code);
        if (!sink.wanted()) continue;
        check_size();
        std::vector<Value> row;
        row.reserve(raw.size());
        for (const auto& c : raw) row.push_back(to_value(c));
        sink.rows->rows.push_back(std::move(row));
    }
}

void SqliteBackend::throw_error(int code) {
    std::string message = lib_->errmsg(db_);
    if (code == SQLITE_INTERRUPT && interrupted())
        throw BackendError(kInterrupted, "sqlite: " + message);
    if (code == SQLITE_INTERRUPT && timed_out_) throw timeout_error();
    throw BackendError(sqlite_error_kind(message), "sqlite: " + message);
}

void SqliteBackend::start_ledger() {
    if (path_ == ":memory:") {
        ledger_ = WorkspaceLedger(sqlite_scope(path_));
        ledger_.own_everything();  // a fresh database that nothing else can reach
        return;
    }
    std::vector<std::string> names;
    for (const auto& row : run_query("SELECT name FROM main.sqlite_schema WHERE type IN "
                                     "('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
                               .rows)
        names.push_back(row[0].text);
    open_ledger(sqlite_scope(path_), names);
}

bool SqliteBackend::set_optimizations_off(std::uint64_t mask) {
    if (lib_->test_control == nullptr) return false;
    log_statement(fmt::format("-- eriq: .testctrl optimizations 0x{:x}", mask));
    lib_->test_control(SQLITE_TESTCTRL_OPTIMIZATIONS, db_, static_cast<unsigned>(mask));
    return true;
}

void SqliteBackend::reset_workspace() {
    if (path_ == ":memory:") {
        // A fresh in-memory database: nothing of the last one survives, and the memory its
        // largest tables took (kept by SQLite in the main and temp databases after a DROP)
        // is freed, so a long campaign's resident memory does not creep up.
        log_statement(kFreshDatabaseRecord);
        {
            DriverTimer timer(driver_seconds_);
            lib_->close_v2(db_);
            db_ = nullptr;
            open();
        }
        for (const std::string& statement : options_.session_init) run_session_statement(statement);
        return;
    }
    // The session's temporary objects are all its own; in main only what the ledger lists.
    std::vector<std::string> drops;
    for (const char* schema : {"main", "temp"}) {
        const ResultSet objects =
            run_query(std::string("SELECT type, name FROM ") + schema +
                      ".sqlite_schema WHERE type IN ('table', 'view') ORDER BY type = 'table'");
        for (const auto& row : objects.rows) {
            const std::string& name = row[1].text;
            if (std::string(schema) == "main" && (!ledger_.owns(name) || looks_like_ledger(name)))
                continue;
            drops.push_back("DROP " + std::string(row[0].text == "view" ? "VIEW" : "TABLE") +
                            " IF EXISTS " + schema + "." + quote_identifier(name));
        }
    }
    for (const std::string& drop : drops) run(drop, {});
}

}  // namespace eriq
