#pragma once
// Durations as given on the command line: 90 (seconds), 20s, 5m, 2h, 1d, 250ms, 1h30m,
// 0.5s. Negative, nan, inf, other units and anything above kMaxDuration are refused.
#include <chrono>
#include <string_view>

namespace eriq {

inline constexpr std::chrono::milliseconds kMaxDuration = std::chrono::hours(24 * 30);

// The duration rounded to whole milliseconds; throws std::invalid_argument saying why
// the text is not one (also for a positive duration under 1 ms).
std::chrono::milliseconds parse_duration(std::string_view text);

}  // namespace eriq
