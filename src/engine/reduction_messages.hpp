#pragma once
// The lines a campaign prints about its own reductions.
#include <string>

#include "model/test_case.hpp"
#include "model/verdict.hpp"

namespace eriq {

// "reduced 000012-…: 9 -> 4 statements, I 300 -> 40 and Q 120 -> 50 characters, 80 tests in
// 0.3 s" (`what` is "" or "server fault ").
std::string reduced_message(const std::string& folder, const std::string& what,
                            const TestCase& before, const TestCase& after, int tests,
                            double seconds);

// For a finding whose case no longer showed it when run alone (a flaky finding, or one
// that needed the round's other cases): what the re-run gave.
std::string not_reduced_message(const std::string& folder, const CaseOutcome& rerun, int tests);

}  // namespace eriq
