#pragma once
// Small random databases for a schema, guided by the queries: values are drawn from the
// literals the queries mention (and their neighbours), a few common ones, and NULL (often);
// tables are often empty and rows are often duplicated.
#include <map>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "refute/sqlite_runner.hpp"
#include "verify/schema.hpp"

namespace eriq::refute {

// Rows per table (upper-case table names), values as SQL literals.
using Database = std::map<std::string, std::vector<Row>>;

struct ValuePools {
    std::vector<std::string> integers, strings, temporals, others;
};

// The pools for queries `sql`: their integer and string literals added to the defaults.
ValuePools value_pools(const std::vector<std::string_view>& sql);

// A database with at most `max_rows` rows per table.
Database random_database(const verify::Schema& schema, const ValuePools& pools, std::mt19937& rng,
                         unsigned max_rows);

// CREATE TABLE statements for the schema (declared types kept, so SQLite's affinities apply).
std::vector<std::string> create_statements(const verify::Schema& schema);
// One INSERT per non-empty table.
std::vector<std::string> insert_statements(const verify::Schema& schema, const Database& db);
size_t row_count(const Database& db);

}  // namespace eriq::refute
