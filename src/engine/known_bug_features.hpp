#pragma once
// The group features of each known bug's reduced case (its `case` file), computed the way a
// finding's are (report/group_signature.hpp) with the dialect's type families, so triage can
// say which known bug an unknown group resembles (report/known_bug_resemblance.hpp).
#include <cstdio>
#include <vector>

#include "report/triage.hpp"

namespace eriq {

// Fills `case_features` of every entry whose case file loads; an entry without a case, or
// whose case or dialect file does not load, gets none and one line on `warnings`. Crash
// entries get none: their groups are keyed by the crash site.
void add_known_bug_case_features(std::vector<KnownBug>& bugs, std::FILE* warnings);

}  // namespace eriq
