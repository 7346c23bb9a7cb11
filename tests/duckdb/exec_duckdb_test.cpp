// Live DuckDB backend: typed values, NULLs, errors, timeouts, interrupts, fingerprints and
// the workspace of a file database.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <thread>

#include "../test_files.hpp"
#include "exec/backend.hpp"
#include "live_duckdb.hpp"
#include "user_session.hpp"

using namespace eriq;
using namespace std::chrono_literals;

namespace {

// Minutes of work unless stopped.
const std::string kSlowQuery =
    "SELECT sum(a.range * b.range) FROM range(3000000) a, range(3000000) b";

Value single(Backend& backend, const std::string& expression) {
    const ResultSet rs = backend.query("SELECT " + expression);
    REQUIRE(rs.rows.size() == 1);
    REQUIRE(rs.rows[0].size() == 1);
    return rs.rows[0][0];
}

std::string error_kind(Backend& backend, const std::string& sql) {
    try {
        backend.query(sql);
    } catch (const BackendError& error) {
        return error.kind;
    }
    return "none";
}

}  // namespace

TEST_CASE("duckdb reads every generated type into its value kind", "[duckdb]") {
    auto backend = open_duckdb();
    const std::pair<std::string, Value> cases[] = {
        {"CAST(-5 AS TINYINT)", {ValueKind::Int, "-5"}},
        {"CAST(32767 AS SMALLINT)", {ValueKind::Int, "32767"}},
        {"CAST(-2147483648 AS INTEGER)", {ValueKind::Int, "-2147483648"}},
        {"CAST(-9223372036854775808 AS BIGINT)", {ValueKind::Int, "-9223372036854775808"}},
        {"CAST(18446744073709551615 AS UBIGINT)", {ValueKind::Int, "18446744073709551615"}},
        {"CAST('-170141183460469231731687303715884105727' AS HUGEINT)",
         {ValueKind::Int, "-170141183460469231731687303715884105727"}},
        {"CAST(-9223372036854775809 AS HUGEINT)", {ValueKind::Int, "-9223372036854775809"}},
        {"true", {ValueKind::Int, "1"}},
        {"false", {ValueKind::Int, "0"}},
        {"CAST(0.5 AS FLOAT)", {ValueKind::Float, "0.5"}},
        {"CAST(0.1 AS DOUBLE)", {ValueKind::Float, "0.1"}},
        {"CAST(-1.05 AS DECIMAL(10,2))", {ValueKind::Decimal, "-1.05"}},
        {"CAST(-0.05 AS DECIMAL(4,2))", {ValueKind::Decimal, "-0.05"}},
        {"CAST(12.5 AS DECIMAL(18,6))", {ValueKind::Decimal, "12.500000"}},
        {"CAST('9999999999999999999999999999.9999999999' AS DECIMAL(38,10))",
         {ValueKind::Decimal, "9999999999999999999999999999.9999999999"}},
        {"CAST(7 AS DECIMAL(3,0))", {ValueKind::Decimal, "7"}},
        {"'a string longer than twelve bytes'",
         {ValueKind::Text, "a string longer than twelve bytes"}},
        {"'ñ'", {ValueKind::Text, "ñ"}},
        {"'\\x00a\\xFF'::BLOB", {ValueKind::Bytes, std::string("\0a\xff", 3)}},
        {"DATE '2020-02-29'", {ValueKind::Temporal, "2020-02-29"}},
        {"TIMESTAMP '1999-12-31 23:59:59.5'", {ValueKind::Temporal, "1999-12-31 23:59:59.5"}},
        {"TIME '08:15:00'", {ValueKind::Temporal, "08:15:00"}},
        {"INTERVAL '400 days'", {ValueKind::Temporal, "400 days"}},
        {"'{\"a\": 1}'::JSON", {ValueKind::Text, "{\"a\": 1}"}},
    };
    for (const auto& [expression, expected] : cases) {
        INFO(expression);
        const Value got = single(*backend, expression);
        CHECK(got.kind == expected.kind);
        CHECK(got.text == expected.text);
    }
}

TEST_CASE("duckdb reads NULLs of every type and results of many chunks", "[duckdb]") {
    auto backend = open_duckdb();
    for (const char* type : {"INTEGER", "HUGEINT", "DOUBLE", "DECIMAL(10,2)", "VARCHAR", "BLOB",
                             "DATE", "TIMESTAMP", "INTERVAL", "BOOLEAN"}) {
        INFO(type);
        CHECK(single(*backend, std::string("CAST(NULL AS ") + type + ")") == Value::null());
    }
    CHECK(single(*backend, "NULL") == Value::null());
    // 5000 rows span three of DuckDB's 2048-row chunks; every third value is NULL.
    const ResultSet rs = backend->query(
        "SELECT CASE WHEN range % 3 = 0 THEN NULL ELSE range END AS v FROM range(5000)");
    REQUIRE(rs.columns == std::vector<std::string>{"v"});
    REQUIRE(rs.rows.size() == 5000);
    std::size_t nulls = 0;
    for (std::size_t i = 0; i < rs.rows.size(); ++i) {
        if (rs.rows[i][0].kind == ValueKind::Null) {
            ++nulls;
            continue;
        }
        CHECK(rs.rows[i][0].kind == ValueKind::Int);
    }
    CHECK(nulls == 1667);
}

TEST_CASE("duckdb runs one statement per call and refuses a text holding several", "[duckdb]") {
    auto backend = open_duckdb();
    CHECK(error_kind(*backend, "CREATE TABLE t1 (a INTEGER); SELECT 99") == "not_owned");
    backend->execute("CREATE TABLE t1 (a INTEGER)");
    backend->execute("INSERT INTO t1 VALUES (1), (2)");
    const ResultSet rs = backend->query("SELECT a FROM t1 ORDER BY a;");
    REQUIRE(rs.rows.size() == 2);
    CHECK(rs.rows[1][0].text == "2");
    backend->execute("-- only a comment");
}

TEST_CASE("duckdb error kinds name DuckDB's error class", "[duckdb]") {
    auto backend = open_duckdb();
    CHECK(error_kind(*backend, "SELECT no_such_column") == "duckdb:Binder Error");
    CHECK(error_kind(*backend, "SELECT FROM FROM") == "duckdb:Parser Error");
    CHECK(error_kind(*backend, "SELECT CAST('x' AS INTEGER)") == "duckdb:Conversion Error");
    CHECK(error_kind(*backend, "SELECT CAST(127 AS TINYINT) + CAST(1 AS TINYINT)") ==
          "duckdb:Out of Range Error");
    // The session is usable after an error.
    CHECK(single(*backend, "41 + 1").text == "42");
}

TEST_CASE("duckdb statements stop at the timeout and the session goes on", "[duckdb]") {
    BackendOptions options = duckdb_options();
    options.statement_timeout = 300ms;
    auto backend = open_duckdb("duckdb::memory:", options);
    const auto start = std::chrono::steady_clock::now();
    CHECK(error_kind(*backend, kSlowQuery) == "timeout");
    CHECK(std::chrono::steady_clock::now() - start < 5s);
    // A statement after the timeout is not hit by the interrupt that stopped the last one.
    std::this_thread::sleep_for(400ms);
    CHECK(single(*backend, "1").text == "1");
    CHECK(backend->query("SELECT count(*) FROM range(100000)").rows[0][0].text == "100000");
}

TEST_CASE("duckdb interrupt stops a running statement and every later one", "[duckdb]") {
    BackendOptions options = duckdb_options();
    options.statement_timeout = 0ms;
    auto backend = open_duckdb("duckdb::memory:", options);
    std::thread interrupter([&] {
        std::this_thread::sleep_for(200ms);
        backend->interrupt();
    });
    const auto start = std::chrono::steady_clock::now();
    const std::string kind = error_kind(*backend, kSlowQuery);
    interrupter.join();
    CHECK(kind == kInterrupted);
    CHECK(std::chrono::steady_clock::now() - start < 3s);
    CHECK(error_kind(*backend, "SELECT 1") == kInterrupted);
    backend->resume();
    CHECK(single(*backend, "2").text == "2");
}

TEST_CASE("duckdb fingerprints equal results alike and different ones apart", "[duckdb]") {
    auto backend = open_duckdb();
    backend->execute(
        "CREATE TABLE f (i INTEGER, h HUGEINT, d DECIMAL(10,2), s VARCHAR, t DATE, b BOOLEAN)");
    backend->execute(
        "INSERT INTO f VALUES (1, 10, 1.50, 'a', DATE '2020-01-01', true), "
        "(NULL, NULL, NULL, NULL, NULL, NULL), (3, -7, -0.25, 'longer than twelve', "
        "DATE '1999-12-31', false)");
    const ResultFingerprint all = backend->query_fingerprint("SELECT * FROM f");
    CHECK(all.rows == 3);
    // Row order does not matter; values do.
    CHECK(backend->query_fingerprint("SELECT * FROM f ORDER BY i DESC") == all);
    CHECK_FALSE(backend->query_fingerprint("SELECT * FROM f WHERE i IS NOT NULL") == all);
    CHECK_FALSE(backend->query_fingerprint("SELECT i + 1, h, d, s, t, b FROM f") == all);
    CHECK_FALSE(backend->query_fingerprint("SELECT i, h, d, s || 'x', t, b FROM f") == all);
    // Equal values of equal types from another query hash the same.
    backend->execute("CREATE TABLE g AS SELECT * FROM f");
    CHECK(backend->query_fingerprint("SELECT * FROM g") == all);
}

TEST_CASE("duckdb results above the row limit fail as result_too_large", "[duckdb]") {
    BackendOptions options = duckdb_options();
    options.max_result_rows = 3000;
    auto backend = open_duckdb("duckdb::memory:", options);
    CHECK(error_kind(*backend, "SELECT * FROM range(3001)") == "result_too_large");
    CHECK(backend->query("SELECT * FROM range(3000)").rows.size() == 3000);
}

TEST_CASE("duckdb reset_workspace on :memory: starts a fresh database", "[duckdb]") {
    auto backend = open_duckdb();
    backend->execute("CREATE TABLE t1 (a INTEGER)");
    backend->execute("CREATE TEMP TABLE t2 (a INTEGER)");
    backend->reset_workspace();
    CHECK(error_kind(*backend, "SELECT * FROM t1") == "duckdb:Catalog Error");
    CHECK(error_kind(*backend, "SELECT * FROM t2") == "duckdb:Catalog Error");
    CHECK(backend->server_version().rfind("DuckDB v", 0) == 0);
}

TEST_CASE("duckdb file databases keep a ledger and refuse foreign tables", "[duckdb]") {
    const auto dir = eriq::test::fresh_dir("duckdb-ledger");
    const std::string url = "duckdb://" + (dir / "w.db").string();
    {
        auto backend = open_duckdb(url);
        backend->execute("CREATE TABLE t1 (a INTEGER)");
        backend->execute("CREATE VIEW t2 AS SELECT * FROM t1");
        backend->execute("CREATE TEMP TABLE t3 (a INTEGER)");
        backend->reset_workspace();
        CHECK(backend->query("SELECT table_name FROM duckdb_tables() WHERE NOT temporary")
                  .rows.size() == 1);  // only the ledger
        CHECK(
            backend->query("SELECT view_name FROM duckdb_views() WHERE NOT internal").rows.empty());
        // A statement that would drop what eriq did not create is refused.
        CHECK(error_kind(*backend, "DROP TABLE users") == "not_owned");
    }
    {
        // The ledger of the same file is read back: no foreign objects.
        auto backend = open_duckdb(url);
        backend->execute("CREATE TABLE t4 (a INTEGER)");
    }
#ifdef ERIQ_TEST_DUCKDB_HEADER
    {
        // A table a user made in another file (written here by another program through the
        // C API) is refused, unless foreign objects are allowed.
        const auto path = (dir / "foreign.db").string();
        user_writes(path, "CREATE TABLE users (a INTEGER)");
        std::string kind = "none";
        try {
            open_duckdb("duckdb://" + path);
        } catch (const BackendError& error) {
            kind = error.kind;
            CHECK(std::string(error.what()).find("users") != std::string::npos);
        }
        CHECK(kind == "foreign_objects");
        BackendOptions allow = duckdb_options();
        allow.allow_foreign_objects = true;
        auto backend = open_duckdb("duckdb://" + path, allow);
        CHECK(error_kind(*backend, "DROP TABLE users") == "not_owned");
        backend->execute("CREATE TABLE t1 (a INTEGER)");
    }
#endif
    std::filesystem::remove_all(dir);
}

TEST_CASE("duckdb file databases are locked for one eriq run at a time", "[duckdb]") {
    const std::string path = (eriq::test::fresh_dir("duckdb-lock") / "w.db").string();
    BackendOptions exclusive = duckdb_options();
    exclusive.exclusive_workspace = true;
    auto second_run = [&] {
        try {
            open_duckdb("duckdb://" + path, exclusive);
        } catch (const BackendError& error) {
            return error.kind;
        }
        return std::string("opened");
    };
    {
        auto first = open_duckdb("duckdb://" + path, exclusive);
        first->execute("CREATE TABLE t (a INTEGER)");
        CHECK(second_run() == "workspace_busy");
        first->execute("INSERT INTO t VALUES (1)");
        CHECK(first->query("SELECT a FROM t").rows.size() == 1);
    }
    CHECK(second_run() == "opened");
}
