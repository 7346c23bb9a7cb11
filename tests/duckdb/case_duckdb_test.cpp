// Live DuckDB through eriq-gen --case: a cast error raised only by the representation that
// evaluates every row of I is an expected error, not a finding; a known bug's case still
// reproduces.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "../test_files.hpp"
#include "live_duckdb.hpp"

using namespace eriq;

namespace {

struct CaseRun {
    int exit_code = -1;
    std::string output;
};

CaseRun run_case(const std::string& file) {
    const char* bin = std::getenv("ERIQ_BIN");
    if (bin == nullptr) bin = "./eriq-gen";
    const auto out = eriq::test::fresh_dir("duckdb-case") / "output.txt";
    std::string library;
    if (!duckdb_library().empty()) library = " --driver-library '" + duckdb_library() + "'";
    const std::string cmd =
        fmt::format("{} --dialect duckdb{} --case {}/tests/data/cases/{} > {} 2>&1", bin, library,
                    ERIQ_SOURCE_DIR, file, out.string());
    const int status = std::system(cmd.c_str());
    std::ifstream in(out);
    std::stringstream text;
    text << in.rdbuf();
    std::filesystem::remove_all(out.parent_path());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, text.str()};
}

}  // namespace

// Before the [[expected_error]] entries of dialects/duckdb.toml each was an
// error_only_in_TEMPT finding (exit 1); now the case is discarded (exit 3).
TEST_CASE("a cast error only in the temporary table is not a DuckDB finding", "[duckdb]") {
    const CaseRun run = run_case("duckdb_cast_error_pruned_join.toml");
    INFO(run.output);
    CHECK(run.output.find("duckdb:Conversion Error") != std::string::npos);
    CHECK(run.exit_code == 3);
}

TEST_CASE("a NULL column stored as INTEGER by the temporary table is not a DuckDB finding",
          "[duckdb]") {
    const CaseRun run = run_case("duckdb_null_column_tempt_integer.toml");
    INFO(run.output);
    CHECK(run.output.find("duckdb:Binder Error") != std::string::npos);
    CHECK(run.exit_code == 3);
}

// known-bugs/duckdb.toml: duckdb-or-is-distinct-from-all-null-column (1.5.6).
TEST_CASE("the known DuckDB bug's case still shows only the temporary table losing its row",
          "[duckdb]") {
    const CaseRun run = run_case("duckdb_or_is_distinct_all_null_pruned.toml");
    INFO(run.output);
    CHECK(run.exit_code == 1);
    CHECK(run.output.find("verdict: inconsistent VIEW=CTE=DERIVED=CTE_MAT=CTE_NOT_MAT≠TEMPT") !=
          std::string::npos);
}

// known-bugs/duckdb.toml: duckdb-correlated-ordered-derived-aggregate-loses-row (1.5.6), found
// by a case in a correlated position: only the derived table loses the aggregate's row.
TEST_CASE("the known correlated DuckDB bug's case still shows the derived table losing its row",
          "[duckdb]") {
    const CaseRun run = run_case("duckdb_correlated_aggregate_derived_order.toml");
    INFO(run.output);
    CHECK(run.exit_code == 1);
    CHECK(run.output.find("verdict: inconsistent "
                          "CTE=CTE_MAT=CTE_NOT_MAT\u2260DERIVED(VIEW_SKIP)(TEMPT_SKIP)") !=
          std::string::npos);
}

// known-bugs/duckdb.toml, from the seed-35 campaign: a subquery read twice returns the other
// join side's column, and a correlated CTE read inside an IN subquery loses its correlation.
TEST_CASE("the seed-35 DuckDB bugs' cases still show their wrong forms", "[duckdb]") {
    const CaseRun self_join = run_case("duckdb_self_joined_subquery_case_on_join_key.toml");
    INFO(self_join.output);
    CHECK(self_join.exit_code == 1);
    CHECK(self_join.output.find("verdict: inconsistent VIEW=DERIVED=CTE_NOT_MAT\u2260CTE=TEMPT="
                                "CTE_MAT") != std::string::npos);
    const CaseRun correlated = run_case("duckdb_correlated_cte_in_subquery_loses_correlation.toml");
    INFO(correlated.output);
    CHECK(correlated.exit_code == 1);
    CHECK(correlated.output.find("verdict: inconsistent "
                                 "CTE=CTE_MAT=CTE_NOT_MAT\u2260DERIVED(VIEW_SKIP)(TEMPT_SKIP)") !=
          std::string::npos);
}
