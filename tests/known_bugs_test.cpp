// The repository's known-bug lists (known-bugs/*.toml): every bug not yet fixed or
// dismissed carries a ready-to-file upstream report, and every entry's case file exists.
#include <filesystem>
#include <string>

#include <catch2/catch.hpp>

#include "report/triage.hpp"

using namespace eriq;

TEST_CASE("every new or reported known bug carries a ready-to-file report", "[report][known]") {
    const std::filesystem::path root = ERIQ_SOURCE_DIR;
    const auto known = load_known_bugs(root / "known-bugs");
    REQUIRE(known.size() >= 60);  // 48 MariaDB, 8 SQLite, 4 DuckDB on 2026-12-07
    for (const KnownBug& b : known) {
        INFO(b.dialect << " " << b.id);
        CHECK(std::filesystem::exists(root / b.case_file));
        if (b.status != "new" && b.status != "reported") continue;
        CHECK_FALSE(b.title.empty());
        CHECK(b.title.size() <= 120);
        // A report names the version it was checked on and holds a script and the rows.
        CHECK(b.report.find("Script:") != std::string::npos);
        CHECK(b.report.find("Expected") != std::string::npos);
        CHECK(b.report.find("Actual") != std::string::npos);
    }
}
