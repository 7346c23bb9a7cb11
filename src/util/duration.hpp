#pragma once
// Parses durations such as 90, 20s, 5m, 2h, 1h30m, 250ms into seconds.
#include <optional>
#include <string>

namespace eriq {

std::optional<double> parse_duration_seconds(const std::string& text);

}  // namespace eriq
