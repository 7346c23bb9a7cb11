#pragma once
// Reading DuckDB's result vectors into eriq's values, typed by each column's logical type:
// BOOLEAN as 1/0 (like PostgreSQL's), integers up to HUGEINT as their decimal digits,
// DECIMAL(p,s) as digits with s decimals, floats as the shortest text that reads back,
// VARCHAR as text, BLOB as bytes, and the temporal types as DuckDB's own text (its VARCHAR
// cast). A column of another type (LIST, STRUCT, ...) fails the statement: eriq does not
// generate them.
#include <duckdb.h>

#include <cstdint>
#include <string>
#include <vector>

#include "exec/result_fingerprint.hpp"
#include "model/result_set.hpp"

namespace eriq {

class DuckdbLibrary;

struct DuckdbColumn {
    duckdb_type type = DUCKDB_TYPE_INVALID;
    duckdb_type decimal_storage = DUCKDB_TYPE_INVALID;  // the integer type holding a DECIMAL
    std::uint8_t scale = 0;                             // a DECIMAL's digits after the point
};

// The columns of `result`; throws BackendError "duckdb:unsupported_type" for a type eriq
// cannot read.
std::vector<DuckdbColumn> result_columns(const DuckdbLibrary& lib, duckdb_result& result);

// One column of one data chunk: its values and which are NULL.
struct DuckdbVector {
    const DuckdbColumn* column;
    const void* data;
    const std::uint64_t* validity;  // nullptr: no NULLs in this chunk

    bool is_null(idx_t row) const {
        return validity != nullptr && (validity[row / 64] & (std::uint64_t{1} << (row % 64))) == 0;
    }
};

Value read_value(const DuckdbLibrary& lib, const DuckdbVector& vector, idx_t row);
// The same value hashes the same in every variant of a case; integers up to 64 bits and
// floats hash by their bits, everything else by read_value()'s text.
void add_to_fingerprint(FingerprintBuilder& builder, const DuckdbLibrary& lib,
                        const DuckdbVector& vector, idx_t row);

}  // namespace eriq
