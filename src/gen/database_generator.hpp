#pragma once
// Generates the database state D: 1-N tables t0.. with typed columns c0.., keys and
// constraints, secondary (and expression) indexes, and rows mixing boundary and random
// values. Small tables get INSERT ... VALUES; an occasional big one is filled server-side
// from a sequence (the dialect's fill_table template), then its statistics are gathered.
// Every statement is spelled by the dialect's templates ([ddl], catalog/ddl_templates.hpp).
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
    bool not_null = false;  // declared NOT NULL (primary-key columns are too)
    bool unique = false;    // declared UNIQUE on its own
};

struct TableInfo {
    std::string name;
    std::vector<ColumnInfo> columns;
    std::vector<std::string> primary_key;  // column names, empty when the table has none
    int row_count = 0;                     // rows inserted
    bool filled_server_side = false;       // a big table filled by the fill_table template
};

struct GeneratedDatabase {
    std::uint64_t seed = 0;
    std::vector<TableInfo> tables;
    std::vector<std::string> schema;  // CREATE TABLE, then CREATE INDEX statements
    std::vector<std::string> rows;    // INSERT statements, then statistics statements
};

// Shape knobs of the grammar (defaults in grammars/common.toml):
//   tables_min, tables_max, more_tables_share   table count (usually at most 2)
//   columns_min, columns_max                    columns per table
//   rows_min, rows_max, empty_table_share       rows of a small table
//   primary_key, composite_key_share            share of tables with a (two-column) key
//   not_null, unique                            share of columns declared so
//   index_share, indexes_max, expression_index  secondary indexes per table
//   big_table_share, big_rows_min, big_rows_max server-side filled tables
//   analyze                                     share of small tables whose statistics run
//   boundary_share, family_<name>               value and type mix
GeneratedDatabase generate_database(const dsl::Grammar& grammar, const Dialect& dialect,
                                    std::uint64_t seed);

// The value a literal stands for, so that literals a UNIQUE column would treat as equal
// ('12' and 12, 'a ' and 'a', b'01' and b'1') compare equal. Deliberately coarse: it may
// call distinct values equal (then one is not inserted), never equal values distinct.
std::string literal_identity(const std::string& literal);

}  // namespace eriq
