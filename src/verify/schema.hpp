#pragma once
// Table columns read from CREATE TABLE statements (eriq-prove --schema).
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace eriq::verify {

struct Schema {
    std::map<std::string, std::vector<std::string>> tables;  // upper-case names
    std::map<std::string, std::vector<std::string>> types;   // upper-case type names
};

// Text that is not a list of CREATE TABLE statements; what() is "line:col: message".
struct SchemaError : std::runtime_error {
    SchemaError(size_t line, size_t column, const std::string& what);
};

// Throws SchemaError on anything but CREATE TABLE statements (DROP, INSERT, ...).
Schema parse_schema(std::string_view sql);

}  // namespace eriq::verify
