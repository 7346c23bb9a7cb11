#pragma once
// The names of the DSL's built-ins (implemented in builtins.cpp), shared by the
// derivation and the grammar check.
#include <set>
#include <string>

namespace eriq {

inline const std::set<std::string>& builtin_names() {
    static const std::set<std::string> names{
        "column", "literal", "func",     "agg",       "select_list",  "alias",  "table",
        "x",      "derived", "group_by", "group_key", "order_by_all", "number", "order_keys"};
    return names;
}

// Built-ins whose first argument names a production to derive.
inline bool builtin_takes_production(const std::string& name) {
    return name == "func" || name == "agg" || name == "select_list" || name == "derived";
}

}  // namespace eriq
