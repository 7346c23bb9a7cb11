#include "exec/driver_replay.hpp"

#include <chrono>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include <mysql.h>
#include <sqlite3.h>

namespace eriq {
namespace {

ReplayFigures replay_sqlite(const ConnectionSpec& spec, const std::vector<std::string>& prelude,
                            const std::vector<std::string>& statements) {
    sqlite3* db = nullptr;
    if (sqlite3_open(spec.database.c_str(), &db) != SQLITE_OK) {
        sqlite3_close(db);
        throw std::runtime_error("cannot open " + spec.database);
    }
    for (const auto& sql : prelude) sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr);
    ReplayFigures f;
    // With a callback sqlite3_exec hands out every value of every row, as a client reads them.
    auto read_row = [](void* rows, int, char**, char**) {
        ++*static_cast<std::uint64_t*>(rows);
        return 0;
    };
    std::uint64_t rows = 0;
    const auto start = std::chrono::steady_clock::now();
    for (const auto& sql : statements) {
        ++f.statements;
        // sqlite3_exec prepares and steps every statement of the text, reading all rows.
        if (sqlite3_exec(db, sql.c_str(), read_row, &rows, nullptr) != SQLITE_OK) ++f.errors;
    }
    f.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    sqlite3_close(db);
    return f;
}

ReplayFigures replay_mysql(const ConnectionSpec& spec, const std::vector<std::string>& prelude,
                           const std::vector<std::string>& statements) {
    MYSQL* conn = mysql_init(nullptr);
    // The prelude creates and selects the database, so connect without one.
    if (!mysql_real_connect(conn, spec.host.c_str(), spec.user.c_str(), spec.password.c_str(),
                            nullptr, spec.port, nullptr, CLIENT_MULTI_STATEMENTS)) {
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

ReplayFigures replay_statements(const ConnectionSpec& spec, const std::vector<std::string>& prelude,
                                const std::vector<std::string>& statements) {
    if (spec.driver == "sqlite") return replay_sqlite(spec, prelude, statements);
    if (spec.driver == "mysql") return replay_mysql(spec, prelude, statements);
    throw std::invalid_argument("replay supports sqlite and mysql, not " + spec.driver);
}

}  // namespace eriq
