#include "engine/reduction_messages.hpp"

#include <fmt/format.h>

#include "reduce/case_reducer.hpp"

namespace eriq {

std::string reduced_message(const std::string& folder, const std::string& what,
                            const TestCase& before, const TestCase& after, int tests,
                            double seconds) {
    return fmt::format(
        "\neriq: reduced {}{}: {} -> {} statements, I {} -> {} and Q {} -> {} characters, {} "
        "tests in {:.1f} s\n",
        what, folder, case_statements(before), case_statements(after), before.intermediate.size(),
        after.intermediate.size(), before.referencing.size(), after.referencing.size(), tests,
        seconds);
}

std::string not_reduced_message(const std::string& folder, const CaseOutcome& rerun, int tests) {
    return fmt::format(
        "\neriq: not reduced {}: run alone, its case gave {} ({} tests); `eriq-gen reduce` on "
        "the folder tries again\n",
        folder,
        rerun.verdict == Verdict::Inconsistent ? rerun.classification.pattern : "no difference",
        tests);
}

}  // namespace eriq
