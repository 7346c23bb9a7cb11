#include "gen/choice_source.hpp"

namespace eriq {
namespace {

// Offsets from lo in unsigned arithmetic (a range may span all of int64): the point nearest
// 0, and how far the range reaches below and above it.
struct RangeShape {
    std::uint64_t center;  // offset of the point nearest 0
    std::uint64_t below;   // offsets under the center
    std::uint64_t above;   // offsets over it
};

RangeShape shape_of(std::int64_t lo, std::int64_t hi) {
    const std::uint64_t span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
    const std::uint64_t center =
        lo >= 0 ? 0
                : (hi <= 0 ? span : static_cast<std::uint64_t>(0) - static_cast<std::uint64_t>(lo));
    return {center, center, span - center};
}

}  // namespace

std::uint64_t ChoiceSource::encode_range(std::int64_t v, std::int64_t lo, std::int64_t hi) {
    const RangeShape s = shape_of(lo, hi);
    const std::uint64_t offset = static_cast<std::uint64_t>(v) - static_cast<std::uint64_t>(lo);
    const bool up = offset >= s.center;
    const std::uint64_t distance = up ? offset - s.center : s.center - offset;
    if (distance == 0) return 0;
    const std::uint64_t both = std::min(s.below, s.above);  // distances taken on both sides
    if (distance <= both) return up ? 2 * distance - 1 : 2 * distance;
    return 2 * both + (distance - both);
}

std::int64_t ChoiceSource::decode_range(std::uint64_t u, std::int64_t lo, std::int64_t hi) {
    const RangeShape s = shape_of(lo, hi);
    const std::uint64_t both = std::min(s.below, s.above);
    std::uint64_t offset;
    if (u == 0) {
        offset = s.center;
    } else if (u <= 2 * both) {
        offset = u % 2 == 1 ? s.center + (u + 1) / 2 : s.center - u / 2;
    } else {
        const std::uint64_t distance = both + (u - 2 * both);
        offset = s.above > s.below ? s.center + distance : s.center - distance;
    }
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + offset);
}

}  // namespace eriq
