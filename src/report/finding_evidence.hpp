#pragma once
// The evidence collected for a reduced finding, as a finding.toml records it and triage
// reads it back; the verdict drawn from it is report/group_verdict.hpp's.
#include <string>
#include <vector>

namespace eriq {

struct DeoptimizedReference {
    enum class State {
        NotMeasured,  // no reduced case, or an older finding
        NoSettings,   // the dialect declares no optimizer settings
        OneResult,    // every de-optimized form gave one result
        Split,        // the de-optimized forms still differ among themselves
        Failed,       // the de-optimized forms all failed (an error or no run)
    };
    State state = State::NotMeasured;
    // OneResult: the finding's representations whose result the de-optimized forms give
    // (empty when none of them does).
    std::vector<std::string> agrees_with;
    // Split: the de-optimized forms' own pattern, e.g. "VIEW[deoptimized]≠TEMPT[deoptimized]".
    std::string split_pattern;
};

// For an error-only finding: whether the error comes from columns of I that Q never reads
// (engine/unread_columns.hpp).
struct UnreadColumnsCheck {
    enum class State {
        NotMeasured,   // not an error-only finding, or I's columns could not be read
        NoneUnread,    // Q reads every column of I
        Explained,     // with those columns NULL, no form fails and all agree
        NotExplained,  // with those columns NULL the finding stays
    };
    State state = State::NotMeasured;
    std::vector<std::string> columns;  // the unread columns, as Q would name them
};

// Everything collected for a reduced finding.
struct FindingEvidence {
    DeoptimizedReference deoptimized;
    UnreadColumnsCheck unread;
    double seconds = 0;  // spent collecting it
};

// "not measured", "none unread", "explained", "not explained".
const char* unread_state_name(UnreadColumnsCheck::State s);
bool unread_state_from_name(const std::string& name, UnreadColumnsCheck::State& out);

// "not measured", "no settings", "one result", "split", "failed", as finding.toml writes
// them; from_name is false for any other text.
const char* deoptimized_state_name(DeoptimizedReference::State s);
bool deoptimized_state_from_name(const std::string& name, DeoptimizedReference::State& out);

}  // namespace eriq
