#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <chrono>
#include <memory>
#include <set>
#include <string>
#include <thread>

#include "../client_sql.hpp"
#include "exec/backend.hpp"
#include "live_server.hpp"

using namespace eriq;

namespace {

const std::string kTestDb = "eriq_exec_test";
const std::string kForeignDb = "eriq_exec_foreign";

BackendOptions permissive() {
    BackendOptions options;
    options.allow_foreign_objects = true;
    return options;
}

// As the server's user would, not through eriq.
void user_sql(const std::string& db, const std::string& sql) {
    client_sql("mariadb", spec_for_db(db), sql);
}

void drop_database(const std::string& db) {
    user_sql("", "DROP DATABASE IF EXISTS `" + db + "`");
}

// A backend on a database emptied first, dropped again when the test ends.
struct FreshDatabase {
    explicit FreshDatabase(const std::string& db, BackendOptions options = {}) : name(db) {
        drop_database(db);
        backend = open_backend(spec_for_db(db), options);
    }
    ~FreshDatabase() {
        backend.reset();
        drop_database(name);
    }
    std::string name;
    std::unique_ptr<Backend> backend;
};

std::string error_kind_of(Backend& backend, const std::string& sql) {
    try {
        backend.query(sql);
    } catch (const BackendError& error) {
        return error.kind;
    }
    return "no error";
}

// Read through the server's own client: eriq's gate refuses information_schema.
std::set<std::string> tables_in(const std::string& db) {
    std::set<std::string> names;
    std::string line;
    for (char c : client_sql("mariadb", spec_for_db(db),
                             "SELECT table_name FROM information_schema.tables "
                             "WHERE table_schema = DATABASE()")) {
        if (c != '\n') {
            line += c;
        } else if (!line.empty()) {
            names.insert(line);
            line.clear();
        }
    }
    return names;
}

}  // namespace

TEST_CASE("mysql backend connects into its own database", "[mariadb]") {
    BackendOptions options;
    options.gate.session_settings = {"sql_mode"};
    options.session_init = {"SET SESSION sql_mode = 'STRICT_ALL_TABLES'"};
    FreshDatabase db(kTestDb, options);
    Backend& backend = *db.backend;
    CHECK(backend.driver() == "mysql");
    CHECK(backend.server_version().find("MariaDB") != std::string::npos);
    CHECK(backend.query("SELECT DATABASE()").rows.at(0).at(0).text == kTestDb);
    CHECK(backend.query("SELECT @@SESSION.sql_mode").rows.at(0).at(0).text == "STRICT_ALL_TABLES");
    CHECK(backend.query("SELECT @@SESSION.max_statement_time").rows.at(0).at(0).text ==
          "10.000000");
    CHECK(backend.statements() > 0);
    CHECK(backend.driver_seconds() > 0);
}

TEST_CASE("mysql column types map to value kinds", "[mariadb]") {
    FreshDatabase db(kTestDb);
    Backend& backend = *db.backend;
    backend.execute(
        "CREATE TABLE t0 (i INT, d DECIMAL(10,4), f DOUBLE, dt DATE, v VARCHAR(20), "
        "vb VARBINARY(10), b BIT(4), j JSON, n INT)");
    backend.execute(
        "INSERT INTO t0 VALUES (-7, 3.5, 0.25, '2024-02-29', 'h\xc3\xa9llo', x'00ff41', "
        "b'1010', '{\"a\": 1}', NULL)");
    ResultSet result = backend.query("SELECT i, d, f, dt, v, vb, b, j, n FROM t0");
    REQUIRE(result.columns ==
            std::vector<std::string>{"i", "d", "f", "dt", "v", "vb", "b", "j", "n"});
    REQUIRE(result.rows.size() == 1);
    const auto& row = result.rows[0];
    CHECK(row[0] == Value{ValueKind::Int, "-7"});
    CHECK(row[1] == Value{ValueKind::Decimal, "3.5000"});
    CHECK(row[2] == Value{ValueKind::Float, "0.25"});
    CHECK(row[3] == Value{ValueKind::Temporal, "2024-02-29"});
    CHECK(row[4] == Value{ValueKind::Text, "h\xc3\xa9llo"});
    CHECK(row[5] == Value{ValueKind::Bytes, std::string("\0\xff"
                                                        "A",
                                                        3)});
    CHECK(row[6] == Value{ValueKind::Int, "10"});  // BIT(4) b'1010' reads as its number
    CHECK(row[7] == Value{ValueKind::Json, "{\"a\": 1}"});
    CHECK(row[8] == Value::null());

    ResultSet expressions = backend.query(
        "SELECT 2 + 3, 1.50 * 2, 1e0 / 4, CONCAT('a', 'b'), CAST('ab' AS BINARY), "
        "DATE '2024-01-31' + INTERVAL 1 MONTH, CAST('10:30' AS TIME), YEAR('2020-01-01')");
    const auto& values = expressions.rows.at(0);
    CHECK(values[0] == Value{ValueKind::Int, "5"});
    CHECK(values[1] == Value{ValueKind::Decimal, "3.00"});
    CHECK(values[2] == Value{ValueKind::Float, "0.25"});
    CHECK(values[3] == Value{ValueKind::Text, "ab"});
    CHECK(values[4] == Value{ValueKind::Bytes, "ab"});
    CHECK(values[5] == Value{ValueKind::Temporal, "2024-02-29"});
    CHECK(values[6] == Value{ValueKind::Temporal, "10:30:00"});
    CHECK(values[7] == Value{ValueKind::Int, "2020"});
}

TEST_CASE("mysql runs one statement per call and refuses a text holding several", "[mariadb]") {
    FreshDatabase db(kTestDb);
    Backend& backend = *db.backend;
    auto before = backend.statements();
    CHECK(error_kind_of(backend, "SELECT 1; SELECT 2") == "not_owned");
    // Read with MySQL's backslash escapes, the quote is escaped: two statements, refused.
    CHECK(error_kind_of(backend, "SELECT 'a\\''; DROP TABLE eriq_ledger; -- '") == "not_owned");
    backend.execute("CREATE TEMPORARY TABLE eriq_tmp (c INT)");
    backend.execute("INSERT INTO eriq_tmp VALUES (1), (2)");
    ResultSet result = backend.query("SELECT c FROM eriq_tmp ORDER BY c;");
    CHECK(backend.statements() - before == 3);
    REQUIRE(result.rows.size() == 2);
    CHECK(result.rows[1][0].text == "2");
    // Nothing is left pending on the connection.
    CHECK(backend.query("SELECT 3").rows.at(0).at(0).text == "3");

    CHECK(error_kind_of(backend, "SELECT FROM FROM") == "mysql:1064");
    CHECK(backend.query("SELECT 4").rows.at(0).at(0).text == "4");
}

TEST_CASE("mysql fingerprints the client's row buffers like the rows they make", "[mariadb]") {
    FreshDatabase db(kTestDb);
    Backend& backend = *db.backend;
    auto print = [&](const std::string& sql) { return backend.query_fingerprint(sql); };
    const std::string sql = "SELECT 1, 'a', b'101' UNION ALL SELECT 2, NULL, b'0'";
    const auto one_two = print(sql);
    CHECK(one_two.rows == 2);
    // Hashing the buffers gives what hashing the built rows gives.
    CHECK(one_two == fingerprint(backend.query(sql)));
    CHECK(one_two == print("SELECT 2, NULL, b'0' UNION ALL SELECT 1, 'a', b'101'"));
    CHECK_FALSE(one_two == print("SELECT 1, 'a', b'101' UNION ALL SELECT 2, '', b'0'"));
    CHECK_FALSE(print("SELECT 1") == print("SELECT '1'"));
    // One statement per call.
    CHECK_THROWS_AS(print("SELECT 7; SELECT 8"), WorkspaceViolation);
    CHECK(backend.query("SELECT 3").rows.at(0).at(0).text == "3");
}

TEST_CASE("mysql errors carry the server error number", "[mariadb]") {
    FreshDatabase db(kTestDb);
    CHECK(error_kind_of(*db.backend, "SELECT 1 FROM FROM") == "mysql:1064");
    CHECK(error_kind_of(*db.backend, "SELECT * FROM t404") == "mysql:1146");
    try {
        db.backend->query("SELECT nosuchcol FROM DUAL");
        FAIL("no error");
    } catch (const BackendError& error) {
        CHECK(error.kind == "mysql:1054");
        CHECK_FALSE(error.server_fault);
        CHECK(std::string(error.what()).find("nosuchcol") != std::string::npos);
    }
}

TEST_CASE("mysql statements stop at the timeout", "[mariadb]") {
    BackendOptions options;
    options.statement_timeout = std::chrono::milliseconds(300);
    FreshDatabase db(kTestDb, options);
    auto start = std::chrono::steady_clock::now();
    CHECK(error_kind_of(*db.backend, "SELECT SLEEP(5)") == "timeout");
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(3));
    CHECK(db.backend->query("SELECT 5").rows.at(0).at(0).text == "5");
}

std::string refusal(const std::string& db, const BackendOptions& options) {
    try {
        open_backend(spec_for_db(db), options);
    } catch (const BackendError& error) {
        CHECK(error.kind == "foreign_objects");
        return error.what();
    }
    return "";
}

TEST_CASE("mysql database holding a user's tables is refused, whatever their names", "[mariadb]") {
    drop_database(kForeignDb);
    user_sql("", "CREATE DATABASE `" + kForeignDb + "`");
    user_sql(kForeignDb,
             "CREATE TABLE customers (id INT); CREATE TABLE T7 (id INT); "
             "CREATE TABLE eriq_audit (id INT); CREATE VIEW eriq_v_user AS SELECT 1 AS c");
    std::string message = refusal(kForeignDb, {});
    for (const char* name : {"customers", "T7", "eriq_audit", "eriq_v_user"})
        CHECK(message.find(name) != std::string::npos);
    // Allowed foreign objects still may not carry names eriq gives its own objects.
    message = refusal(kForeignDb, permissive());
    CHECK(message.find("T7") != std::string::npos);
    CHECK(message.find("customers") == std::string::npos);
    user_sql(kForeignDb, "DROP TABLE T7, eriq_audit; DROP VIEW eriq_v_user");
    auto backend = open_backend(spec_for_db(kForeignDb), permissive());
    backend->execute("CREATE TABLE t0 (c INT)");
    CHECK_THROWS_AS(backend->execute("DROP TABLE customers"), WorkspaceViolation);
    CHECK_THROWS_AS(backend->execute("INSERT INTO customers VALUES (1)"), WorkspaceViolation);
    CHECK_THROWS_AS(backend->execute("CREATE OR REPLACE TABLE customers (x INT)"),
                    WorkspaceViolation);
    backend->reset_workspace();
    CHECK(tables_in(kForeignDb) == std::set<std::string>{"customers", "eriq_ledger"});
    backend.reset();
    drop_database(kForeignDb);
}

TEST_CASE("mysql reset_workspace drops recorded tables views and temporary tables", "[mariadb]") {
    FreshDatabase db(kTestDb, permissive());
    Backend& backend = *db.backend;
    backend.execute("CREATE TABLE t0 (c INT)");
    user_sql(kTestDb, "CREATE TABLE keepme (c INT); CREATE TABLE t0_user (c INT)");
    backend.execute("CREATE VIEW eriq_v1 AS SELECT c FROM t0");
    backend.execute("CREATE TABLE t3 (c INT)");
    backend.execute("CREATE TEMPORARY TABLE t3 (shadow INT)");
    backend.execute("CREATE TEMPORARY TABLE `eriq_tmp` AS SELECT 1 AS c");
    backend.reset_workspace();
    CHECK(tables_in(kTestDb) == std::set<std::string>{"keepme", "t0_user", "eriq_ledger"});
    CHECK(error_kind_of(backend, "SELECT * FROM eriq_tmp") == "mysql:1146");
    CHECK(error_kind_of(backend, "SELECT * FROM t3") == "mysql:1146");
    backend.reset_workspace();
    CHECK(tables_in(kTestDb) == std::set<std::string>{"keepme", "t0_user", "eriq_ledger"});
    // The next run finds its recorded objects its own; the user's are still foreign.
    backend.execute("CREATE TABLE t1 (c INT)");
    CHECK(refusal(kTestDb, {}).find("keepme") != std::string::npos);
    CHECK(refusal(kTestDb, {}).find("t1") == std::string::npos);
}

TEST_CASE("mysql backend reconnects after losing its connection", "[mariadb]") {
    FreshDatabase db(kTestDb);
    Backend& backend = *db.backend;
    std::string id = backend.query("SELECT CONNECTION_ID()").rows.at(0).at(0).text;
    client_sql("mariadb", spec_for_db(kTestDb), "KILL " + id);
    try {
        backend.query("SELECT 1");
        FAIL("a killed connection still answered");
    } catch (const BackendError& error) {
        CHECK(error.kind == "connection_lost");
        CHECK(error.server_fault);
    }
    CHECK(backend.query("SELECT DATABASE()").rows.at(0).at(0).text == kTestDb);
    CHECK(backend.query("SELECT CONNECTION_ID()").rows.at(0).at(0).text != id);
}

TEST_CASE("mysql refused credentials are an authentication failure that never shows the password",
          "[mariadb]") {
    ConnectionSpec spec = spec_for_db(kTestDb);
    spec.password = "wrong-password-42";
    try {
        open_backend(spec, {});
        FAIL("connected with a wrong password");
    } catch (const BackendError& error) {
        CHECK(error.kind == kAuthenticationFailed);
        CHECK_FALSE(error.server_fault);  // not retried like a server that is down
        std::string message = error.what();
        CHECK(message.find("authentication failed") != std::string::npos);
        CHECK(message.find("Access denied") != std::string::npos);
        CHECK(message.find("wrong-password-42") == std::string::npos);
        CHECK(message.find("***") != std::string::npos);
    }
}

TEST_CASE("mysql server that does not answer is a server fault", "[mariadb]") {
    ConnectionSpec spec = spec_for_db(kTestDb);
    spec.port = 1;  // nothing listens there
    try {
        open_backend(spec, {});
        FAIL("connected to port 1");
    } catch (const BackendError& error) {
        CHECK(error.kind == "connect_failed");
        CHECK(error.server_fault);
    }
}

TEST_CASE("mysql client read timeout counts as a timeout not a crash", "[mariadb]") {
    // Servers without a usable server-side limit (here: switched off again by
    // session_init) are stopped by the socket read timeout, which adds a margin.
    BackendOptions options;
    options.statement_timeout = std::chrono::milliseconds(300);
    options.gate.session_settings = {"max_statement_time"};
    options.session_init = {"SET SESSION max_statement_time = 0"};
    FreshDatabase db(kTestDb, options);
    std::string id = db.backend->query("SELECT CONNECTION_ID()").rows.at(0).at(0).text;
    try {
        db.backend->query("SELECT SLEEP(30)");
        FAIL("the statement was not stopped");
    } catch (const BackendError& error) {
        CHECK(error.kind == "timeout");
        CHECK_FALSE(error.server_fault);
    }
    // The next call reconnects and kills the abandoned statement's connection.
    CHECK(db.backend->query("SELECT 6").rows.at(0).at(0).text == "6");
    // KILL is asynchronous: give the server a moment to remove the thread.
    std::string remaining;
    for (int attempt = 0; attempt < 20 && remaining != "0"; ++attempt) {
        if (attempt > 0) std::this_thread::sleep_for(std::chrono::milliseconds(100));
        remaining =
            client_sql("mariadb", spec_for_db(kTestDb),
                       "SELECT COUNT(*) FROM information_schema.processlist WHERE id = " + id);
        while (!remaining.empty() && remaining.back() == '\n') remaining.pop_back();
    }
    CHECK(remaining == "0");
}

TEST_CASE("a MariaDB result above the row limit fails as result_too_large", "[mariadb][exec]") {
    BackendOptions options;
    options.max_result_rows = 100;
    auto backend = open_backend(spec_for_db("eriq_exec_rows"), options);
    const std::string count_to =
        "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < {}) SELECT i "
        "FROM r";
    CHECK(backend->query(fmt::format(fmt::runtime(count_to), 100)).rows.size() == 100);
    try {
        backend->query(fmt::format(fmt::runtime(count_to), 101));
        FAIL("no error");
    } catch (const BackendError& e) {
        CHECK(e.kind == "result_too_large");
    }
    // The connection is still usable afterwards.
    CHECK(backend->query("SELECT 1").rows.size() == 1);
    backend.reset();
    drop_database("eriq_exec_rows");
}
