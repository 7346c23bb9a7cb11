#pragma once
// Evidence for an error-only finding: whether the error comes from a column of I that Q never
// reads. A form may evaluate such an expression (a temporary table stores every column; a
// planner folds constants at plan time) or skip it (a merged view never computes it), so an
// error raised by some forms only for an unread column is not by itself a bug. The check
// replaces every unread column of I by NULL, in every arm of a compound, and runs the case
// again: when then no form fails and all agree, the error came from those columns.
#include <optional>
#include <string>
#include <vector>

#include "catalog/dialect.hpp"
#include "exec/backend.hpp"
#include "model/test_case.hpp"
#include "model/verdict.hpp"
#include "report/finding_evidence.hpp"
#include "rules/rule_set.hpp"
#include "util/sql_tokens.hpp"

namespace eriq {

struct UnreadColumns {
    std::vector<std::size_t> positions;  // 0-based, in I's select list
    std::vector<std::string> names;      // as Q would name them (alias, column or expression)
};

// The columns of `intermediate` that none of `readers` (Q, and the outer query when there is
// one) names. nullopt when it cannot tell: I is not a plain SELECT or a compound of them
// (a WITH clause, parenthesized arms), the arms differ in width, or a reader holds a '*'.
std::optional<UnreadColumns> unread_columns(const std::string& intermediate,
                                            const std::vector<std::string>& readers,
                                            const SqlLexis& lexis);

// `intermediate` with the select items at `positions` replaced by NULL in every arm (the
// first arm keeps each item's name, or names it eriq_unread_N). nullopt as above.
std::optional<std::string> null_columns(const std::string& intermediate,
                                        const std::vector<std::size_t>& positions,
                                        const SqlLexis& lexis);

struct UnreadCheckRun {
    UnreadColumnsCheck check;
    TestCase ran;
    CaseOutcome outcome;  // a ServerFault when the server failed
};

// For a reduced error-only finding: runs it with its unread columns set to NULL.
UnreadCheckRun check_unread_columns(Backend& backend, const Dialect& dialect, const RuleSet& rules,
                                    const TestCase& reduced);

}  // namespace eriq
