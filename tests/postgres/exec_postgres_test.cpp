// Live PostgreSQL: the backend creates and guards its own database, maps value kinds and
// errors, times statements out, survives a killed session and cleans its workspace.
#include <catch2/catch.hpp>

#include <chrono>
#include <memory>
#include <set>
#include <string>
#include <thread>

#include "../execute_each.hpp"
#include "exec/backend.hpp"
#include "exec/postgres_error_kind.hpp"
#include "live_server.hpp"

using namespace eriq;

namespace {

const std::string kTestDb = "eriq_pg_exec_test";
const std::string kForeignDb = "eriq_pg_exec_foreign";

BackendOptions permissive() {
    BackendOptions options;
    options.allow_foreign_objects = true;
    return options;
}

// A backend on a database created afresh by the backend itself, dropped when the test ends.
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

BackendError error_of(Backend& backend, const std::string& sql) {
    try {
        backend.query(sql);
    } catch (const BackendError& error) {
        return error;
    }
    return BackendError("no error", "");
}

std::string first_cell(Backend& backend, const std::string& sql) {
    return backend.query(sql).rows.at(0).at(0).text;
}

// "schema.name" of every table and view in public and in the session's temporary schema.
std::set<std::string> objects_in(Backend& backend) {
    std::set<std::string> names;
    ResultSet rows = backend.query(
        "SELECT CASE WHEN n.nspname = 'public' THEN 'public' ELSE 'temp' END || '.' || "
        "c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
        "WHERE (n.nspname = 'public' OR n.oid = pg_my_temp_schema()) "
        "AND c.relkind IN ('r', 'v')");
    for (const auto& row : rows.rows) names.insert(row.at(0).text);
    return names;
}

}  // namespace

TEST_CASE("postgres error kinds come from the SQLSTATE", "[postgres]") {
    CHECK(postgres_error_kind("57014") == "timeout");
    CHECK(postgres_error_kind("08006") == "connection_lost");
    CHECK(postgres_error_kind("57P01") == "connection_lost");
    CHECK(postgres_error_kind("42601") == "postgres:42601");
    CHECK(postgres_error_kind("") == "postgres:client");
    CHECK(is_lost_connection_state("08003"));
    CHECK(is_lost_connection_state("57P03"));
    CHECK_FALSE(is_lost_connection_state("57014"));
    CHECK_FALSE(is_lost_connection_state("22012"));
}

TEST_CASE("postgres backend creates its missing database and sets up the session", "[postgres]") {
    BackendOptions options;
    options.gate.session_settings = {"TimeZone", "DateStyle"};
    options.session_init = {"SET TimeZone = 'UTC'", "SET DateStyle = 'ISO, YMD'"};
    options.statement_timeout = std::chrono::milliseconds(2500);
    FreshDatabase db(kTestDb, options);
    Backend& backend = *db.backend;
    CHECK(backend.driver() == "postgres");
    CHECK(backend.server_version().rfind("PostgreSQL ", 0) == 0);
    CHECK(first_cell(backend, "SELECT current_database()") == kTestDb);
    CHECK(first_cell(backend, "SELECT current_setting('statement_timeout')") == "2500ms");
    CHECK(first_cell(backend, "SELECT current_setting('TimeZone')") == "UTC");
    CHECK(first_cell(backend, "SELECT current_setting('DateStyle')") == "ISO, YMD");
    // A session statement of a setting the options do not list never runs.
    options.session_init = {"SET search_path = other, public"};
    CHECK_THROWS_AS(open_backend(spec_for_db(kTestDb), options), WorkspaceViolation);
    CHECK(backend.statements() > 0);
    CHECK(backend.driver_seconds() > 0);

    // Connecting again finds the database and keeps what it holds.
    execute_each(backend, "CREATE TABLE t0 (c integer); INSERT INTO t0 VALUES (7)");
    auto again = open_backend(spec_for_db(kTestDb), BackendOptions{});
    CHECK(first_cell(*again, "SELECT c FROM t0") == "7");
}

TEST_CASE("postgres column types map to value kinds", "[postgres]") {
    BackendOptions options;
    options.gate.session_settings = {"TimeZone"};
    options.session_init = {"SET TimeZone = 'UTC'"};
    FreshDatabase db(kTestDb, options);
    Backend& backend = *db.backend;
    backend.execute(
        "CREATE TABLE t0 (i2 smallint, i4 integer, i8 bigint, n numeric(10,4), f4 real, "
        "f8 double precision, d date, t time, ts timestamp, tz timestamptz, iv interval, "
        "tx text, vc varchar(20), ch char(3), bt boolean, bf boolean, by bytea, js json, "
        "jb jsonb, nl integer)");
    backend.execute(
        "INSERT INTO t0 VALUES (-7, 2147483647, -9223372036854775808, 3.5, 0.25, -2.5e-3, "
        "'2024-02-29', '10:30:00', '2020-01-01 12:34:56.5', '2020-01-01 00:00:00+00', "
        "'1 day 02:00:00', 'h\xc3\xa9llo', 'ab', 'x', true, false, '\\x00ff41', "
        "'{\"a\": 1}', '{\"b\": [1, 2], \"a\": null}', NULL)");
    ResultSet result = backend.query("SELECT * FROM t0");
    REQUIRE(result.columns.size() == 20);
    CHECK(result.columns[0] == "i2");
    CHECK(result.columns[19] == "nl");
    REQUIRE(result.rows.size() == 1);
    const auto& row = result.rows[0];
    CHECK(row[0] == Value{ValueKind::Int, "-7"});
    CHECK(row[1] == Value{ValueKind::Int, "2147483647"});
    CHECK(row[2] == Value{ValueKind::Int, "-9223372036854775808"});
    CHECK(row[3] == Value{ValueKind::Decimal, "3.5000"});
    CHECK(row[4] == Value{ValueKind::Float, "0.25"});
    CHECK(row[5] == Value{ValueKind::Float, "-0.0025"});
    CHECK(row[6] == Value{ValueKind::Temporal, "2024-02-29"});
    CHECK(row[7] == Value{ValueKind::Temporal, "10:30:00"});
    CHECK(row[8] == Value{ValueKind::Temporal, "2020-01-01 12:34:56.5"});
    CHECK(row[9] == Value{ValueKind::Temporal, "2020-01-01 00:00:00+00"});
    CHECK(row[10] == Value{ValueKind::Temporal, "1 day 02:00:00"});
    CHECK(row[11] == Value{ValueKind::Text, "h\xc3\xa9llo"});
    CHECK(row[12] == Value{ValueKind::Text, "ab"});
    CHECK(row[13] == Value{ValueKind::Text, "x"});  // char(3): its padding is not compared
    CHECK(row[14] == Value{ValueKind::Int, "1"});
    CHECK(row[15] == Value{ValueKind::Int, "0"});
    CHECK(row[16] == Value{ValueKind::Bytes, std::string("\0\xff"
                                                         "A",
                                                         3)});
    CHECK(row[17] == Value{ValueKind::Json, "{\"a\": 1}"});
    CHECK(row[18] == Value{ValueKind::Json, "{\"a\": null, \"b\": [1, 2]}"});
    CHECK(row[19] == Value::null());

    const auto values =
        backend.query("SELECT 2 + 3, 1.50 * 2, 1e0::float8 / 4, 'a' || 'b', 1 < 2, ''::bytea")
            .rows.at(0);
    CHECK(values[0] == Value{ValueKind::Int, "5"});
    CHECK(values[1] == Value{ValueKind::Decimal, "3.00"});
    CHECK(values[2] == Value{ValueKind::Float, "0.25"});
    CHECK(values[3] == Value{ValueKind::Text, "ab"});
    CHECK(values[4] == Value{ValueKind::Int, "1"});
    CHECK(values[5] == Value{ValueKind::Bytes, ""});
}

TEST_CASE("postgres runs one statement per call and refuses a text holding several", "[postgres]") {
    FreshDatabase db(kTestDb);
    Backend& backend = *db.backend;
    auto before = backend.statements();
    CHECK_THROWS_AS(backend.query("SELECT 99; DROP TABLE eriq_ledger"), WorkspaceViolation);
    execute_each(backend,
                 "CREATE TEMP TABLE eriq_tmp (c integer); "
                 "INSERT INTO eriq_tmp VALUES (1), (2)");
    ResultSet result = backend.query("SELECT c FROM eriq_tmp ORDER BY c");
    CHECK(backend.statements() - before == 3);
    REQUIRE(result.columns == std::vector<std::string>{"c"});
    REQUIRE(result.rows.size() == 2);
    CHECK(result.rows[1][0].text == "2");
    CHECK(first_cell(backend, "SELECT 3") == "3");
}

TEST_CASE("postgres fingerprints libpq's result buffers", "[postgres]") {
    FreshDatabase db(kTestDb);
    Backend& backend = *db.backend;
    auto print = [&](const std::string& sql) { return backend.query_fingerprint(sql); };
    const auto rows =
        print("SELECT 1, 'a', true, '\\x01'::bytea UNION ALL SELECT 2, NULL, false, NULL");
    CHECK(rows.rows == 2);
    CHECK(rows ==
          print("SELECT 2, NULL, false, NULL UNION ALL SELECT 1, 'a', true, '\\x01'::bytea"));
    CHECK_FALSE(rows ==
                print("SELECT 1, 'a', true, '\\x01'::bytea UNION ALL SELECT 2, '', false, NULL"));
    CHECK_FALSE(print("SELECT 1") == print("SELECT '1'::text"));
    // One statement per call, as for query().
    CHECK_THROWS_AS(print("SELECT 99; SELECT 7"), WorkspaceViolation);
    CHECK(first_cell(backend, "SELECT 3") == "3");
}

TEST_CASE("postgres character(n) values compare without their trailing blanks", "[postgres]") {
    // 'a ' and 'a    ' are one bpchar value; GROUP BY may return either spelling.
    FreshDatabase db(kTestDb);
    Backend& backend = *db.backend;
    CHECK(first_cell(backend, "SELECT 'a '::char(5)") == "a");
    CHECK(first_cell(backend, "SELECT ' a'::bpchar") == " a");
    CHECK(first_cell(backend, "SELECT 'a '::text") == "a ");
    CHECK(backend.query_fingerprint("SELECT 'a'::char(5)") ==
          backend.query_fingerprint("SELECT 'a  '::bpchar"));
    CHECK_FALSE(backend.query_fingerprint("SELECT 'a '::text") ==
                backend.query_fingerprint("SELECT 'a'::text"));
}

TEST_CASE("postgres errors carry the SQLSTATE and leave the session usable", "[postgres]") {
    FreshDatabase db(kTestDb);
    Backend& backend = *db.backend;
    CHECK(error_of(backend, "SELECT FROM FROM").kind == "postgres:42601");
    CHECK(error_of(backend, "SELEC 1").kind == "not_owned");
    CHECK(error_of(backend, "SELECT * FROM t404").kind == "postgres:42P01");
    CHECK(error_of(backend, "SELECT 1 / 0").kind == "postgres:22012");
    BackendError error = error_of(backend, "SELECT nosuchcol");
    CHECK(error.kind == "postgres:42703");
    CHECK_FALSE(error.server_fault);
    CHECK(std::string(error.what()).find("nosuchcol") != std::string::npos);

    // A statement that failed while creating a table leaves no table behind.
    CHECK(error_of(backend, "CREATE TABLE t1 AS SELECT 1 / 0 AS c").kind == "postgres:22012");
    CHECK(error_of(backend, "SELECT * FROM t1").kind == "postgres:42P01");
    CHECK(first_cell(backend, "SELECT 4") == "4");
}

TEST_CASE("postgres statements past the timeout fail with kind timeout", "[postgres]") {
    BackendOptions options;
    options.statement_timeout = std::chrono::milliseconds(300);
    FreshDatabase db(kTestDb, options);
    auto start = std::chrono::steady_clock::now();
    BackendError error = error_of(*db.backend, "SELECT pg_sleep(5)");
    auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(error.kind == "timeout");
    CHECK_FALSE(error.server_fault);
    CHECK(seconds < 3);
    CHECK(first_cell(*db.backend, "SELECT 5") == "5");
}

TEST_CASE("postgres client gives up when the server ignores the timeout", "[postgres]") {
    BackendOptions options;
    options.statement_timeout = std::chrono::milliseconds(300);
    // The session's own setting overrides the backend's: only the client deadline is left.
    options.gate.session_settings = {"statement_timeout"};
    options.session_init = {"SET statement_timeout = 0"};
    FreshDatabase db(kTestDb, options);
    const std::string pid = first_cell(*db.backend, "SELECT pg_backend_pid()");
    auto start = std::chrono::steady_clock::now();
    BackendError error = error_of(*db.backend, "SELECT pg_sleep(30)");
    auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(error.kind == "timeout");
    CHECK(seconds < 10);
    // The statement was cancelled and the backend reconnected on a new session.
    CHECK(first_cell(*db.backend, "SELECT pg_backend_pid()") != pid);
    // The old session's cancel arrives asynchronously: give it a moment.
    auto observer = open_backend(spec_for_db(kTestDb), BackendOptions{});
    std::string sleeping;
    for (int attempt = 0; attempt < 20 && sleeping != "0"; ++attempt) {
        if (attempt > 0) std::this_thread::sleep_for(std::chrono::milliseconds(100));
        sleeping = first_cell(*observer,
                              "SELECT count(*) FROM pg_stat_activity "
                              "WHERE query LIKE 'SELECT pg_sleep(30)%' AND state = 'active'");
    }
    CHECK(sleeping == "0");
}

TEST_CASE("postgres backend refuses a database with foreign tables", "[postgres]") {
    drop_database(kForeignDb);
    {
        auto setup = open_backend(spec_for_db(kForeignDb), BackendOptions{});
        execute_each(*setup, "CREATE TABLE t0 (c integer); CREATE VIEW eriq_v AS SELECT c FROM t0");
    }
    // Only objects eriq recorded: accepted.
    CHECK_NOTHROW(open_backend(spec_for_db(kForeignDb), BackendOptions{}));
    user_sql(kForeignDb, "CREATE TABLE customers (id integer); CREATE TABLE \"T7\" (id integer)");
    try {
        open_backend(spec_for_db(kForeignDb), BackendOptions{});
        FAIL("no error");
    } catch (const BackendError& error) {
        CHECK(error.kind == "foreign_objects");
        CHECK_FALSE(error.server_fault);
        CHECK(std::string(error.what()).find("customers") != std::string::npos);
        CHECK(std::string(error.what()).find("T7") != std::string::npos);
    }
    // Allowed, but T7 could be taken for one of eriq's own names: still refused.
    CHECK_THROWS_AS(open_backend(spec_for_db(kForeignDb), permissive()), BackendError);
    user_sql(kForeignDb, "DROP TABLE \"T7\"");
    auto backend = open_backend(spec_for_db(kForeignDb), permissive());
    CHECK_THROWS_AS(backend->execute("DROP TABLE customers"), WorkspaceViolation);
    CHECK_THROWS_AS(backend->execute("TRUNCATE customers"), WorkspaceViolation);
    CHECK_THROWS_AS(backend->execute("CREATE TABLE public.customers (x integer)"),
                    WorkspaceViolation);
    backend.reset();
    drop_database(kForeignDb);
}

TEST_CASE("postgres reset_workspace drops only the tool's tables and views", "[postgres]") {
    FreshDatabase db(kTestDb, permissive());
    Backend& backend = *db.backend;
    execute_each(
        backend,
        "CREATE TABLE t0 (c integer); CREATE TABLE t12 (c integer); "
        "CREATE VIEW eriq_v AS SELECT c FROM t0; "
        "CREATE TEMP TABLE eriq_tempt_1 AS SELECT 1 AS c; CREATE TEMP TABLE t3 (c integer); "
        "CREATE TEMP TABLE scratch (c integer)");
    user_sql(kTestDb,
             "CREATE TABLE keepme (c integer); CREATE TABLE t1x (c integer); "
             "CREATE VIEW other_v AS SELECT c FROM keepme");
    REQUIRE(objects_in(backend).size() == 10);
    backend.reset_workspace();
    CHECK(objects_in(backend) == std::set<std::string>{"public.keepme", "public.t1x",
                                                       "public.other_v", "public.eriq_ledger"});
    // Nothing left to drop: a second reset is a no-op.
    CHECK_NOTHROW(backend.reset_workspace());
}

TEST_CASE("postgres backend reconnects after its session was terminated", "[postgres]") {
    FreshDatabase db(kTestDb);
    Backend& backend = *db.backend;
    backend.execute("CREATE TEMP TABLE eriq_tmp (c integer)");
    const std::string pid = first_cell(backend, "SELECT pg_backend_pid()");
    auto killer = open_backend(spec_for_db(kTestDb), BackendOptions{});
    CHECK(first_cell(*killer, "SELECT pg_terminate_backend(" + pid + ")") == "1");

    BackendError error = error_of(backend, "SELECT 1");
    CHECK(error.kind == "connection_lost");
    CHECK(error.server_fault);
    // The next call opens a new session; the temporary table went with the old one.
    CHECK(first_cell(backend, "SELECT pg_backend_pid()") != pid);
    CHECK(error_of(backend, "SELECT * FROM eriq_tmp").kind == "postgres:42P01");
}

TEST_CASE(
    "postgres refused credentials are an authentication failure that never shows the "
    "password",
    "[postgres]") {
    ConnectionSpec spec = spec_for_db(kTestDb);
    spec.password = "wrong-secret-pw";
    try {
        open_backend(spec, BackendOptions{});
        FAIL("no error");
    } catch (const BackendError& error) {
        CHECK(error.kind == kAuthenticationFailed);
        CHECK_FALSE(error.server_fault);  // not retried like a server that is down
        CHECK(std::string(error.what()).find("password authentication failed") !=
              std::string::npos);
        CHECK(std::string(error.what()).find("wrong-secret-pw") == std::string::npos);
        CHECK(std::string(error.what()).find("***") != std::string::npos);
    }
}

TEST_CASE("postgres server that does not answer is a server fault", "[postgres]") {
    ConnectionSpec spec = spec_for_db(kTestDb);
    spec.port = 1;  // nothing listens there
    try {
        open_backend(spec, BackendOptions{});
        FAIL("connected to port 1");
    } catch (const BackendError& error) {
        CHECK(error.kind == "connect_failed");
        CHECK(error.server_fault);
    }
}
