#pragma once
// Reads a JSON array of {"name", "q1", "q2"} objects (the Calcite pairs' format).
#include <string>
#include <string_view>
#include <vector>

namespace eriq::verify {

struct QueryPair {
    std::string name, q1, q2;
};

// Throws std::runtime_error with the offset on malformed JSON.
std::vector<QueryPair> parse_pairs(std::string_view json);

}  // namespace eriq::verify
