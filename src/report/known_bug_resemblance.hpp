#pragma once
// Which known bug an unknown group looks like. Reductions of one bug keep different leftover
// functions, constructs or types, so one cause can get several group signatures; a group
// that shares most of its features and its split with a known bug's reduced case is likely
// that bug again. Triage prints it as a hint for the person triaging ("resembles X"), never
// as a verdict: the group stays "new" until its signature is listed with the bug.
#include <optional>
#include <string>
#include <vector>

#include "report/triage.hpp"

namespace eriq {

// A pattern's split in a form two patterns can be compared by: each side's base
// representations (optimizer-setting variants and error kinds left out) sorted, the sides
// sorted. error_only_in_X patterns stay as they are.
std::vector<std::vector<std::string>> split_of(const std::string& pattern);

// Whether two splits agree on the representations both name (grouping patterns leave out
// the representations whose side depends on Q, a known bug's listed pattern does not).
bool same_split(const std::vector<std::vector<std::string>>& a,
                const std::vector<std::vector<std::string>>& b);

// The known bug of the group's dialect whose case features overlap the group's most, when
// the shared features weigh at least `min_share` of the features in either (the split
// counting as one feature of weight 1, each other feature by how rare it is among the
// dialect's known bugs). Server faults and known groups get none.
std::optional<Resemblance> nearest_known_bug(const TriageGroup& g,
                                             const std::vector<KnownBug>& known,
                                             double min_share = 0.5);

// Sets `resembles` on every group that is not known.
void mark_resemblances(Triage& t, const std::vector<KnownBug>& known);

}  // namespace eriq
