#pragma once
// The database part of a test case (schema and INSERT statements) in a form the reducer
// can take apart: tables with their column definitions, and INSERTs with their row
// tuples and values, printed back as SQL.
#include <optional>
#include <string>
#include <vector>

namespace eriq {

// CREATE TABLE name (item, item, ...): items are column definitions or constraints.
struct TableStatement {
    std::string head;  // "CREATE TABLE t0 (" as written
    std::string name;  // lower-cased
    std::vector<std::string> items;
    std::string tail;  // ")" and anything after it
    std::string sql() const;
};
std::optional<TableStatement> parse_create_table(const std::string& sql);

// INSERT ... INTO name [(columns)] VALUES (v, ...), (v, ...)
struct InsertStatement {
    std::string head;  // everything up to and including VALUES
    std::string name;  // lower-cased target table
    bool has_column_list = false;
    std::vector<std::vector<std::string>> rows;  // the values of each tuple, as written
    std::string sql() const;
};
std::optional<InsertStatement> parse_insert(const std::string& sql);

// The table a CREATE INDEX is on (lower-cased), if `sql` is one.
std::optional<std::string> index_table(const std::string& sql);

// Whether a CREATE TABLE item defines a column (not a constraint such as PRIMARY KEY).
bool is_column_definition(const std::string& item);

}  // namespace eriq
