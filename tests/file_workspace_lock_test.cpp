// A file database is locked for one eriq run at a time: a second backend with
// exclusive_workspace on the same SQLite file is refused, and the file is free again once
// the first is gone. Without exclusive_workspace (a user's own client) nothing is locked.
#include <catch2/catch.hpp>

#include <memory>
#include <string>

#include "exec/backend.hpp"
#include "exec/file_workspace_lock.hpp"
#include "test_files.hpp"

using namespace eriq;

namespace {

std::unique_ptr<Backend> open_file(const std::string& path, bool exclusive) {
    BackendOptions options;
    options.exclusive_workspace = exclusive;
    return open_backend(ConnectionSpec::parse("sqlite:" + path), options);
}

std::string busy_error(const std::string& path) {
    try {
        open_file(path, true);
    } catch (const BackendError& e) {
        return e.kind + ": " + e.what();
    }
    return "opened";
}

}  // namespace

TEST_CASE("a second run on a locked SQLite file is refused until the first ends", "[exec]") {
    const std::string path = (test::fresh_dir("file-lock") / "w.db").string();
    {
        auto first = open_file(path, true);
        first->execute("CREATE TABLE t (a INT)");
        CHECK(busy_error(path) == "workspace_busy: database file " + path +
                                      " is in use by another eriq run; give each run a "
                                      "database of its own");
        // The first run's session goes on after the refusal.
        first->execute("INSERT INTO t VALUES (1)");
        CHECK(first->query("SELECT a FROM t").rows.size() == 1);
        // A connection that does not ask for the workspace is not locked out.
        auto reader = open_file(path, false);
        CHECK(reader->query("SELECT a FROM t").rows.size() == 1);
    }
    CHECK(busy_error(path) == "opened");
}

TEST_CASE("in-memory SQLite databases are never locked", "[exec]") {
    auto first = open_file(":memory:", true);
    auto second = open_file(":memory:", true);
    CHECK(second->query("SELECT 1").rows.size() == 1);
}

TEST_CASE("the file lock refuses a file that is not there", "[exec]") {
    const std::string path = (test::fresh_dir("file-lock") / "missing.db").string();
    CHECK_THROWS_WITH(FileWorkspaceLock(path),
                      Catch::Matchers::StartsWith("cannot open " + path + " to lock it"));
}
