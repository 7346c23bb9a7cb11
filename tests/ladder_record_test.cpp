// A finding's ladder.toml (report/ladder_record.hpp): written by replay --ladder, read by
// triage.
#include <filesystem>
#include <fstream>

#include <catch2/catch.hpp>

#include "report/ladder_record.hpp"
#include "util/json_writer.hpp"
#include "util/load_error.hpp"

using namespace eriq;
namespace fs = std::filesystem;

TEST_CASE("a ladder record survives its file and reads as one line", "[ladder][report]") {
    const fs::path dir = fs::temp_directory_path() / "eriq-ladder-record-test";
    fs::remove_all(dir);
    fs::create_directories(dir);
    CHECK_FALSE(read_ladder_record(dir));
    const LadderRecord written{"sqlite",   "since 3.53.2, fixed in 3.54.1", {"3.53.2"}, {"3.54.1"},
                               {"3.40.0"}, "2026-12-07T17:00:00Z"};
    write_ladder_record(dir, written);
    const auto read = read_ladder_record(dir);
    REQUIRE(read);
    CHECK(read->engine == "sqlite");
    CHECK(read->range == written.range);
    CHECK(read->reproduces_in == written.reproduces_in);
    CHECK(read->does_not_reproduce_in == written.does_not_reproduce_in);
    CHECK(read->not_run == written.not_run);
    CHECK(read->bisected_at == written.bisected_at);
    CHECK(ladder_text(*read) == "sqlite since 3.53.2, fixed in 3.54.1 (not run on 3.40.0)");
    JsonWriter w(false);
    write_ladder_json(w, *read);
    CHECK(
        w.str() ==
        R"({"engine":"sqlite","range":"since 3.53.2, fixed in 3.54.1","reproduces_in":["3.53.2"],)"
        R"("does_not_reproduce_in":["3.54.1"],"not_run":["3.40.0"],)"
        R"("bisected_at":"2026-12-07T17:00:00Z"})");
    std::ofstream(dir / "ladder.toml") << "engine = \n";
    CHECK_THROWS_AS(read_ladder_record(dir), LoadError);
    fs::remove_all(dir);
}
