#pragma once
// Another program writing a DuckDB file through the C API, not through eriq (whose gate
// refuses ATTACH and writes to objects it did not create): how the tests make a database
// hold a user's tables.
#include <catch2/catch.hpp>
#if __has_include(<duckdb.h>)
#include <duckdb.h>
#define ERIQ_TEST_DUCKDB_HEADER 1

#include <string>

#include "exec/duckdb_library.hpp"
#include "live_duckdb.hpp"

namespace eriq {

inline void user_writes(const std::string& path, const std::string& statement) {
    const DuckdbLibrary& lib = DuckdbLibrary::load(duckdb_library());
    duckdb_database db = nullptr;
    duckdb_connection con = nullptr;
    char* error = nullptr;
    REQUIRE(lib.open_ext(path.c_str(), &db, nullptr, &error) == DuckDBSuccess);
    REQUIRE(lib.connect(db, &con) == DuckDBSuccess);
    duckdb_extracted_statements extracted = nullptr;
    REQUIRE(lib.extract_statements(con, statement.c_str(), &extracted) == 1);
    duckdb_prepared_statement prepared = nullptr;
    REQUIRE(lib.prepare_extracted_statement(con, extracted, 0, &prepared) == DuckDBSuccess);
    duckdb_result result;
    CHECK(lib.execute_prepared(prepared, &result) == DuckDBSuccess);
    lib.destroy_result(&result);
    lib.destroy_prepare(&prepared);
    lib.destroy_extracted(&extracted);
    lib.disconnect(&con);
    lib.close(&db);
}

}  // namespace eriq
#endif
