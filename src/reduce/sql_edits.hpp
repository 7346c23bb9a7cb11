#pragma once
// One-step simplifications of a SQL text, for the reducer: each candidate is the text
// with one clause, list item, JOIN, set-operation arm, AND/OR operand, function call,
// CASE or literal removed or replaced by something simpler. Candidates need not be valid
// SQL; the reducer's test rejects those that no longer show the same finding. The
// placeholder {x} (a reference to x in Q) is kept whole.
#include <string>
#include <vector>

namespace eriq {

// Distinct candidates, the ones that remove the most text first.
std::vector<std::string> sql_edit_candidates(const std::string& sql);

}  // namespace eriq
