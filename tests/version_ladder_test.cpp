// The version ladder files (tools/ladders/*.toml) and their loader (engine/version_ladder.hpp).
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include <catch2/catch.hpp>

#include "engine/version_ladder.hpp"
#include "util/load_error.hpp"

using namespace eriq;
namespace fs = std::filesystem;

namespace {

const char* kSha = "1b9f82478539bb9a1d1df44bd103121a12ae52142c07158dc52b97d2ec1d69ff";

fs::path write_ladder(const std::string& name, const std::string& text) {
    const fs::path path = fs::temp_directory_path() / ("eriq-ladder-test-" + name + ".toml");
    std::ofstream(path) << text;
    return path;
}

std::string rung(const std::string& version, const std::string& sha = kSha) {
    return "[[rung]]\nversion = \"" + version + "\"\npackage = \"better-sqlite3@1.0.0\"\n" +
           "sha256 = \"" + sha + "\"\n";
}

const std::string kHead =
    "engine = \"sqlite\"\nbuild = \"sqlite-amalgamation\"\n"
    "directory = \"/nowhere/sqlite-{version}\"\nlibrary = \"libsqlite3.so\"\n";

}  // namespace

TEST_CASE("the repository's ladders load, oldest first, with their rungs' libraries", "[ladder]") {
    for (const std::string engine : {"sqlite", "duckdb", "postgres"}) {
        INFO(engine);
        const VersionLadder ladder = load_version_ladder(engine);
        CHECK(ladder.engine == engine);
        REQUIRE(ladder.rungs.size() >= 4);
        for (const LadderRung& r : ladder.rungs) {
            CHECK(r.library.is_absolute());
            CHECK(r.library.string().find(engine + "-" + r.version + "/") != std::string::npos);
        }
    }
}

TEST_CASE("rungs are selected by list or range, oldest first", "[ladder]") {
    const VersionLadder ladder = load_version_ladder(
        write_ladder("select", kHead + rung("3.40.0") + rung("3.41.2") + rung("3.54.1")).string());
    auto versions = [&](const std::string& selection) {
        std::string out;
        for (const LadderRung& r : select_rungs(ladder, selection)) out += r.version + " ";
        return out;
    };
    CHECK(versions("") == "3.40.0 3.41.2 3.54.1 ");
    CHECK(versions("3.54.1,3.40.0") == "3.40.0 3.54.1 ");
    CHECK(versions("3.41.2..") == "3.41.2 3.54.1 ");
    CHECK(versions("..3.41.2") == "3.40.0 3.41.2 ");
    CHECK(versions("3.40.0..3.41.2") == "3.40.0 3.41.2 ");
    CHECK(ladder.rungs[0].library == "/nowhere/sqlite-3.40.0/libsqlite3.so");
    CHECK_THROWS_WITH(select_rungs(ladder, "3.42.0"),
                      Catch::Contains("no rung 3.42.0 (it has 3.40.0, 3.41.2, 3.54.1)"));
    CHECK_THROWS_AS(select_rungs(ladder, "3.54.1..3.40.0"), std::invalid_argument);
    CHECK_THROWS_AS(select_rungs(ladder, "3.40.0,"), std::invalid_argument);
}

TEST_CASE("a malformed ladder file is refused at its line", "[ladder]") {
    auto error = [](const std::string& name, const std::string& text) {
        try {
            load_version_ladder(write_ladder(name, text).string());
        } catch (const LoadError& e) {
            return std::string(e.what());
        }
        return std::string("loaded");
    };
    CHECK_THAT(error("order", kHead + rung("3.41.2") + rung("3.40.0")),
               Catch::Contains(":10:11: rung 3.40.0 is not newer than the rung before it"));
    CHECK_THAT(error("sha", kHead + rung("3.40.0", "abc")),
               Catch::Contains(":8:10: sha256 must be 64 lowercase hexadecimal digits"));
    CHECK_THAT(error("version", kHead + rung("3.x")),
               Catch::Contains("version '3.x' is not a release number"));
    CHECK_THAT(error("empty", kHead), Catch::Contains("the ladder has no [[rung]]"));
    CHECK_THAT(
        error("engine", "engine = \"oracle\"\n" + kHead.substr(kHead.find('\n') + 1) + rung("1.0")),
        Catch::Contains(":1:10: engine must be sqlite, duckdb or postgres"));
    CHECK_THAT(error("missing", "engine = \"sqlite\"\n" + rung("1.0")),
               Catch::Contains("the ladder needs the string 'build'"));
    CHECK_THROWS_AS(load_version_ladder("/no/such/ladder.toml"), LoadError);
    CHECK_THROWS_AS(load_version_ladder("mariadb"), std::invalid_argument);
}
