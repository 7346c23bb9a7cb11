#pragma once
// The least derivation height of every production of a grammar, in time linear in the size of
// the grammar (Knuth's generalization of Dijkstra's algorithm to grammars): a production's
// height is the least over its alternatives of the greatest height of the references the
// alternative needs, plus one; an alternative that needs none has height 0. A fixpoint that
// swept all productions until nothing changed took one sweep per link of a chain of productions,
// and so minutes on a grammar that chains 3,000 of them.
#include <limits>
#include <vector>

namespace eriq {

inline constexpr int kNoDerivation = std::numeric_limits<int>::max() / 2;

// One alternative of production `owner`: each needed reference may resolve to any production
// of its list (its height: the least of theirs, plus one); an empty list never resolves.
struct HeightAlternative {
    int owner = 0;
    std::vector<std::vector<int>> references;
};

// The height of each of `productions` productions (ids 0 to productions - 1), kNoDerivation
// for those without a finite derivation.
std::vector<int> min_heights(int productions, const std::vector<HeightAlternative>& alternatives);

}  // namespace eriq
