#include "verify/schema.hpp"

#include <cctype>
#include <stdexcept>

namespace eriq::verify {
namespace {

std::string upper(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

bool is_word(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
}

}  // namespace

Schema parse_schema(std::string_view sql) {
    Schema schema;
    std::string text = upper(sql);
    size_t pos = 0;
    while ((pos = text.find("CREATE TABLE", pos)) != std::string::npos) {
        pos += 12;
        while (pos < text.size() && std::isspace(static_cast<unsigned char>(text[pos]))) ++pos;
        size_t name_end = pos;
        while (name_end < text.size() && is_word(text[name_end])) ++name_end;
        std::string name = text.substr(pos, name_end - pos);
        size_t open = text.find('(', name_end);
        if (name.empty() || open == std::string::npos)
            throw std::runtime_error("schema: expected CREATE TABLE name (...)");
        // Column definitions are split at commas outside parentheses (VARCHAR(20)).
        std::vector<std::string> columns, types;
        int depth = 1;
        bool expect_name = true;
        size_t i = open + 1;
        for (; i < text.size() && depth > 0; ++i) {
            char c = text[i];
            if (c == '(') ++depth;
            if (c == ')') --depth;
            if (depth == 1 && c == ',') expect_name = true;
            if (expect_name && is_word(c)) {
                size_t end = i;
                while (end < text.size() && is_word(text[end])) ++end;
                columns.push_back(text.substr(i, end - i));
                size_t type = end;
                while (type < text.size() && std::isspace(static_cast<unsigned char>(text[type])))
                    ++type;
                size_t type_end = type;
                while (type_end < text.size() && is_word(text[type_end])) ++type_end;
                types.push_back(text.substr(type, type_end - type));
                expect_name = false;
                i = end - 1;
            }
        }
        if (depth != 0) throw std::runtime_error("schema: unbalanced parentheses in " + name);
        schema.tables[name] = std::move(columns);
        schema.types[name] = std::move(types);
        pos = i;
    }
    if (schema.tables.empty()) throw std::runtime_error("schema: no CREATE TABLE statement");
    return schema;
}

}  // namespace eriq::verify
