#pragma once
// One in-memory SQLite database for the counterexample search: statements in, rows out as
// canonical SQL literals (so that two results compare as multisets), every call bounded by a
// deadline. SQLite is the system library loaded at run time (exec/sqlite_library.hpp).
#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace eriq::refute {

using Row = std::vector<std::string>;  // values as SQL literals: NULL, 3, 2.5, 'x'

class SqliteRunner {
  public:
    // Throws std::runtime_error when the library cannot be loaded or the database opened.
    explicit SqliteRunner(std::chrono::steady_clock::time_point deadline);
    ~SqliteRunner();
    SqliteRunner(const SqliteRunner&) = delete;
    SqliteRunner& operator=(const SqliteRunner&) = delete;

    // Runs one statement; false (with error() set) when SQLite refuses it or time is up.
    bool execute(const std::string& sql);
    // The rows of one query, sorted (a multiset); nullopt on error or when time is up.
    std::optional<std::vector<Row>> query(const std::string& sql);
    const std::string& error() const { return error_; }
    bool timed_out() const;
    // "SQLite 3.40.1"
    std::string version() const;

  private:
    struct Impl;
    Impl* impl_;
    std::chrono::steady_clock::time_point deadline_;
    std::string error_;
};

}  // namespace eriq::refute
