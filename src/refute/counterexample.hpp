#pragma once
// Refutation for eriq-prove: a small database on which two queries give different multisets
// of rows, found by a guided random search (random_database.hpp: small tables, NULL-heavy,
// duplicates, empty tables, the queries' own constants), shrunk row by row, and confirmed by
// running both queries on a fresh embedded SQLite database before it is returned.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "refute/sqlite_runner.hpp"
#include "verify/schema.hpp"

namespace eriq::refute {

struct RefuteOptions {
    unsigned timeout_ms = 2000;     // the whole search
    unsigned max_databases = 2000;  // random databases tried at most
    unsigned seed = 1;
};

struct Counterexample {
    std::vector<std::string> inserts;  // the database as INSERT statements (other tables empty)
    size_t rows = 0;
    std::vector<Row> left, right;  // each query's rows on it (sorted)
    std::string sqlite_version;
};

struct RefuteResult {
    std::optional<Counterexample> counterexample;
    std::string skipped;  // why no search ran (empty when one did)
    unsigned databases = 0;
    double seconds = 0;
};

RefuteResult find_counterexample(const verify::Schema& schema, std::string_view q1,
                                 std::string_view q2, const RefuteOptions& options = {});

// The query as SQLite reads it (Calcite's $-names quoted), or nullopt when it is not one
// read-only SELECT the search may run (or it cannot be judged without running it: LIMIT,
// random functions).
std::optional<std::string> runnable_query(std::string_view sql);

}  // namespace eriq::refute
