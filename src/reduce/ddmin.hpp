#pragma once
// Delta debugging (Zeller and Hildebrandt, "Simplifying and Isolating Failure-Inducing
// Input", TSE 2002), complement removal only: shrinks a list to a sublist for which
// `keeps` still holds, trying larger removals first.
#include <algorithm>
#include <cstddef>
#include <vector>

namespace eriq {

// `keeps(candidate)` runs the test; `exhausted()` says when the budget is spent (the
// best list so far is returned then). The empty list is tried first.
template <class T, class Keeps, class Exhausted>
std::vector<T> ddmin(std::vector<T> items, Keeps&& keeps, Exhausted&& exhausted) {
    if (items.empty() || exhausted()) return items;
    if (keeps(std::vector<T>{})) return {};
    std::size_t parts = 2;
    while (items.size() >= 2 && !exhausted()) {
        const std::size_t chunk = (items.size() + parts - 1) / parts;
        bool reduced = false;
        for (std::size_t start = 0; start < items.size() && !exhausted(); start += chunk) {
            std::vector<T> candidate(items.begin(), items.begin() + static_cast<long>(start));
            const std::size_t stop = std::min(items.size(), start + chunk);
            candidate.insert(candidate.end(), items.begin() + static_cast<long>(stop), items.end());
            if (keeps(candidate)) {
                items = std::move(candidate);
                parts = std::max<std::size_t>(parts - 1, 2);
                reduced = true;
                break;
            }
        }
        if (reduced) continue;
        if (parts >= items.size()) break;
        parts = std::min(items.size(), parts * 2);
    }
    return items;
}

}  // namespace eriq
