#include "exec/duckdb_backend.hpp"

#include <utility>
#include <vector>

#include "exec/driver_timer.hpp"
#include "exec/duckdb_library.hpp"

namespace eriq {

namespace {

const LedgerSql kDuckdbLedger{
    .create = "CREATE TABLE eriq_ledger (object_name VARCHAR PRIMARY KEY)",
    .select = "SELECT object_name FROM eriq_ledger",
    .insert_prefix = "INSERT OR IGNORE INTO eriq_ledger (object_name) VALUES ",
    .insert_suffix = "",
};

WorkspaceScope duckdb_scope(const std::string& path) {
    return {.description = "DuckDB database " + path,
            .own_schemas = {"main"},
            .temporary_schemas = {"temp"},
            .names = NameCase::Insensitive};
}

// The tables and views of the database's main schema, or of the session's temp catalog.
std::string objects_query(bool temporary) {
    const std::string where = temporary ? "database_name = 'temp'"
                                        : "database_name = current_database() AND "
                                          "schema_name = 'main' AND NOT temporary";
    return "SELECT 'VIEW', view_name FROM duckdb_views() WHERE NOT internal AND " + where +
           " UNION ALL SELECT 'TABLE', table_name FROM duckdb_tables() WHERE " + where +
           " ORDER BY 1 DESC";
}

// "Binder Error: ..." -> "duckdb:Binder Error": DuckDB names the error class first.
std::string error_kind(const std::string& message) {
    const std::size_t colon = message.find(':');
    if (colon != std::string::npos && colon <= 40 &&
        std::string_view(message).substr(0, colon).ends_with("Error"))
        return "duckdb:" + message.substr(0, colon);
    return "duckdb:error";
}

std::string quote_identifier(const std::string& name) {
    std::string out = "\"";
    for (char c : name) {
        out += c;
        if (c == '"') out += '"';
    }
    return out + '"';
}

// The library's handles, destroyed however the statement ends.
struct Extracted {
    const DuckdbLibrary* lib;
    duckdb_extracted_statements handle = nullptr;
    ~Extracted() { lib->destroy_extracted(&handle); }
};
struct Prepared {
    const DuckdbLibrary* lib;
    duckdb_prepared_statement handle = nullptr;
    ~Prepared() { lib->destroy_prepare(&handle); }
};
struct Result {
    const DuckdbLibrary* lib;
    duckdb_result handle{};
    ~Result() { lib->destroy_result(&handle); }
};
struct Chunk {
    const DuckdbLibrary* lib;
    duckdb_data_chunk handle = nullptr;
    ~Chunk() {
        if (handle != nullptr) lib->destroy_data_chunk(&handle);
    }
};

}  // namespace

DuckdbBackend::DuckdbBackend(const std::string& path, const BackendOptions& options)
    : DriverBackend(options, "", kDuckdbLedger),
      lib_(&DuckdbLibrary::load(options.driver_library)),
      path_(path),
      watchdog_([this] {
          std::lock_guard lock(conn_mutex_);
          if (conn_ != nullptr) lib_->interrupt(conn_);
      }) {
    open();
    try {
        if (options.exclusive_workspace && path_ != ":memory:")
            workspace_lock_ = FileWorkspaceLock(path_);
        start_ledger();
        for (const std::string& statement : options.session_init) run_session_statement(statement);
    } catch (...) {
        close();
        throw;
    }
}

DuckdbBackend::~DuckdbBackend() {
    close();
}

void DuckdbBackend::open() {
    char* error = nullptr;
    duckdb_database db = nullptr;
    const char* file = path_ == ":memory:" ? nullptr : path_.c_str();
    if (lib_->open_ext(file, &db, nullptr, &error) != DuckDBSuccess) {
        std::string message = error != nullptr ? error : "unknown error";
        lib_->free(error);
        throw BackendError("connect_failed",
                           "cannot open DuckDB database " + path_ + ": " + message);
    }
    duckdb_connection conn = nullptr;
    if (lib_->connect(db, &conn) != DuckDBSuccess) {
        lib_->close(&db);
        throw BackendError("connect_failed", "cannot connect to DuckDB database " + path_);
    }
    std::lock_guard lock(conn_mutex_);
    db_ = db;
    conn_ = conn;
}

void DuckdbBackend::close() {
    std::lock_guard lock(conn_mutex_);
    if (conn_ != nullptr) lib_->disconnect(&conn_);
    if (db_ != nullptr) lib_->close(&db_);
    conn_ = nullptr;
    db_ = nullptr;
}

std::string DuckdbBackend::server_version() {
    return std::string("DuckDB ") + lib_->library_version();
}

DriverLibraryInfo DuckdbBackend::driver_library() {
    return lib_->info();
}

void DuckdbBackend::cancel_statement_in_flight() {
    std::lock_guard lock(conn_mutex_);
    if (conn_ != nullptr) lib_->interrupt(conn_);
}

void DuckdbBackend::run_statements(const std::string& sql, RowSink sink) {
    Extracted extracted{lib_};
    idx_t count;
    {
        DriverTimer timer(driver_seconds_);
        count = lib_->extract_statements(conn_, sql.c_str(), &extracted.handle);
    }
    if (count == 0) {
        const char* error = lib_->extract_statements_error(extracted.handle);
        if (error == nullptr) return;  // only whitespace or comments
        fail(error, false);
    }
    if (count > 1)
        throw BackendError("several_statements",
                           "eriq sends one statement per call; this text holds more than one");
    const bool bounded = options_.statement_timeout.count() > 0;
    for (idx_t i = 0; i < count; ++i) {
        refuse_if_interrupted();
        if (bounded) watchdog_.arm(deadline());
        try {
            if (run_extracted(extracted.handle, i, sink)) sink = {};  // later rows are dropped
        } catch (...) {
            if (bounded) watchdog_.disarm();
            throw;
        }
        if (bounded) watchdog_.disarm();
    }
}

bool DuckdbBackend::run_extracted(duckdb_extracted_statements extracted, idx_t index,
                                  RowSink sink) {
    Prepared prepared{lib_};
    Result result{lib_};
    duckdb_state state;
    {
        DriverTimer timer(driver_seconds_);
        state = lib_->prepare_extracted_statement(conn_, extracted, index, &prepared.handle);
    }
    ++statements_;
    if (state != DuckDBSuccess) {
        const char* error = lib_->prepare_error(prepared.handle);
        fail(error != nullptr ? error : "prepare failed", false);
    }
    {
        DriverTimer timer(driver_seconds_);
        state = lib_->execute_prepared(prepared.handle, &result.handle);
    }
    if (state != DuckDBSuccess) {
        const char* error = lib_->result_error(&result.handle);
        fail(error != nullptr ? error : "execution failed",
             lib_->result_error_type(&result.handle) == DUCKDB_ERROR_INTERRUPT);
    }
    if (!sink.wanted() ||
        lib_->result_return_type(result.handle) != DUCKDB_RESULT_TYPE_QUERY_RESULT)
        return false;
    read_result(result.handle, sink);
    return true;
}

void DuckdbBackend::read_result(duckdb_result& result, RowSink sink) {
    const std::vector<DuckdbColumn> columns = result_columns(*lib_, result);
    if (sink.rows != nullptr) {
        sink.rows->columns.clear();
        for (idx_t i = 0; i < columns.size(); ++i)
            sink.rows->columns.emplace_back(lib_->column_name(&result, i));
    }
    std::vector<DuckdbVector> vectors(columns.size());
    std::size_t rows = 0;
    for (;;) {
        Chunk chunk{lib_};
        {
            DriverTimer timer(driver_seconds_);
            chunk.handle = lib_->fetch_chunk(result);
        }
        if (chunk.handle == nullptr) return;
        const idx_t size = lib_->data_chunk_get_size(chunk.handle);
        rows += size;
        if (rows > options_.max_result_rows) throw result_too_large();
        for (idx_t c = 0; c < columns.size(); ++c) {
            duckdb_vector vector = lib_->data_chunk_get_vector(chunk.handle, c);
            vectors[c] = {&columns[c], lib_->vector_get_data(vector),
                          lib_->vector_get_validity(vector)};
        }
        for (idx_t r = 0; r < size; ++r) {
            if (sink.fingerprint != nullptr) {
                for (const DuckdbVector& v : vectors)
                    add_to_fingerprint(*sink.fingerprint, *lib_, v, r);
                sink.fingerprint->end_row();
                continue;
            }
            std::vector<Value> row;
            row.reserve(vectors.size());
            for (const DuckdbVector& v : vectors) row.push_back(read_value(*lib_, v, r));
            sink.rows->rows.push_back(std::move(row));
        }
    }
}

void DuckdbBackend::fail(const std::string& message, bool interrupt_error) {
    // The watchdog has fired when its deadline passed, whatever the error says.
    if (interrupted()) throw BackendError(kInterrupted, "duckdb: " + message);
    if (interrupt_error && past_deadline()) throw timeout_error();
    throw BackendError(error_kind(message), "duckdb: " + message);
}

void DuckdbBackend::start_ledger() {
    if (path_ == ":memory:") {
        ledger_ = WorkspaceLedger(duckdb_scope(path_));
        ledger_.own_everything();  // a fresh database that nothing else can reach
        return;
    }
    std::vector<std::string> names;
    for (const auto& row : run_query(objects_query(false)).rows) names.push_back(row[1].text);
    open_ledger(duckdb_scope(path_), names);
}

void DuckdbBackend::reset_workspace() {
    if (path_ == ":memory:") {
        // A fresh in-memory database: nothing of the last one survives, and its memory is
        // freed, so a long campaign's resident memory does not creep up.
        log_statement(kFreshDatabaseRecord);
        {
            DriverTimer timer(driver_seconds_);
            close();
            open();
        }
        for (const std::string& statement : options_.session_init) run_session_statement(statement);
        return;
    }
    // The session's temporary objects are all its own; in main only what the ledger lists.
    std::vector<std::string> drops;
    for (const bool temporary : {true, false}) {
        for (const auto& row : run_query(objects_query(temporary)).rows) {
            const std::string& name = row[1].text;
            if (!temporary && (!ledger_.owns(name) || looks_like_ledger(name))) continue;
            drops.push_back("DROP " + row[0].text + " IF EXISTS " +
                            (temporary ? "temp." : "main.") + quote_identifier(name));
        }
    }
    for (const std::string& drop : drops) run(drop, {});
}

}  // namespace eriq
