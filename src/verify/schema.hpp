#pragma once
// Table columns read from CREATE TABLE statements (eriq-prove --schema).
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace eriq::verify {

struct Schema {
    std::map<std::string, std::vector<std::string>> tables;  // upper-case names
    std::map<std::string, std::vector<std::string>> types;   // upper-case type names
};

// Throws std::runtime_error on text that is not a list of CREATE TABLE statements.
Schema parse_schema(std::string_view sql);

}  // namespace eriq::verify
