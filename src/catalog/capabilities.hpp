#pragma once
// The capability names a dialect file may set and a rule may require: the generator,
// the rules and the dialect files know these; anything else is a typo.
#include <string>
#include <vector>

namespace eriq {

inline const std::vector<std::string>& known_capabilities() {
    static const std::vector<std::string> names{"temp_table_single_reference",
                                                "cte",
                                                "cte_materialized",
                                                "cte_not_materialized",
                                                "full_join",
                                                "right_join",
                                                "window",
                                                "json",
                                                "intersect_except"};
    return names;
}

}  // namespace eriq
