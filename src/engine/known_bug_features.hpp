#pragma once
// The group features of each known bug's reduced case (its `case` file), computed the way a
// finding's are (report/group_signature.hpp) with the dialect's type families, so triage can
// say which known bug an unknown group resembles (report/known_bug_resemblance.hpp).
#include <vector>

#include "report/triage.hpp"

namespace eriq {

// Fills `case_features` of every entry with a case file. A case file that does not load is
// an error of the known-bugs file (LoadError at its `case`, with the case file's own error).
// Crash entries get none: their groups are keyed by the crash site.
void add_known_bug_case_features(std::vector<KnownBug>& bugs);

}  // namespace eriq
