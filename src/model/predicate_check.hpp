#pragma once
// Predicate sanity during generation (issue 13 point 2), vocabulary of gen, verify and engine:
// the derivation shows each WHERE/ON/HAVING predicate it writes to a PredicateChecker
// (implemented by src/verify with Z3, wired by src/engine: generation knows nothing of Z3) and
// re-draws a degenerate one with a share.
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace eriq {

enum class PredicateVerdict { Contradiction, Tautology, Contingent, Unknown };

// A column the predicate may read, with what the generated database says about its values.
struct PredicateColumn {
    std::string ref;  // as the predicate writes it, e.g. s0.c1
    std::string family;
    bool not_null = false;
    std::optional<std::int64_t> min, max;  // int family: the type's boundary values
};

class PredicateChecker {
  public:
    virtual ~PredicateChecker() = default;
    // Contradiction: never TRUE for any values of the columns; tautology: always TRUE. Unknown
    // for what cannot be encoded or decided within the check's budget. Called from several
    // generation threads at once; the same input gives the same verdict.
    virtual PredicateVerdict classify(const std::string& sql,
                                      const std::vector<PredicateColumn>& columns) const = 0;
};

// Counts of a campaign (shared by its workers).
struct PredicateCheckStats {
    std::atomic<std::int64_t> verdicts[4] = {};  // indexed by PredicateVerdict
    std::atomic<std::int64_t> redraws{0};
    std::atomic<std::int64_t> nanoseconds{0};  // spent in classify
};

struct PredicateCheck {
    const PredicateChecker* checker = nullptr;
    double redraw_share = 1;  // of the degenerate predicates, the share re-drawn
    PredicateCheckStats* stats = nullptr;
};

inline const char* predicate_verdict_name(PredicateVerdict v) {
    switch (v) {
        case PredicateVerdict::Contradiction:
            return "contradiction";
        case PredicateVerdict::Tautology:
            return "tautology";
        case PredicateVerdict::Contingent:
            return "contingent";
        case PredicateVerdict::Unknown:
            return "unknown";
    }
    return "?";
}

}  // namespace eriq
