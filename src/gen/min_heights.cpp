#include "gen/min_heights.hpp"

#include <algorithm>
#include <cstddef>

namespace eriq {

std::vector<int> min_heights(int productions, const std::vector<HeightAlternative>& alternatives) {
    const auto n = static_cast<std::size_t>(productions);
    std::vector<int> height(n, kNoDerivation);
    // Per alternative: references not resolved yet, and the greatest resolved height + 1.
    std::vector<std::size_t> pending(alternatives.size());
    std::vector<int> reached(alternatives.size(), 0);
    // Per reference (alternative, index): resolved by the first of its targets settled.
    std::vector<std::vector<char>> resolved(alternatives.size());
    // Per production: the references (alternative, index) it may resolve.
    std::vector<std::vector<std::pair<std::size_t, std::size_t>>> users(n);
    // Settled heights come out in nondecreasing order: bucket h holds candidates of height h.
    std::vector<std::vector<int>> buckets(1);
    for (std::size_t a = 0; a < alternatives.size(); ++a) {
        const auto& refs = alternatives[a].references;
        pending[a] = refs.size();
        resolved[a].assign(refs.size(), 0);
        for (std::size_t r = 0; r < refs.size(); ++r)
            for (int target : refs[r]) users[static_cast<std::size_t>(target)].emplace_back(a, r);
        if (refs.empty()) buckets[0].push_back(alternatives[a].owner);
    }
    for (std::size_t h = 0; h < buckets.size(); ++h) {
        for (std::size_t k = 0; k < buckets[h].size(); ++k) {
            const auto p = static_cast<std::size_t>(buckets[h][k]);
            if (height[p] != kNoDerivation) continue;
            height[p] = static_cast<int>(h);
            for (const auto& [a, r] : users[p]) {
                if (resolved[a][r]) continue;
                resolved[a][r] = 1;
                reached[a] = std::max(reached[a], static_cast<int>(h) + 1);
                if (--pending[a] > 0) continue;
                const auto at = static_cast<std::size_t>(reached[a]);
                if (buckets.size() <= at) buckets.resize(at + 1);
                buckets[at].push_back(alternatives[a].owner);
            }
        }
    }
    return height;
}

}  // namespace eriq
