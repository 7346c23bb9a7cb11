#pragma once
// Shrinks a test case while a test says it still shows the same finding (for eriq: the
// same representations still split into the same groups on the target). Data first
// (tables, indexes, rows by delta debugging, columns, values), then I and Q by one-step
// SQL edits (sql_edits.hpp), repeated until nothing more shrinks or the budget is spent.
// Knows nothing of backends: the test is a function.
#include <functional>
#include <string>
#include <vector>

#include "model/test_case.hpp"
#include "reduce/reduction_meter.hpp"

namespace eriq {

// What the reducer may try besides removing things, from the dialect.
struct ReductionHints {
    // Column types to try in place of each column's own (e.g. INT, TEXT): fewer distinct
    // types make reductions of one bug look alike.
    std::vector<std::string> simple_types;
};

// Statements of the case's database plus I and Q, and the characters of I and Q: the
// sizes the reducer is judged by.
std::size_t case_statements(const TestCase& tc);

using StillInteresting = std::function<bool(const TestCase&)>;

TestCase reduce_case(TestCase tc, const StillInteresting& interesting,
                     const ReductionBudget& budget, ReductionStats* stats = nullptr,
                     const ReductionProgress& progress = {}, const ReductionHints& hints = {});

}  // namespace eriq
