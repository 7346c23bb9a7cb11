// DuckDB targets without the library: URLs, and what eriq says when libduckdb is missing.
#include <catch2/catch.hpp>

#include <string>

#include "exec/backend.hpp"

using namespace eriq;

TEST_CASE("duckdb URLs name memory absolute and relative databases", "[exec][duckdb]") {
    const ConnectionSpec memory = ConnectionSpec::parse("duckdb::memory:");
    CHECK(memory.driver == "duckdb");
    CHECK(memory.database == ":memory:");
    CHECK(memory.redacted() == "duckdb::memory:");
    const ConnectionSpec absolute = ConnectionSpec::parse("duckdb:///tmp/x.db");
    CHECK(absolute.driver == "duckdb");
    CHECK(absolute.database == "/tmp/x.db");
    CHECK(absolute.redacted() == "duckdb:///tmp/x.db");
    CHECK(ConnectionSpec::parse("duckdb:rel.db").database == "rel.db");
    CHECK_THROWS_AS(ConnectionSpec::parse("duckdb://host/x.db"), std::invalid_argument);
    CHECK_THROWS_AS(ConnectionSpec::parse("duckdb:"), std::invalid_argument);
}

TEST_CASE("a missing DuckDB library is a usage error that says how to get it", "[exec][duckdb]") {
    const std::string missing = "/nonexistent/eriq/libduckdb.so";
    try {
        load_driver_library("duckdb", missing);
        FAIL("a missing library loaded");
    } catch (const DriverLibraryError& error) {
        CHECK(std::string(error.what()).find("tools/duckdb-latest.sh") != std::string::npos);
    }
    BackendOptions options;
    options.driver_library = missing;
    CHECK_THROWS_AS(open_backend(ConnectionSpec::parse("duckdb::memory:"), options),
                    DriverLibraryError);
}
