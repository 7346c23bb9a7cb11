#pragma once
// Turns an SQLite error message into a short stable label, so that discarded
// cases group by cause rather than by the names that happen to appear in them.
#include <string>
#include <string_view>

namespace eriq {

// "no such column: t0.c1" -> "sqlite:no such column"; at most kMaxErrorKind chars.
std::string sqlite_error_kind(std::string_view message);

inline constexpr std::size_t kMaxErrorKind = 48;

}  // namespace eriq
