#pragma once
// How the representations' results of one case group (oracle/classify.hpp computes it).
#include <string>
#include <utility>
#include <vector>

namespace eriq {

struct Classification {
    bool consistent = true;
    bool order_only = false;  // the multisets agree; the order of the key values does not
    std::string pattern;      // "" when consistent
    std::vector<std::vector<std::string>> groups;  // names grouped by equal result
    // Names in groups other than the largest one (the "odd" representations).
    std::vector<std::string> minority;
    // Representations that failed while others ran, with their error kind (sorted by name).
    std::vector<std::pair<std::string, std::string>> errors;
};

}  // namespace eriq
