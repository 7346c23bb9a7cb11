#include "refute/sqlite_runner.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "exec/sqlite_library.hpp"

namespace eriq::refute {

struct SqliteRunner::Impl {
    const SqliteLibrary* lib = nullptr;
    sqlite3* db = nullptr;
};

namespace {

// Called by SQLite every few thousand instructions: a non-zero result interrupts the statement.
int past_deadline(void* deadline) {
    auto* d = static_cast<std::chrono::steady_clock::time_point*>(deadline);
    return std::chrono::steady_clock::now() >= *d ? 1 : 0;
}

std::string quoted(const unsigned char* text, int bytes) {
    std::string out = "'";
    for (int i = 0; i < bytes; ++i) {
        char c = static_cast<char>(text[i]);
        out += c;
        if (c == '\'') out += '\'';
    }
    return out + "'";
}

// A number as a literal; an integral REAL prints as the integer, so 1 and 1.0 compare equal.
std::string number(double d) {
    if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 1e15)
        return fmt::format("{}", static_cast<long long>(d));
    return fmt::format("{:.17g}", d);
}

}  // namespace

SqliteRunner::SqliteRunner(std::chrono::steady_clock::time_point deadline)
    : impl_(new Impl), deadline_(deadline) {
    try {
        impl_->lib = &SqliteLibrary::load("");
    } catch (const std::exception& e) {
        delete impl_;
        throw std::runtime_error(e.what());
    }
    const SqliteLibrary& lib = *impl_->lib;
    if (lib.open_v2(":memory:", &impl_->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
        SQLITE_OK) {
        std::string why = impl_->db ? lib.errmsg(impl_->db) : "out of memory";
        lib.close_v2(impl_->db);
        delete impl_;
        throw std::runtime_error("cannot open an in-memory SQLite database: " + why);
    }
    lib.progress_handler(impl_->db, 1000, past_deadline, &deadline_);
}

SqliteRunner::~SqliteRunner() {
    impl_->lib->close_v2(impl_->db);
    delete impl_;
}

bool SqliteRunner::timed_out() const {
    return std::chrono::steady_clock::now() >= deadline_;
}

std::string SqliteRunner::version() const {
    return std::string("SQLite ") + impl_->lib->libversion();
}

bool SqliteRunner::execute(const std::string& sql) {
    return query(sql).has_value();
}

std::optional<std::vector<Row>> SqliteRunner::query(const std::string& sql) {
    const SqliteLibrary& lib = *impl_->lib;
    if (timed_out()) {
        error_ = "time is up";
        return std::nullopt;
    }
    sqlite3_stmt* stmt = nullptr;
    const char* tail = nullptr;
    if (lib.prepare_v2(impl_->db, sql.c_str(), static_cast<int>(sql.size()), &stmt, &tail) !=
        SQLITE_OK) {
        error_ = lib.errmsg(impl_->db);
        return std::nullopt;
    }
    std::vector<Row> rows;
    int rc;
    while ((rc = lib.step(stmt)) == SQLITE_ROW) {
        Row row;
        for (int i = 0; i < lib.column_count(stmt); ++i) {
            switch (lib.column_type(stmt, i)) {
                case SQLITE_NULL:
                    row.emplace_back("NULL");
                    break;
                case SQLITE_INTEGER:
                    row.push_back(std::to_string(lib.column_int64(stmt, i)));
                    break;
                case SQLITE_FLOAT:
                    row.push_back(number(lib.column_double(stmt, i)));
                    break;
                default:
                    row.push_back(quoted(lib.column_text(stmt, i), lib.column_bytes(stmt, i)));
            }
        }
        rows.push_back(std::move(row));
    }
    if (rc != SQLITE_DONE) error_ = lib.errmsg(impl_->db);
    lib.finalize(stmt);
    if (rc != SQLITE_DONE) return std::nullopt;
    std::sort(rows.begin(), rows.end());
    return rows;
}

}  // namespace eriq::refute
