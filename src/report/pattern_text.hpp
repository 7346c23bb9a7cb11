#pragma once
// The shapes of the texts a finding is grouped by, as oracle/classify.cpp and
// report/group_signature.cpp write them, so that a hand-written known-bug entry or a finding
// folder that holds another text (which no finding could ever match) is refused at load.
#include <optional>
#include <string>
#include <string_view>

namespace eriq {

// Why `pattern` is no pattern a finding can have; nullopt when it is one:
//   server_fault | all_diff | error_only_in_N(+N)* | G(≠G)*[≠error_in_N(+N)*]
// with G = N(=N)*, then optionally " (order)" and "(N_SKIP)" suffixes; a name N is a
// representation (letters, digits, '_') optionally with an optimizer variant, whose name holds
// no brackets: VIEW[no_x], CTE[derived_merge=off].
std::optional<std::string> pattern_problem(std::string_view pattern);

// Whether `signature` is a group signature: 'g' and 12 lowercase hex digits.
bool is_group_signature(std::string_view signature);

}  // namespace eriq
