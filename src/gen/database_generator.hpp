#pragma once
// Generates the database state D: 1-N tables t0.. with typed columns c0.. and
// rows mixing boundary and random values, as CREATE TABLE and INSERT statements.
#include <cstdint>
#include <string>
#include <vector>

#include "catalog/dialect.hpp"
#include "dsl/grammar.hpp"

namespace eriq {

struct ColumnInfo {
    std::string name;
    std::string family;
    std::string type;
};

struct TableInfo {
    std::string name;
    std::vector<ColumnInfo> columns;
};

struct GeneratedDatabase {
    std::uint64_t seed = 0;
    std::vector<TableInfo> tables;
    std::vector<std::string> schema;  // CREATE TABLE statements
    std::vector<std::string> rows;    // INSERT statements
};

// Table/column/row counts come from grammar knobs (tables_min, tables_max,
// columns_min, columns_max, rows_min, rows_max, boundary_share) and the
// family_<name> knobs weight which type families appear.
GeneratedDatabase generate_database(const dsl::Grammar& grammar, const Dialect& dialect,
                                    std::uint64_t seed);

}  // namespace eriq
