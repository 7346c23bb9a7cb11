#pragma once
// The verdict triage draws for a group from its evidence, by written rules (docs/triage.md,
// "Verdicts"), in this order:
//   1. expected: the group is a known-bug entry with status not_a_bug (its reason cites the
//      manual); or an error-only group whose error comes from columns of I that Q never reads
//      (with them NULL no form fails and all agree);
//   2. likely bug, side named: every form of the reduced case with all of the dialect's
//      optimizer settings off gives one result, that is the result of one side of the split,
//      and a later release changed the result (the version ladder or the known-bug entry says
//      "fixed in"); the other sides are wrong;
//   3. likely bug, side not named: only one of those two references holds. The de-optimized
//      reference alone shows that the result depends on the optimizer, but not which evaluation
//      is wrong: a bug in the unoptimized code path makes the optimizer-free forms agree on the
//      wrong result (DuckDB's OR IS DISTINCT FROM bug does);
//   4. unclear, with what is missing.
// No rule turns a lack of evidence into a claim: a group without a de-optimized reference
// that agrees with one side, and without a ladder that shows a fix, stays unclear.
#include <string>
#include <vector>

#include "report/finding_evidence.hpp"

namespace eriq {

struct GroupVerdict {
    enum class Kind { LikelyBug, Expected, Unclear };
    Kind kind = Kind::Unclear;
    std::vector<std::string> wrong;  // LikelyBug: the forms that give the wrong result, if known
    std::string because;             // the rule that applied, with its evidence, one sentence
};

struct VerdictEvidence {
    std::string pattern;                          // the finding's pattern
    std::vector<std::vector<std::string>> sides;  // its groups of representations
    DeoptimizedReference deoptimized;
    UnreadColumnsCheck unread;
    std::string ladder_range;  // "since 3.47.2, fixed in 3.54.1"; empty without a ladder
    std::string known_status;  // the known-bug entry's status, empty when not listed
    std::string known_reason;  // a not_a_bug entry's reason
};

GroupVerdict decide_group_verdict(const VerdictEvidence& evidence);

// "likely bug: VIEW, CTE, DERIVED wrong", "likely bug (side not determined)", "expected",
// "unclear".
std::string verdict_headline(const GroupVerdict& v);

const char* verdict_kind_name(GroupVerdict::Kind k);  // "likely bug", "expected", "unclear"

}  // namespace eriq
