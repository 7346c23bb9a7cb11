#pragma once
// Numbers read from a whole token, never by prefix: "2x", "1e3" for an integer, " 5",
// "-1" for an unsigned and "nan" or "inf" for a real are all rejected.
#include <cstdint>
#include <optional>
#include <string_view>

namespace eriq {

// Decimal digits only (no sign, no spaces); nullopt when empty, malformed or above 2^64-1.
std::optional<std::uint64_t> parse_decimal_unsigned(std::string_view text);

// A finite decimal number such as 3, 0.25, -1.5 or 1e3; nullopt for anything else,
// including nan, inf and values that overflow a double.
std::optional<double> parse_finite_number(std::string_view text);

}  // namespace eriq
