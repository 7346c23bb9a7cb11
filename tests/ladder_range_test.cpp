// The release range a run over a version ladder reports (engine/ladder_range.hpp).
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "engine/ladder_range.hpp"

using namespace eriq;

namespace {

// One result per character: R reproduces, n does not, e error; versions 1.0, 1.1, ...
std::vector<RungResult> rungs(const std::string& outcomes) {
    std::vector<RungResult> out;
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
        const char c = outcomes[i];
        out.push_back({"1." + std::to_string(i), c == 'R'   ? RungOutcome::Reproduces
                                                 : c == 'n' ? RungOutcome::DoesNotReproduce
                                                            : RungOutcome::Error});
    }
    return out;
}

}  // namespace

TEST_CASE("a ladder range names the first release that reproduces and the fix", "[ladder]") {
    CHECK(ladder_range(rungs("nnRRn")) == "since 1.2, fixed in 1.4");
    CHECK(ladder_range(rungs("RRnn")) == "since 1.0 (the oldest tried), fixed in 1.2");
    CHECK(ladder_range(rungs("nnRR")) == "since 1.2, still in 1.3 (the newest tried)");
    CHECK(ladder_range(rungs("RRRR")) == "all tried (1.0 .. 1.3)");
    CHECK(ladder_range(rungs("nnnn")) == "on no rung tried (1.0 .. 1.3)");
    CHECK(ladder_range(rungs("eeee")) == "no rung ran");
}

TEST_CASE("a ladder range leaves out rungs that did not run and names gaps", "[ladder]") {
    // Errors are neither reproducing nor clean: the range is over the rungs that ran.
    CHECK(ladder_range(rungs("eRRe")) == "all tried (1.1 .. 1.2)");
    CHECK(ladder_range(rungs("nReR")) == "since 1.1, still in 1.3 (the newest tried)");
    CHECK(ladder_range(rungs("RnRn")) == "since 1.0 (the oldest tried), fixed in 1.3, not on 1.1");
    CHECK(versions_with(rungs("RneR"), RungOutcome::Reproduces) ==
          std::vector<std::string>{"1.0", "1.3"});
    CHECK(versions_with(rungs("RneR"), RungOutcome::DoesNotReproduce) ==
          std::vector<std::string>{"1.1"});
}
