#pragma once
// How a dialect spells the statements of the database D: the [ddl] table of a dialect file.
// Each key is a named template ("{table}", see catalog/sql_template.hpp); a dialect sets only
// the keys it spells differently and inherits the rest (the standard SQL below, or an
// included dialect's). The generator fills them and knows no SQL spelling of its own.
#include <string>
#include <vector>

namespace eriq {

struct DdlTemplates {
    // {columns}: the column definitions joined by `separator`; {primary_key}: table_primary_key
    // for a key over several columns, else empty.
    std::string create_table = "CREATE TABLE {table} ({columns}{primary_key})";
    // {primary_key}, {not_null}, {unique}: the three parts below, or empty. A single-column key
    // is declared on its column (on SQLite, INTEGER PRIMARY KEY makes the column the rowid).
    std::string column = "{column} {type}{primary_key}{not_null}{unique}";
    std::string column_primary_key = " PRIMARY KEY";
    std::string column_not_null = " NOT NULL";
    std::string column_unique = " UNIQUE";
    std::string table_primary_key = ", PRIMARY KEY ({columns})";
    // {keys}: index_key / index_key_desc per column joined by `separator`, or one
    // index_expression.
    std::string create_index = "CREATE INDEX {index} ON {table} ({keys})";
    std::string index_key = "{column}";
    std::string index_key_desc = "{column} DESC";
    std::string index_expression = "({expression})";
    // {rows}: one `row` per row joined by `separator`; {values}: the row's literals joined so.
    std::string insert = "INSERT INTO {table} VALUES {rows}";
    std::string row = "({values})";
    std::string separator = ", ";
};

// One key of [ddl]: the placeholders it may use and those it must use.
struct DdlKey {
    std::string name;
    std::string DdlTemplates::*field;
    std::vector<std::string> allowed;
    std::vector<std::string> required;
};

inline const std::vector<DdlKey>& ddl_keys() {
    static const std::vector<DdlKey> keys{
        {"create_table",
         &DdlTemplates::create_table,
         {"table", "columns", "primary_key"},
         {"table", "columns"}},
        {"column",
         &DdlTemplates::column,
         {"column", "type", "primary_key", "not_null", "unique"},
         {"column", "type"}},
        {"column_primary_key", &DdlTemplates::column_primary_key, {}, {}},
        {"column_not_null", &DdlTemplates::column_not_null, {}, {}},
        {"column_unique", &DdlTemplates::column_unique, {}, {}},
        {"table_primary_key", &DdlTemplates::table_primary_key, {"columns"}, {"columns"}},
        {"create_index",
         &DdlTemplates::create_index,
         {"index", "table", "keys"},
         {"index", "table", "keys"}},
        {"index_key", &DdlTemplates::index_key, {"column"}, {"column"}},
        {"index_key_desc", &DdlTemplates::index_key_desc, {"column"}, {"column"}},
        {"index_expression", &DdlTemplates::index_expression, {"expression"}, {"expression"}},
        {"insert", &DdlTemplates::insert, {"table", "rows"}, {"table", "rows"}},
        {"row", &DdlTemplates::row, {"values"}, {"values"}},
        {"separator", &DdlTemplates::separator, {}, {}},
    };
    return keys;
}

}  // namespace eriq
