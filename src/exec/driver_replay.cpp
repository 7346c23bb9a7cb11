#include "exec/driver_replay.hpp"

#include <chrono>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include <mysql.h>

#include "exec/sqlite_library.hpp"

namespace eriq {
namespace {

// Reads every value of the current row in its own type, as a client does (the library
// calls are opaque, so they run although their results are dropped).
void read_row(const SqliteLibrary& lib, sqlite3_stmt* stmt) {
    const int columns = lib.column_count(stmt);
    for (int i = 0; i < columns; ++i) {
        switch (lib.column_type(stmt, i)) {
            case SQLITE_INTEGER:
                (void)lib.column_int64(stmt, i);
                break;
            case SQLITE_FLOAT:
                (void)lib.column_double(stmt, i);
                break;
            case SQLITE_TEXT:
                (void)lib.column_text(stmt, i);
                (void)lib.column_bytes(stmt, i);
                break;
            case SQLITE_BLOB:
                (void)lib.column_blob(stmt, i);
                (void)lib.column_bytes(stmt, i);
                break;
            default:
                break;
        }
    }
}

// Prepares and steps every statement of `sql`, reading all rows; false on an error.
bool run_sqlite(const SqliteLibrary& lib, sqlite3* db, const std::string& sql) {
    const char* next = sql.c_str();
    const char* end = next + sql.size();
    while (next < end) {
        sqlite3_stmt* stmt = nullptr;
        if (lib.prepare_v2(db, next, static_cast<int>(end - next), &stmt, &next) != SQLITE_OK)
            return false;
        if (stmt == nullptr) continue;
        int code;
        while ((code = lib.step(stmt)) == SQLITE_ROW) read_row(lib, stmt);
        lib.finalize(stmt);
        if (code != SQLITE_DONE) return false;
    }
    return true;
}

ReplayFigures replay_sqlite(const ConnectionSpec& spec, const std::string& driver_library,
                            const GateRules& gate, const std::vector<std::string>& prelude,
                            const std::vector<std::string>& statements) {
    // Loaded and configured as eriq's SQLite backend does it.
    const SqliteLibrary& lib = SqliteLibrary::load(driver_library);
    sqlite3* db = nullptr;
    auto open = [&] {
        if (lib.open_v2(spec.database.c_str(), &db,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                        nullptr) != SQLITE_OK) {
            lib.close_v2(db);
            throw std::runtime_error("cannot open " + spec.database);
        }
    };
    open();
    for (const auto& sql : prelude) run_sqlite(lib, db, sql);
    ReplayFigures f;
    const auto start = std::chrono::steady_clock::now();
    for (const auto& sql : statements) {
        if (sql == kFreshDatabaseRecord) {  // eriq started a fresh in-memory database here
            lib.close_v2(db);
            open();
            continue;
        }
        if (gate_statement(sql, gate).refusal) {
            ++f.refused;
            continue;
        }
        ++f.statements;
        if (!run_sqlite(lib, db, sql)) ++f.errors;
    }
    f.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    lib.close_v2(db);
    return f;
}

ReplayFigures replay_mysql(const ConnectionSpec& spec, const GateRules& gate,
                           const std::vector<std::string>& prelude,
                           const std::vector<std::string>& statements) {
    MYSQL* conn = mysql_init(nullptr);
    // The prelude creates and selects the database, so connect without one.
    if (!mysql_real_connect(conn, spec.host.c_str(), spec.user.c_str(), spec.password.c_str(),
                            nullptr, spec.port, nullptr, 0)) {
        std::string error = mysql_error(conn);
        mysql_close(conn);
        throw std::runtime_error("cannot connect to " + spec.redacted() + ": " + error);
    }
    for (const auto& sql : prelude) {
        if (mysql_real_query(conn, sql.data(), sql.size()) != 0) continue;
        do {
            if (MYSQL_RES* res = mysql_store_result(conn)) mysql_free_result(res);
        } while (mysql_next_result(conn) == 0);
    }
    ReplayFigures f;
    const auto start = std::chrono::steady_clock::now();
    for (const auto& sql : statements) {
        if (gate_statement(sql, gate).refusal) {
            ++f.refused;
            continue;
        }
        ++f.statements;
        if (mysql_real_query(conn, sql.data(), sql.size()) != 0) {
            ++f.errors;
            continue;
        }
        do {
            if (MYSQL_RES* res = mysql_store_result(conn)) mysql_free_result(res);
        } while (mysql_next_result(conn) == 0);
    }
    f.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    mysql_close(conn);
    return f;
}

}  // namespace

std::vector<std::string> read_statement_log(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::vector<std::string> out;
    for (std::string sql; std::getline(in, sql, '\0');) out.push_back(std::move(sql));
    return out;
}

ReplayFigures replay_statements(const ConnectionSpec& spec, const std::string& driver_library,
                                const GateRules& gate, const std::vector<std::string>& prelude,
                                const std::vector<std::string>& statements) {
    if (spec.driver == "sqlite")
        return replay_sqlite(spec, driver_library, gate, prelude, statements);
    if (!driver_library.empty()) throw std::invalid_argument("a library applies to sqlite only");
    if (spec.driver == "mysql") return replay_mysql(spec, gate, prelude, statements);
    throw std::invalid_argument("replay supports sqlite and mysql, not " + spec.driver);
}

}  // namespace eriq
