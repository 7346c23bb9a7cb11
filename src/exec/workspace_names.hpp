#pragma once
// Which object names belong to the tool. Backends use this both to clean up
// their workspace and to refuse a database that holds anything else.
#include <string_view>

namespace eriq {

// True for `t<digits>` and `eriq_*` (ASCII case-insensitive, as SQLite compares names).
bool is_tool_object_name(std::string_view name);

}  // namespace eriq
