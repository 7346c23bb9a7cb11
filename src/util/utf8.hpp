#pragma once
// Strict UTF-8 validation, shared by byte normalization (text or hex?) and the
// JSON writer (pass valid UTF-8 through, escape stray bytes).
#include <cstddef>
#include <string_view>

namespace eriq {

// Length (1-4) of the well-formed UTF-8 sequence starting at s[pos], or 0 when
// the bytes there are not one (overlong forms, surrogates and code points above
// U+10FFFF count as malformed).
std::size_t utf8_sequence_length(std::string_view s, std::size_t pos);

bool is_valid_utf8(std::string_view s);

}  // namespace eriq
