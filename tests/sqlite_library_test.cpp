// The SQLite library loaded at run time (exec/sqlite_library.hpp, --driver-library): the
// system's by default, clear errors for a missing or foreign library, the library named in
// a backend's facts and a campaign's summary, and two SQLite versions in one process.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "engine/campaign.hpp"
#include "exec/backend.hpp"
#include "exec/sqlite_library.hpp"
#include "test_files.hpp"

using namespace eriq;
using eriq::test::fresh_dir;
using eriq::test::slurp;
using eriq::test::source;

namespace {

std::unique_ptr<Backend> memory_backend(const std::string& library) {
    BackendOptions options;
    options.driver_library = library;
    return open_backend(ConnectionSpec::parse("sqlite::memory:"), options);
}

std::string error_of(const std::string& path) {
    try {
        SqliteLibrary::load(path);
    } catch (const DriverLibraryError& e) {
        return e.what();
    }
    return "loaded";
}

}  // namespace

TEST_CASE("the system libsqlite3 is loaded by default and named by its file", "[exec][library]") {
    const SqliteLibrary& system = SqliteLibrary::load("");
    const DriverLibraryInfo info = system.info();
    CHECK(std::filesystem::path(info.path).is_absolute());
    CHECK(std::filesystem::path(info.path).filename().string().rfind("libsqlite3.so", 0) == 0);
    CHECK(info.version.rfind("SQLite 3.", 0) == 0);
    CHECK(info.source_id.size() > 20);
    // Other names of the same file share the one loaded (and configured) library.
    CHECK(&SqliteLibrary::load(kSystemSqliteLibrary) == &system);
    CHECK(&SqliteLibrary::load(info.path) == &system);
}

TEST_CASE("a library that cannot be used is a one-line error naming it", "[exec][library]") {
    CHECK(error_of("/nonexistent/libsqlite3.so") ==
          "cannot load the SQLite library /nonexistent/libsqlite3.so: cannot open shared object "
          "file: No such file or directory");
    const std::string text_file = source("tests/data/cases/sqlite_consistent.toml");
    CHECK(error_of(text_file).rfind("cannot load the SQLite library " + text_file + ": ", 0) == 0);
    // A shared library, but not SQLite: the first function eriq calls that it lacks.
    CHECK(error_of("libm.so.6") ==
          "libm.so.6 is not a SQLite library eriq can use: it has no sqlite3_libversion (nor 19 "
          "more of the sqlite3_* functions eriq calls)");
    // A failed load is not remembered as loaded.
    CHECK(error_of("libm.so.6") != "loaded");
}

TEST_CASE("only the sqlite driver takes a driver library", "[exec][library]") {
    CHECK(load_driver_library("mysql", "").path.empty());
    CHECK_THROWS_AS(load_driver_library("postgres", "libsqlite3.so.0"), DriverLibraryError);
    CHECK(load_driver_library("sqlite", "").path == SqliteLibrary::load("").info().path);
}

TEST_CASE("a SQLite backend reports the library it runs on", "[exec][library]") {
    auto backend = memory_backend("");
    const DriverLibraryInfo expected = SqliteLibrary::load("").info();
    CHECK(backend->driver_library().path == expected.path);
    CHECK(backend->server_version() == expected.version);
    const ResultSet rows = backend->query("SELECT sqlite_version()");
    CHECK("SQLite " + rows.rows.at(0).at(0).text == expected.version);
}

TEST_CASE("a campaign's summary names the SQLite library and version", "[engine][library]") {
    RunOptions o;
    o.rules_file = source("rules/repr.toml");
    o.seed = 1;
    o.max_cases = 40;
    o.reduce = false;
    o.out_dir = fresh_dir("library-summary").string();
    o.verbosity = 0;
    const CampaignResult result = execute_campaign(o);
    const DriverLibraryInfo system = SqliteLibrary::load("").info();
    CHECK(result.facts.driver_library == system.path);
    CHECK(result.facts.server_version == system.version);
    const std::string summary = slurp(std::filesystem::path(o.out_dir) / "summary.json");
    CHECK(summary.find("\"driver_library\": \"" + system.path + "\"") != std::string::npos);
    CHECK(summary.find("\"driver_source_id\": \"" + system.source_id + "\"") != std::string::npos);
}

TEST_CASE("two SQLite versions run side by side in one process", "[exec][library]") {
    const char* latest = std::getenv("ERIQ_SQLITE_LATEST");
    if (latest == nullptr || *latest == '\0') {
        WARN(
            "skipped: ERIQ_SQLITE_LATEST is not set (tools/test.sh builds the newest SQLite "
            "and sets it)");
        return;
    }
    auto system = memory_backend("");
    auto newest = memory_backend(latest);
    REQUIRE(newest->server_version() != system->server_version());
    CHECK(newest->driver_library().path ==
          std::filesystem::absolute(latest).lexically_normal().string());
    // Each library answers with its own version while the other's database stays open: the
    // calls of one never land in the other.
    for (int round = 0; round < 2; ++round) {
        for (Backend* b : {system.get(), newest.get()}) {
            const ResultSet rows = b->query("SELECT sqlite_version()");
            CHECK("SQLite " + rows.rows.at(0).at(0).text == b->server_version());
            b->execute("CREATE TABLE t0 (c0 INT)");
            b->execute("INSERT INTO t0 VALUES (1), (2)");
            CHECK(b->query("SELECT sum(c0) FROM t0").rows.at(0).at(0).text == "3");
            b->reset_workspace();
        }
    }
}
