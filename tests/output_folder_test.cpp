// One run at a time per output folder, and what a killed run leaves is cleaned up.
#include <fstream>
#include <stdexcept>
#include <string>

#include <re2/re2.h>
#include <catch2/catch.hpp>

#include "report/output_folder.hpp"
#include "test_files.hpp"

using namespace eriq;
namespace fs = std::filesystem;

TEST_CASE("a second lock on one output folder is refused until the first is released", "[output]") {
    const fs::path dir = test::fresh_dir("lock") / "out";
    {
        OutputFolderLock first(dir);
        CHECK(fs::exists(dir / ".lock"));
        CHECK(test::slurp(dir / ".lock") == std::to_string(::getpid()) + "\n");
        try {
            OutputFolderLock second(dir);
            FAIL("the second lock was granted");
        } catch (const std::runtime_error& e) {
            CHECK_THAT(e.what(), Catch::Contains("another eriq-gen run (pid " +
                                                 std::to_string(::getpid()) + ") is writing to"));
        }
    }
    CHECK_NOTHROW(OutputFolderLock(dir));
    fs::remove_all(dir.parent_path());
}

TEST_CASE("only eriq's own temporaries are removed from an output folder", "[output]") {
    const fs::path dir = test::fresh_dir("leftovers");
    auto touch = [](const fs::path& p) { std::ofstream(p) << "x"; };
    fs::create_directories(dir / "000012-abcdef.tmp");
    touch(dir / "000012-abcdef.tmp" / "report.json");
    touch(dir / "summary.json.tmp.4242");
    fs::create_directories(dir / "runs");
    touch(dir / "runs" / "20261203T081906Z-42.json.tmp.42");
    // Not eriq's temporaries: kept.
    fs::create_directories(dir / "000013-abcdef");
    fs::create_directories(dir / "notes.tmp");
    touch(dir / "draft.tmp");
    touch(dir / "summary.json.tmp.x");
    touch(dir / "runs" / "20261203T081906Z-42.json");

    CHECK(remove_leftover_temporaries(dir) == 3);
    CHECK_FALSE(fs::exists(dir / "000012-abcdef.tmp"));
    CHECK_FALSE(fs::exists(dir / "summary.json.tmp.4242"));
    CHECK_FALSE(fs::exists(dir / "runs" / "20261203T081906Z-42.json.tmp.42"));
    for (const char* kept : {"000013-abcdef", "notes.tmp", "draft.tmp", "summary.json.tmp.x",
                             "runs/20261203T081906Z-42.json"})
        CHECK(fs::exists(dir / kept));
    fs::remove_all(dir);
}

TEST_CASE("run ids are the UTC start time and the pid", "[output]") {
    const std::string id = make_run_id();
    CHECK(RE2::FullMatch(id, R"(\d{8}T\d{6}Z-\d+)"));
    CHECK(id.ends_with("-" + std::to_string(::getpid())));
}
