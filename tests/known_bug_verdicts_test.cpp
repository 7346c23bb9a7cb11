// The verdict rules on the SQLite known bugs (tests/known_bug_verdicts.hpp).
#include "known_bug_verdicts.hpp"

using namespace eriq;
using eriq::test::check_known_bugs;

TEST_CASE("the verdict rules agree with the hand verdicts of the SQLite known bugs",
          "[verdict][known]") {
    const test::Evaluated system = check_known_bugs("sqlite", "");
    // 3.40.1, the system library of the test machines, shows four of the six bugs.
    if (system.version == "SQLite 3.40.1") {
        CHECK(system.evaluated == 4);
        CHECK(system.likely == 4);
        CHECK(system.sided >= 3);
    }
    // The newest release (tools/test.sh builds it) shows the bug that is still new.
    if (const char* latest = std::getenv("ERIQ_SQLITE_LATEST")) {
        const test::Evaluated newest = check_known_bugs("sqlite", latest);
        CHECK(newest.evaluated >= 1);
    }
}
