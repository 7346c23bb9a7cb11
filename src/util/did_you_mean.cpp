#include "util/did_you_mean.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

namespace eriq {
namespace {

// Damerau-Levenshtein (optimal string alignment), case-insensitive: a swap of two
// neighbours, as in "unoin", counts as one edit.
std::size_t edit_distance(std::string_view a, std::string_view b) {
    auto same = [](char x, char y) {
        return std::tolower(static_cast<unsigned char>(x)) ==
               std::tolower(static_cast<unsigned char>(y));
    };
    std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
    for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
    for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i)
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t cost = same(a[i - 1], b[j - 1]) ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && same(a[i - 1], b[j - 2]) && same(a[i - 2], b[j - 1]))
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    return d[a.size()][b.size()];
}

}  // namespace

std::string nearest_name(std::string_view name, const std::vector<std::string>& known) {
    // A third of the name's length may be wrong, at least one character.
    const std::size_t limit = std::max<std::size_t>(1, (name.size() + 2) / 3);
    std::string best;
    std::size_t best_distance = limit + 1;
    for (const std::string& candidate : known) {
        const std::size_t distance = edit_distance(name, candidate);
        if (distance < best_distance) {
            best = candidate;
            best_distance = distance;
        }
    }
    return best;
}

std::string did_you_mean(std::string_view name, const std::vector<std::string>& known) {
    const std::string best = nearest_name(name, known);
    return best.empty() ? std::string() : fmt::format(" (did you mean '{}'?)", best);
}

}  // namespace eriq
