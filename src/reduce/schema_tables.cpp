#include "reduce/schema_tables.hpp"

#include <cctype>

#include "reduce/data_statements.hpp"

namespace eriq {
namespace {

// The dialect type a column definition's text after its name starts with (the longest,
// so DECIMAL(10, 2) is not taken for DECIMAL), or null.
const TypeInfo* declared_type(const std::string& rest, const Dialect& dialect) {
    const TypeInfo* best = nullptr;
    for (const TypeInfo& t : dialect.types) {
        if (rest.compare(0, t.name.size(), t.name) != 0) continue;
        const bool whole = rest.size() == t.name.size() ||
                           std::isspace(static_cast<unsigned char>(rest[t.name.size()]));
        if (whole && (!best || t.name.size() > best->name.size())) best = &t;
    }
    return best;
}

}  // namespace

std::optional<GeneratedDatabase> tables_of_schema(const std::vector<std::string>& schema,
                                                  const Dialect& dialect) {
    GeneratedDatabase db;
    db.schema = schema;
    for (const std::string& sql : schema) {
        if (index_table(sql)) continue;
        auto table = parse_create_table(sql);
        if (!table) return std::nullopt;
        TableInfo info;
        info.name = table->name;
        for (const std::string& item : table->items) {
            if (!is_column_definition(item)) continue;
            const std::size_t space = item.find_first_of(" \t\n");
            if (space == std::string::npos) return std::nullopt;
            const std::size_t type_at = item.find_first_not_of(" \t\n", space);
            if (type_at == std::string::npos) return std::nullopt;
            const TypeInfo* type = declared_type(item.substr(type_at), dialect);
            if (!type) return std::nullopt;
            info.columns.push_back({item.substr(0, space), type->family, type->name});
        }
        db.tables.push_back(std::move(info));
    }
    return db;
}

}  // namespace eriq
