#pragma once
// Suggestions for misspelt names in error messages: "unknown knob 'unoin' (did you mean
// 'union'?)".
#include <string>
#include <string_view>
#include <vector>

namespace eriq {

// The known name closest to `name` by edit distance, or "" when none is close enough to
// be a plausible typo.
std::string nearest_name(std::string_view name, const std::vector<std::string>& known);

// " (did you mean 'union'?)" or "" when nothing is close.
std::string did_you_mean(std::string_view name, const std::vector<std::string>& known);

}  // namespace eriq
