#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <unistd.h>
#include <chrono>
#include <cstdio>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>

#include "exec/backend.hpp"
#include "exec/fault_injecting_backend.hpp"
#include "exec/sqlite_backend.hpp"
#include "exec/sqlite_error_kind.hpp"
#include "execute_each.hpp"

using namespace eriq;

namespace {

std::unique_ptr<Backend> memory_backend(BackendOptions options = {}) {
    return open_backend(ConnectionSpec::parse("sqlite::memory:"), options);
}

std::string error_kind_of(Backend& backend, const std::string& sql) {
    try {
        backend.query(sql);
    } catch (const BackendError& error) {
        return error.kind;
    }
    return "no error";
}

std::string parse_error(const std::string& url) {
    try {
        ConnectionSpec::parse(url);
    } catch (const std::invalid_argument& error) {
        return error.what();
    }
    return "parsed";
}

std::set<std::string> names_in(Backend& backend, const std::string& schema_table) {
    std::set<std::string> names;
    for (const auto& row : backend.query("SELECT name FROM " + schema_table).rows) {
        names.insert(row[0].text);
    }
    return names;
}

}  // namespace

TEST_CASE("sqlite URLs name memory absolute and relative databases", "[exec]") {
    ConnectionSpec memory = ConnectionSpec::parse("sqlite::memory:");
    CHECK(memory.driver == "sqlite");
    CHECK(memory.database == ":memory:");
    CHECK(memory.redacted() == "sqlite::memory:");

    ConnectionSpec absolute = ConnectionSpec::parse("sqlite:///tmp/dir/x.db");
    CHECK(absolute.database == "/tmp/dir/x.db");
    CHECK(absolute.redacted() == "sqlite:///tmp/dir/x.db");

    ConnectionSpec relative = ConnectionSpec::parse("sqlite:work/x.db");
    CHECK(relative.database == "work/x.db");
    CHECK(relative.redacted() == "sqlite:work/x.db");
}

TEST_CASE("mysql URLs give user password host port and database", "[exec]") {
    ConnectionSpec full = ConnectionSpec::parse("mysql://eriq:s3cr%40t%2Fpw@10.0.0.5:3310/eriq_w1");
    CHECK(full.driver == "mysql");
    CHECK(full.user == "eriq");
    CHECK(full.password == "s3cr@t/pw");
    CHECK(full.host == "10.0.0.5");
    CHECK(full.port == 3310);
    CHECK(full.database == "eriq_w1");
    CHECK(full.redacted() == "mysql://eriq:***@10.0.0.5:3310/eriq_w1");

    ConnectionSpec bare = ConnectionSpec::parse("mysql://dbhost");
    CHECK(bare.user.empty());
    CHECK(bare.password.empty());
    CHECK(bare.host == "dbhost");
    CHECK(bare.port == 3306);
    CHECK(bare.database == "eriq");
    CHECK(bare.redacted() == "mysql://dbhost:3306/eriq");

    ConnectionSpec user_only = ConnectionSpec::parse("mysql://root@127.0.0.1/");
    CHECK(user_only.user == "root");
    CHECK(user_only.database == "eriq");
    CHECK(user_only.redacted() == "mysql://root@127.0.0.1:3306/eriq");

    ConnectionSpec ipv6 = ConnectionSpec::parse("mysql://u:p@[::1]:4000/d");
    CHECK(ipv6.host == "::1");
    CHECK(ipv6.port == 4000);
    CHECK(ipv6.redacted() == "mysql://u:***@[::1]:4000/d");

    CHECK(ConnectionSpec::parse("postgres://u@h/d").driver == "postgres");
    CHECK(ConnectionSpec::parse("postgres://u@h/d").port == 5432);
}

TEST_CASE("invalid URLs are rejected without revealing the password", "[exec]") {
    const std::string secret = "hunter2secret";
    for (const std::string& url : {
             "mysql://eriq:" + secret + "@host:notaport/db",
             "mysql://eriq:" + secret + "@host:70000/db",
             "mysql://eriq:" + secret + "%zz@host/db",
             "mysql://eriq:" + secret + "@host/db?ssl=1",
             "mysql://eriq:" + secret + "@host/d`b",
             "mysql:eriq:" + secret + "@host/db",
             "eriq:" + secret + "@host/db",
             "ftp://eriq:" + secret + "@host/db",
         }) {
        std::string message = parse_error(url);
        INFO(message);
        CHECK(message != "parsed");
        CHECK(message.find("invalid connection URL") != std::string::npos);
        CHECK(message.find(secret) == std::string::npos);
    }
    CHECK(parse_error("sqlite:") != "parsed");
    CHECK(parse_error("sqlite://host/x.db") != "parsed");
    CHECK(parse_error("nocolon") != "parsed");
}

TEST_CASE("an unknown driver is refused", "[exec]") {
    ConnectionSpec spec = ConnectionSpec::parse("sqlite::memory:");
    spec.driver = "oracle";
    CHECK_THROWS_AS(open_backend(spec, {}), std::invalid_argument);
}

TEST_CASE("sqlite values keep their storage class", "[exec]") {
    auto backend = memory_backend();
    CHECK(backend->driver() == "sqlite");
    CHECK(backend->server_version().rfind("SQLite 3.", 0) == 0);

    ResultSet result = backend->query(
        "SELECT 42 AS i, -9223372036854775808 AS big, 0.1 AS f, 'h\xc3\xa9' AS s, "
        "x'00ff41' AS b, NULL AS n");
    REQUIRE(result.columns == std::vector<std::string>{"i", "big", "f", "s", "b", "n"});
    REQUIRE(result.rows.size() == 1);
    const auto& row = result.rows[0];
    CHECK(row[0] == Value{ValueKind::Int, "42"});
    CHECK(row[1] == Value{ValueKind::Int, "-9223372036854775808"});
    CHECK(row[2] == Value{ValueKind::Float, "0.1"});  // the shortest text that reads back exactly
    CHECK(row[3] == Value{ValueKind::Text, "h\xc3\xa9"});
    CHECK(row[4] == Value{ValueKind::Bytes, std::string("\0\xff"
                                                        "A",
                                                        3)});
    CHECK(row[5] == Value::null());
}

TEST_CASE("sqlite runs one statement per call and refuses a text holding several", "[exec]") {
    auto backend = memory_backend();
    auto before = backend->statements();
    CHECK_THROWS_AS(backend->query("CREATE TEMP TABLE t0(c0); SELECT 99"), WorkspaceViolation);
    CHECK(backend->statements() == before);
    execute_each(*backend, "CREATE TEMP TABLE t0(c0); INSERT INTO t0 VALUES (1), (2)");
    ResultSet result = backend->query("SELECT c0 FROM t0 ORDER BY c0; -- the end");
    CHECK(backend->statements() - before == 3);
    REQUIRE(result.rows.size() == 2);
    CHECK(result.rows[1][0].text == "2");

    ResultSet empty = backend->query("SELECT c0 AS x FROM t0 WHERE c0 > 5");
    CHECK(empty.columns == std::vector<std::string>{"x"});
    CHECK(empty.rows.empty());
    CHECK(backend->driver_seconds() > 0);
}

TEST_CASE("sqlite error kinds group by cause", "[exec]") {
    auto backend = memory_backend();
    execute_each(*backend, "CREATE TABLE t0(c0); CREATE TABLE t1(c0)");

    CHECK(error_kind_of(*backend, "SELECT nosuch(1)") == "sqlite:no such function");
    CHECK(error_kind_of(*backend, "SELECT other_fn(1)") == "sqlite:no such function");
    CHECK(error_kind_of(*backend, "SELECT c9 FROM t0") == "sqlite:no such column");
    CHECK(error_kind_of(*backend, "SELECT t0.c7 FROM t0") == "sqlite:no such column");
    CHECK(error_kind_of(*backend, "SELECT * FROM t99") == "sqlite:no such table");
    CHECK(error_kind_of(*backend, "SELECT c0 FROM t0, t1") == "sqlite:ambiguous column name");
    // The wording differs between SQLite versions; both keep the stable prefix.
    CHECK(error_kind_of(*backend, "SELECT 1 FROM t0 WHERE count(*) > 1")
              .starts_with("sqlite:misuse of aggregate"));
    CHECK(error_kind_of(*backend, "SELECT 1 FROM t0 WHERE max(c0) > 1") ==
          error_kind_of(*backend, "SELECT 1 FROM t1 WHERE count(*) > 1"));
    CHECK(error_kind_of(*backend, "SELECT FROM t0") == "sqlite:syntax error");
    // An unknown statement kind never reaches the library.
    CHECK(error_kind_of(*backend, "SELEC 1") == "not_owned");
    CHECK(error_kind_of(*backend, "SELECT 1 FROM FROM t0") == "sqlite:syntax error");
    CHECK(error_kind_of(*backend, "SELECT 1 FROM t0 WHERE") == "sqlite:incomplete input");
    CHECK(error_kind_of(*backend, "SELECT abs(1, 2)") ==
          "sqlite:wrong number of arguments to function");
    CHECK(error_kind_of(*backend, "SELECT 1 ORDER BY 3") == "sqlite:ORDER BY term out of range");
    CHECK(error_kind_of(*backend, "CREATE TABLE t0(c1)") == "sqlite:table already exists");
    CHECK(error_kind_of(*backend, "SELECT (SELECT 1, 2)") == "sqlite:sub-select returns columns");

    std::string long_kind = error_kind_of(*backend, "SELECT 1 UNION SELECT 1, 2");
    CHECK(long_kind.rfind("sqlite:SELECTs to the left and right", 0) == 0);
    CHECK(long_kind.size() <= kMaxErrorKind);
}

TEST_CASE("sqlite error kind strips names and numbers", "[exec]") {
    CHECK(sqlite_error_kind("UNIQUE constraint failed: t0.c0") ==
          "sqlite:UNIQUE constraint failed");
    CHECK(sqlite_error_kind("misuse of window function sum()") ==
          "sqlite:misuse of window function");
    CHECK(sqlite_error_kind("unrecognized token: \"'abc\"") == "sqlite:unrecognized token");
    CHECK(sqlite_error_kind("") == "sqlite:error");
}

TEST_CASE("sqlite statements stop at the timeout", "[exec]") {
    BackendOptions options;
    options.statement_timeout = std::chrono::milliseconds(200);
    auto backend = memory_backend(options);
    auto start = std::chrono::steady_clock::now();
    CHECK(error_kind_of(*backend,
                        "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c "
                        "WHERE n < 1000000000) SELECT count(*) FROM c") == "timeout");
    auto waited = std::chrono::steady_clock::now() - start;
    CHECK(waited >= std::chrono::milliseconds(190));
    CHECK(waited < std::chrono::seconds(3));
    // The deadline is per call: the next statement runs normally.
    CHECK(backend->query("SELECT 7").rows.at(0).at(0).text == "7");
}

TEST_CASE("sqlite reset_workspace on :memory: starts a fresh database", "[exec]") {
    BackendOptions options;
    options.gate.session_settings = {"cache_size"};
    options.session_init = {"PRAGMA cache_size = 77"};
    auto backend = memory_backend(options);
    execute_each(*backend,
                 "CREATE TABLE t0(c0); INSERT INTO t0 VALUES (1); CREATE TEMP TABLE eriq_t(c0);"
                 "PRAGMA cache_size = 99");
    const auto before = backend->driver_seconds();
    backend->reset_workspace();
    CHECK(names_in(*backend, "main.sqlite_schema").empty());
    CHECK(names_in(*backend, "temp.sqlite_schema").empty());
    // The session statements ran again on the new database, and the counters carry on.
    CHECK(backend->query("PRAGMA cache_size").rows.at(0).at(0).text == "77");
    CHECK(backend->driver_seconds() > before);
    CHECK(backend->query("SELECT page_count FROM pragma_page_count").rows.at(0).at(0).text == "0");
}

TEST_CASE("sqlite session_init runs after opening", "[exec]") {
    BackendOptions options;
    options.gate.session_settings = {"cache_size"};
    options.session_init = {"PRAGMA cache_size = 77"};
    auto backend = memory_backend(options);
    CHECK(backend->query("PRAGMA cache_size").rows.at(0).at(0).text == "77");
    // Only session statements may run there, and only of the listed settings.
    options.session_init = {"CREATE TEMP TABLE eriq_init(x)"};
    CHECK_THROWS_AS(memory_backend(options), WorkspaceViolation);
    options.session_init = {"PRAGMA writable_schema = 1"};
    CHECK_THROWS_AS(memory_backend(options), WorkspaceViolation);
}

TEST_CASE("fault injector perturbs only marked queries", "[exec]") {
    auto inner = memory_backend();
    execute_each(*inner,
                 "CREATE TABLE t0(c0, c1); INSERT INTO t0 VALUES (1, 'a'), (2, 'b'), (3, 'c')");
    using Fault = FaultInjectingBackend::Fault;
    FaultInjectingBackend faulty(*inner, {{"/*drop*/", Fault::DropLastRow},
                                          {"/*dup*/", Fault::DuplicateFirstRow},
                                          {"/*change*/", Fault::ChangeFirstValue}});
    CHECK(faulty.driver() == "sqlite");
    const std::string base = "SELECT c0, c1 FROM t0 ORDER BY c0";
    ResultSet clean = faulty.query(base);
    CHECK(clean.rows == inner->query(base).rows);
    CHECK(faulty.faults_injected() == 0);

    ResultSet dropped = faulty.query(base + " /*drop*/");
    REQUIRE(dropped.rows.size() == 2);
    CHECK(dropped.rows[1][0].text == "2");

    ResultSet duplicated = faulty.query(base + " /*dup*/");
    REQUIRE(duplicated.rows.size() == 4);
    CHECK(duplicated.rows[3] == clean.rows[0]);

    ResultSet changed = faulty.query(base + " /*change*/");
    CHECK(changed.rows[0][0] == Value{ValueKind::Int, "2"});
    CHECK(changed.rows[1] == clean.rows[1]);

    CHECK(faulty.query("SELECT c1 FROM t0 ORDER BY c0 /*change*/").rows[0][0].text == "a_fault");
    CHECK(faulty.query("SELECT NULL /*change*/").rows[0][0] == Value{ValueKind::Int, "1"});
    CHECK(faulty.query("SELECT 1.5 /*change*/").rows[0][0] == Value{ValueKind::Float, "2.5"});
    CHECK(faulty.query("SELECT c0 FROM t0 WHERE 0 /*drop*/").rows.empty());
    CHECK(faulty.faults_injected() == 6);

    faulty.execute("CREATE TABLE t1(c0)");
    CHECK(faulty.statements() == inner->statements());
    CHECK(faulty.driver_seconds() == inner->driver_seconds());
    faulty.reset_workspace();
    CHECK(names_in(*inner, "sqlite_schema").empty());
    CHECK_THROWS_AS(faulty.query("SELECT nosuch()"), BackendError);
    CHECK(faulty.statements() == inner->statements());
}

TEST_CASE("a result above the row limit fails as result_too_large", "[exec]") {
    BackendOptions options;
    options.max_result_rows = 100;
    auto backend = open_backend(ConnectionSpec::parse("sqlite::memory:"), options);
    const std::string count_to =
        "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < {}) SELECT i "
        "FROM r";
    CHECK(backend->query(fmt::format(fmt::runtime(count_to), 100)).rows.size() == 100);
    try {
        backend->query(fmt::format(fmt::runtime(count_to), 101));
        FAIL("no error");
    } catch (const BackendError& e) {
        CHECK(e.kind == "result_too_large");
        CHECK_FALSE(e.server_fault);
    }
}
