#pragma once
// What a run over a version ladder says about a case: per rung, whether it reproduced, and
// the release range that follows ("since 3.47.2, fixed in 3.54.1", "all tried").
#include <string>
#include <vector>

namespace eriq {

enum class RungOutcome { Reproduces, DoesNotReproduce, Error };

struct RungResult {
    std::string version;
    RungOutcome outcome = RungOutcome::Error;
};

// The range over the rungs that ran (errors are left out), oldest first:
//   "all tried (3.40.0 .. 3.54.1)"                    every rung that ran reproduces
//   "since 3.47.2, fixed in 3.54.1"                   first reproducing, first clean after it
//   "since 3.53.2, still in 3.54.1 (the newest tried)"  reproduces on the newest rung that ran
//   "since 3.40.0 (the oldest tried), fixed in 3.41.2"
//   "on no rung tried (3.40.0 .. 3.54.1)"             "no rung ran" when all were errors
// A gap (a rung between the first and the last reproducing one that does not) is named:
// "..., not on 3.45.3".
std::string ladder_range(const std::vector<RungResult>& results);

// The releases that reproduced, the ones that did not (errors in neither), oldest first.
std::vector<std::string> versions_with(const std::vector<RungResult>& results, RungOutcome outcome);

}  // namespace eriq
