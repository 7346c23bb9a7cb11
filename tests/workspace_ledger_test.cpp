// Ownership by record: eriq touches only the objects its ledger lists (SQLite file
// databases here; the MariaDB and PostgreSQL live tests check the same on servers).
#include <catch2/catch.hpp>

#include <unistd.h>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>

#include "exec/backend.hpp"
#include "exec/statement_targets.hpp"
#include "exec/workspace_ledger.hpp"
#include "execute_each.hpp"

using namespace eriq;

namespace {

// A user's own database file, written with the sqlite3 shell (not through eriq).
struct UserDatabase {
    std::string path = "/tmp/eriq_ledger_test_" + std::to_string(getpid()) + ".db";
    explicit UserDatabase(const std::string& user_sql) {
        std::remove(path.c_str());
        if (user_sql.empty()) return;
        std::string command = "sqlite3 '" + path + "' \"" + user_sql + "\"";
        REQUIRE(std::system(command.c_str()) == 0);
    }
    ~UserDatabase() { std::remove(path.c_str()); }
    ConnectionSpec spec() const { return ConnectionSpec::parse("sqlite://" + path); }
};

std::set<std::string> main_objects(Backend& backend) {
    std::set<std::string> names;
    for (const auto& row :
         backend.query("SELECT name FROM main.sqlite_schema WHERE type IN ('table','view')").rows)
        names.insert(row[0].text);
    return names;
}

std::string refusal(const ConnectionSpec& spec, const BackendOptions& options) {
    try {
        open_backend(spec, options);
    } catch (const BackendError& error) {
        CHECK(error.kind == "foreign_objects");
        return error.what();
    }
    return "";
}

std::string not_owned(Backend& backend, const std::string& sql) {
    try {
        backend.execute(sql);
    } catch (const BackendError& error) {
        CHECK(error.kind == "not_owned");
        return error.what();
    }
    return "";
}

BackendOptions allow_foreign() {
    BackendOptions options;
    options.allow_foreign_objects = true;
    return options;
}

}  // namespace

TEST_CASE("statement targets read what each statement creates, drops or writes", "[ledger]") {
    auto targets = statement_targets(
        "CREATE TABLE IF NOT EXISTS t0 (c0 INT); create temp view v AS SELECT ';'; "
        "DROP VIEW IF EXISTS a, main.\"B\"; INSERT OR IGNORE INTO t1 VALUES ('DROP TABLE x');"
        "-- DROP TABLE y;\n CREATE ALGORITHM=TEMPTABLE DEFINER=`u`@`h` VIEW `w` AS SELECT 1;"
        "DROP TEMPORARY TABLE z; CREATE INDEX i0 ON t2 (c0); UPDATE t3 SET c = 1; "
        "DELETE FROM t4; CREATE DATABASE d; SELECT 1");
    REQUIRE(targets.size() == 11);
    CHECK((targets[0].action == TargetAction::Create && targets[0].object.name == "t0"));
    CHECK((targets[1].action == TargetAction::CreateTemporary && targets[1].object.name == "v"));
    CHECK((targets[2].action == TargetAction::Drop && targets[2].object.name == "a"));
    CHECK((targets[3].object.schema == "main" && targets[3].object.name == "B" &&
           targets[3].object.quoted));
    CHECK((targets[4].action == TargetAction::Write && targets[4].object.name == "t1"));
    CHECK((targets[5].action == TargetAction::Create && targets[5].object.name == "w"));
    CHECK(targets[6].action == TargetAction::DropTemporary);
    CHECK((targets[7].action == TargetAction::Write && targets[7].object.name == "t2"));
    CHECK(targets[8].object.name == "t3");
    CHECK(targets[9].object.name == "t4");
    CHECK((targets[10].action == TargetAction::Other && targets[10].object.name == "DATABASE"));
    CHECK(statement_targets("SELECT 'DROP TABLE users' FROM t0").empty());
    CHECK(statement_targets("WITH x AS (SELECT 1) SELECT * FROM x").empty());
}

TEST_CASE("a user's database is refused, naming every object, whatever their names", "[ledger]") {
    UserDatabase db(
        "CREATE TABLE T7(c); CREATE TABLE eriq_audit(c); CREATE TABLE users(id);"
        "CREATE VIEW eriq_v_user AS SELECT 1");
    std::string message = refusal(db.spec(), {});
    CHECK(message.find("4 object(s)") != std::string::npos);
    for (const char* name : {"T7", "eriq_audit", "users", "eriq_v_user"})
        CHECK(message.find(name) != std::string::npos);
    // Allowed foreign objects must not carry names eriq gives its own objects.
    message = refusal(db.spec(), allow_foreign());
    CHECK(message.find("T7") != std::string::npos);
    CHECK(message.find("eriq_audit") != std::string::npos);
    CHECK(message.find("users") == std::string::npos);
}

TEST_CASE("with foreign objects allowed, eriq never drops, replaces or writes them", "[ledger]") {
    UserDatabase db(
        "CREATE TABLE users(id); INSERT INTO users VALUES (1);"
        "CREATE VIEW user_view AS SELECT id FROM users");
    auto backend = open_backend(db.spec(), allow_foreign());
    execute_each(*backend,
                 "CREATE TABLE t0(c0); INSERT INTO t0 VALUES (1);"
                 "CREATE VIEW eriq_view_0_0 AS SELECT c0 FROM t0; CREATE TEMP TABLE tt(c)");
    CHECK(not_owned(*backend, "DROP TABLE users").find("users") != std::string::npos);
    CHECK(!not_owned(*backend, "DROP VIEW IF EXISTS t0, user_view").empty());
    CHECK(!not_owned(*backend, "INSERT INTO users VALUES (2)").empty());
    CHECK(!not_owned(*backend, "DELETE FROM Users").empty());
    CHECK(!not_owned(*backend, "CREATE TABLE IF NOT EXISTS USERS(c)").empty());
    CHECK(!not_owned(*backend, "CREATE VIEW user_view AS SELECT 2").empty());
    CHECK(!not_owned(*backend, "CREATE TABLE other.x(c)").empty());
    CHECK(!not_owned(*backend, "ALTER TABLE users ADD COLUMN c2").empty());
    execute_each(*backend,
                 "INSERT INTO t0 VALUES (2); INSERT INTO tt VALUES (3); DROP TABLE temp.tt");
    backend->reset_workspace();
    CHECK(main_objects(*backend) == std::set<std::string>{"eriq_ledger", "users", "user_view"});
    CHECK(backend->query("SELECT count(*) FROM users").rows.at(0).at(0).text == "1");
}

TEST_CASE("objects eriq recorded survive a crash and are its own on the next run", "[ledger]") {
    UserDatabase db("");
    {
        auto backend = open_backend(db.spec(), {});
        execute_each(*backend,
                     "CREATE TABLE t0(c0); CREATE VIEW eriq_view_0_1 AS SELECT * FROM t0");
    }  // no reset: as if the run had been killed
    auto backend = open_backend(db.spec(), {});
    CHECK(main_objects(*backend).size() == 3);
    backend->reset_workspace();
    CHECK(main_objects(*backend) == std::set<std::string>{"eriq_ledger"});
    // A table a user added later to eriq's database is foreign, and named.
    backend.reset();
    REQUIRE(std::system(("sqlite3 '" + db.path + "' 'CREATE TABLE mine(c)'").c_str()) == 0);
    CHECK(refusal(db.spec(), {}).find("mine") != std::string::npos);
}

TEST_CASE("ledger inserts escape names", "[ledger]") {
    LedgerSql sql{.create = "",
                  .select = "",
                  .insert_prefix = "INSERT INTO l VALUES ",
                  .insert_suffix = ";",
                  .backslash_escapes = true};
    CHECK(sql.insert({"a'b", "c\\d"}) == "INSERT INTO l VALUES ('a''b'), ('c\\\\d');");
}
