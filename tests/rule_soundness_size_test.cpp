// The rule-soundness check reads setup statements with a word scanner (verify/rule_soundness):
// long statements neither overflow the stack nor take long, and templates beyond
// kMaxSoundnessTemplateBytes are refused with the reason instead of handed to the prover.
#include <catch2/catch.hpp>

#include <chrono>
#include <string>

#include "verify/rule_soundness.hpp"

using namespace eriq::verify;

namespace {

RepresentationTemplates view_with_setup(const std::string& setup) {
    return {"VIEW", {setup}, "{name}", "{Q}"};
}

}  // namespace

TEST_CASE("a view setup padded to 12 KB is still read and proved sound", "[verify][soundness]") {
    const std::string setup = "CREATE VIEW {name} AS {I}" + std::string(12 * 1024, ' ') + ";";
    const SoundnessResult r = check_representation(view_with_setup(setup));
    INFO(r.reason);
    CHECK(r.sound);
}

TEST_CASE("setups of 50 KB and 1 MB are refused quickly with their size", "[verify][soundness]") {
    for (const std::size_t size : {std::size_t{50} * 1024, std::size_t{1} << 20}) {
        const auto start = std::chrono::steady_clock::now();
        // A long body of words and parentheses: what overflowed the stack before.
        std::string setup = "CREATE VIEW {name} AS SELECT * FROM ({I}) AS d WHERE 1 = 1";
        while (setup.size() < size) setup += " AND (d.vc_0 = d.vc_0 OR 1 = 1)";
        const SoundnessResult r = check_representation(view_with_setup(setup));
        CHECK_FALSE(r.sound);
        CHECK_THAT(r.reason, Catch::Contains("bytes, more than the 16384 the soundness check"));
        CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
    }
}

TEST_CASE("a setup that is neither CREATE ... AS nor SET is named, cut to 200 characters",
          "[verify][soundness]") {
    const std::string setup = "INSERT INTO t VALUES " + std::string(8000, '1');
    const SoundnessResult r = check_representation(view_with_setup(setup));
    CHECK_FALSE(r.sound);
    CHECK_THAT(r.reason, Catch::Contains("...' is neither CREATE VIEW/TABLE ... AS nor SET"));
    CHECK(r.reason.size() < 400);
}

TEST_CASE("the scanner accepts the spellings the old pattern did", "[verify][soundness]") {
    for (const char* setup :
         {"create or replace view {name} as {I}", "CREATE TEMPORARY TABLE {name} AS {I};",
          "CREATE ALGORITHM = MERGE VIEW {name} AS {I}", "CREATE TABLE IF NOT EXISTS {name} AS {I}",
          "  CREATE GLOBAL TEMP TABLE {name} AS {I} ;  "}) {
        INFO(setup);
        const SoundnessResult r = check_representation(view_with_setup(setup));
        INFO(r.reason);
        CHECK(r.sound);
    }
    const SoundnessResult cte =
        check_representation({"CTE_MAT", {}, "{name}", "WITH {name} AS MATERIALIZED ({I}) {Q}"});
    INFO(cte.reason);
    CHECK(cte.sound);
}
