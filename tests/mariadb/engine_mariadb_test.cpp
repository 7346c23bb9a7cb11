// Live MariaDB: the known MariaDB 10.11 bugs are reported with their patterns,
// the documented coercibility difference is not, and a seeded campaign runs.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <utility>

#include <fmt/format.h>

#include "../client_sql.hpp"
#include "../test_files.hpp"
#include "engine/campaign.hpp"
#include "engine/target.hpp"
#include "gen/case_generator.hpp"
#include "gen/rng.hpp"
#include "live_server.hpp"

using namespace eriq;

namespace {

std::string source(const std::string& rel) {
    return std::string(ERIQ_SOURCE_DIR) + "/" + rel;
}

struct CliRun {
    int exit_code = -1;
    std::string output;
};

CliRun run_case(const std::string& case_file, const std::string& db) {
    const char* bin = std::getenv("ERIQ_BIN");
    if (bin == nullptr) bin = "./eriq-gen";
    auto out = eriq::test::fresh_dir("mariadb-case-" + db) / "output.txt";
    ConnectionSpec spec = spec_for_db(db);
    std::string url =
        fmt::format("mysql://{}:{}@{}:{}/{}", spec.user, spec.password, spec.host, spec.port, db);
    std::string cmd = fmt::format("{} --dialect mariadb --connect '{}' --case {} > {} 2>&1", bin,
                                  url, source(case_file), out.string());
    CliRun run;
    int status = std::system(cmd.c_str());
    if (WIFEXITED(status)) run.exit_code = WEXITSTATUS(status);
    std::ifstream in(out);
    std::stringstream ss;
    ss << in.rdbuf();
    run.output = ss.str();
    std::filesystem::remove_all(out.parent_path());
    return run;
}

}  // namespace

TEST_CASE("MDEV DISTINCT with ORDER BY over a view is reported as CTE=TEMPT=DERIVED≠VIEW",
          "[mariadb]") {
    auto run = run_case("tests/data/cases/mdev_distinct_order_view.toml", "eriq_case_distinct");
    INFO(run.output);
    CHECK(run.exit_code == 1);
    CHECK(run.output.find("verdict: inconsistent CTE=TEMPT=DERIVED≠VIEW") != std::string::npos);
}

TEST_CASE("MDEV JSON boolean in a temporary table is reported as VIEW=CTE=DERIVED≠TEMPT",
          "[mariadb]") {
    auto run = run_case("tests/data/cases/mdev_json_boolean_tempt.toml", "eriq_case_json");
    INFO(run.output);
    CHECK(run.exit_code == 1);
    CHECK(run.output.find("verdict: inconsistent VIEW=CTE=DERIVED≠TEMPT") != std::string::npos);
}

TEST_CASE("a view's CAST AS CHAR collation error is reported as error_only_in_VIEW", "[mariadb]") {
    auto run = run_case("tests/data/cases/mdev_view_cast_char_nopad.toml", "eriq_case_nopad");
    INFO(run.output);
    CHECK(run.exit_code == 1);
    CHECK(run.output.find("verdict: inconsistent error_only_in_VIEW") != std::string::npos);
    CHECK(run.output.find("Illegal mix of collations") != std::string::npos);
}

TEST_CASE("the known MariaDB bugs of known-bugs/mariadb.toml still reproduce", "[mariadb]") {
    const std::pair<const char*, const char*> cases[] = {
        {"mariadb_right_join_window_constant_column", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_having_nullif_min_view", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_max_json_truncated_tempt", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_in_window_subquery_null", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_aggregate_invalid_temporal_constant", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_not_in_null_over_aggregate_derived", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_union_pushdown_comparison_type", "VIEW=CTE=DERIVED≠TEMPT"},
        // Its wrong numbering varies from run to run: TEMPT is sometimes wrong too (seen
        // 2026-12-07 with two test suites running on the machine).
        {"mariadb_dense_rank_after_constant_window",
         "CTE=TEMPT=DERIVED≠VIEW|CTE=DERIVED≠VIEW≠TEMPT"},
        {"mariadb_not_in_scalar_subquery_spatial_filter", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_not_between_null_bound_merged", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_invalid_date_not_in_zero_date", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_in_subquery_out_of_range_null", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_std_is_not_null_false", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_concat_ws_derived_trim_extra_separator", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_avg_window_merged_constant_clipped", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_min_ceil_double_group_by_clipped", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_field_null_in_where_drops_row", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_concat_ws_hex_min_derived_extra_digit", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_year_index_not_greater_than_large_int", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_ln_of_aggregate_is_not_null_false", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_mod_decimal_negative_zero_not_zero", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_greatest_bit_string_decimal_text", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_bit_in_derived_subquery_drops_row", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_binary_function_or_aggregate_having_value", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_date_not_between_datetime_string_grouped_derived", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_derived_case_column_equals_lpad_of_itself", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_json_equals_null_true_as_condition", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_window_over_derived_in_subquery_no_row", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_order_by_min_enum_set_merged_sorts_as_string", "VIEW=CTE=DERIVED≠TEMPT (order)"},
        {"mariadb_merged_column_ge_concat_ws_of_itself", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_union_ceil_char_clipped", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_from_days_zero_date_weekday", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_time_equals_min_date_const_table", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_max_set_column_by_index_order", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_unique_null_safe_equal_const_lookup", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_repeat_in_having_overwrites_constant_alias", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_semijoin_scalar_aggregate_folded_as_empty", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_having_alias_timestampdiff_invalid_time", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_create_select_union_all_nulls_type_null", "error_only_in_TEMPT"},
        {"mariadb_date_index_not_between_datetime_string_truncated", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_weekday_of_timediff_is_null", "VIEW=CTE=DERIVED≠TEMPT"},
        {"mariadb_md5_of_merged_substring_md5_overwrites_column", "VIEW=CTE=DERIVED≠TEMPT"},
    };
    for (const auto& [c, patterns] : cases) {
        auto run = run_case(std::string("tests/data/cases/") + c + ".toml", "eriq_case_known");
        INFO(c << ": " << run.output);
        CHECK(run.exit_code == 1);
        // One of the patterns separated by '|'.
        bool seen = false;
        std::stringstream alternatives{std::string(patterns)};
        for (std::string pattern; std::getline(alternatives, pattern, '|');)
            seen = seen || run.output.find("verdict: inconsistent " + pattern) != std::string::npos;
        CHECK(seen);
    }
}

// False positives of a MariaDB campaign, each fixed at its cause: documented differences
// are [[benign]] entries of dialects/mariadb.toml; JSON spacing is normalized.
TEST_CASE("documented MariaDB differences of the campaign are not findings", "[mariadb]") {
    const std::pair<const char*, const char*> cases[] = {
        {"mariadb_json_longtext_tempt", "MariaDB's JSON type is an alias for LONGTEXT"},
        {"mariadb_json_min_of_stored_json_tempt", "MariaDB's JSON type is an alias for LONGTEXT"},
        {"mariadb_json_ifnull_min_json_column_tempt",
         "MariaDB's JSON type is an alias for LONGTEXT"},
        {"mariadb_bit_literal_varbinary_tempt", "A bit literal b'...' is a number"},
        {"mariadb_bit_literal_case_branch_tempt", "A bit literal b'...' is a number"},
        {"mariadb_bit_literal_nested_ifnull_tempt", "A bit literal b'...' is a number"},
        {"mariadb_bit_literal_materialized_view", "A bit literal b'...' is a number"},
        {"mariadb_division_scale_tempt", "div_precision_increment"},
        // From the 2026-12-06 campaign (seed 33): the same causes the entries above name,
        // reached through MOD, MIN(DISTINCT ...), a hex literal and DATE_ADD of a string.
        {"mariadb_division_in_mod_scale_tempt", "div_precision_increment"},
        {"mariadb_json_min_distinct_union_tempt", "MariaDB's JSON type is an alias for LONGTEXT"},
        {"mariadb_hex_literal_varbinary_tempt", "A hexadecimal literal X'...' is a binary string"},
        {"mariadb_date_add_string_varchar_tempt", "DATE_ADD, DATE_SUB, ADDDATE and SUBDATE return"},
        // From the seed-34 campaign: the column of x after other arguments of the JSON call.
        {"mariadb_json_set_leading_aggregate_tempt",
         "MariaDB's JSON type is an alias for LONGTEXT"},
        {"mariadb_json_array_leading_call_tempt", "MariaDB's JSON type is an alias for LONGTEXT"},
        {"mariadb_json_column_set_leading_case_tempt",
         "MariaDB's JSON type is an alias for LONGTEXT"},
        // From the seed-35 campaign: the stored NULL literal's BINARY(0) under COALESCE and
        // IFNULL, and the temporal precision of a string literal at TIMEDIFF's clip.
        {"mariadb_null_literal_coalesce_binary_tempt", "for the NULL literal that is BINARY(0)"},
        {"mariadb_null_literal_ifnull_time_binary_tempt", "for the NULL literal that is BINARY(0)"},
        {"mariadb_literal_timediff_clip_precision_tempt",
         "A string literal's temporal precision comes from its text"},
    };
    for (const auto& [c, reason] : cases) {
        auto run = run_case(std::string("tests/data/cases/") + c + ".toml", "eriq_case_benign");
        INFO(c << ": " << run.output);
        CHECK(run.exit_code == 0);
        CHECK(run.output.find("verdict: documented difference VIEW=CTE=DERIVED≠TEMPT") !=
              std::string::npos);
        CHECK(run.output.find(reason) != std::string::npos);
    }
    for (const char* c :
         {"mariadb_json_spacing_binary_column", "mariadb_case_nul_byte_text_column",
          "mariadb_json_type_collation", "mariadb_json_truncated_distinct_spacing"}) {
        auto run = run_case(std::string("tests/data/cases/") + c + ".toml", "eriq_case_benign");
        INFO(c << ": " << run.output);
        CHECK(run.exit_code == 0);
        CHECK(run.output.find("verdict: consistent") != std::string::npos);
    }
}

TEST_CASE("a BIT expression sent as decimal text is read as its number", "[mariadb]") {
    // BIT(1) "0"; BIT(8) "0" and "7", which are also valid one-byte BIT(8) payloads; and a
    // UNION of such expressions, which sends bytes under the same field metadata.
    for (const char* c : {"mariadb_bit_if_decimal_text", "mariadb_bit8_if_decimal_text",
                          "mariadb_bit8_union_bytes"}) {
        auto run = run_case(std::string("tests/data/cases/") + c + ".toml", "eriq_case_bit");
        INFO(c << ": " << run.output);
        CHECK(run.exit_code == 0);
        CHECK(run.output.find("verdict: consistent") != std::string::npos);
    }
}

TEST_CASE("the documented coercibility difference is not reported", "[mariadb]") {
    auto run = run_case("tests/data/cases/documented_coercibility.toml", "eriq_case_coercibility");
    INFO(run.output);
    CHECK(run.exit_code == 0);
    CHECK(run.output.find("verdict: documented difference VIEW=CTE=DERIVED≠TEMPT") !=
          std::string::npos);
}

TEST_CASE("a seeded MariaDB campaign runs without tool errors", "[mariadb][campaign]") {
    ConnectionSpec spec = spec_for_db("eriq_campaign_test");
    RunOptions o;
    o.dialect = "mariadb";
    o.connect = fmt::format("mysql://{}:{}@{}:{}/{}", spec.user, spec.password, spec.host,
                            spec.port, spec.database);
    o.rules_file = source("rules/repr.toml");
    o.seed =
        12;  // seed 11 crashes MariaDB 10.11.19: tests/data/cases/mariadb_crash_view_distinct.toml
    o.max_cases = 600;
    // Spatial off: ST_Distance crashes MariaDB 10.11.19 on some plans only, so a seed that draws
    // it passes on one machine and kills the shared server on another (CI, 2026-12-06).
    o.weights = {{"family_spatial", 0}};
    o.out_dir = (eriq::test::fresh_dir("mariadb-campaign") / "out").string();
    o.verbosity = 0;
    auto result = execute_campaign(o);
    const auto& s = result.stats;
    CHECK(s.cases == 600);
    CHECK(s.tool_errors == 0);
    CHECK(s.server_faults == 0);
    CHECK(s.generation_failures == 0);
    CHECK(s.valid + s.discarded_total() == s.cases);
    const double share = static_cast<double>(s.valid) / static_cast<double>(s.cases);
    WARN("MariaDB valid share over 600 seeded cases: " << share << ", findings " << s.findings);
    // An upper bound, not only a lower one: a normalizer or rule that flags everything fails.
    CHECK(s.findings * 50 <= s.cases);
    CHECK(share >= 0.7);
    CHECK(result.facts.server_version.find("MariaDB") != std::string::npos);
    CHECK(std::filesystem::exists(std::filesystem::path(o.out_dir) / "summary.json"));
}

namespace {

RunOptions mariadb_campaign(const std::string& db, std::int64_t cases, std::uint64_t seed) {
    ConnectionSpec spec = spec_for_db(db);
    RunOptions o;
    o.dialect = "mariadb";
    o.connect = fmt::format("mysql://{}:{}@{}:{}/{}", spec.user, spec.password, spec.host,
                            spec.port, spec.database);
    o.rules_file = source("rules/repr.toml");
    o.seed = seed;
    o.max_cases = cases;
    o.out_dir = (eriq::test::fresh_dir("out-" + db) / "out").string();
    o.verbosity = 0;
    // Spatial off: ST_Distance crashes MariaDB 10.11.19 on some plans only, which would end the
    // server this suite shares.
    o.weights = {{"family_spatial", 0}};
    return o;
}

// Names of the tables and views in `db`, or {"<missing>"} when it does not exist.
// Read through the server's own client: eriq's gate refuses information_schema.
std::vector<std::string> objects_in(const std::string& db) {
    const std::string listed = client_sql(
        "mariadb", spec_for_db(""),
        fmt::format("SELECT table_name FROM information_schema.tables WHERE table_schema = '{}' "
                    "UNION ALL SELECT '<exists>' FROM information_schema.schemata WHERE "
                    "schema_name = '{}'",
                    db, db));
    std::vector<std::string> names;
    std::string line;
    for (char c : listed) {
        if (c != '\n') {
            line += c;
        } else if (!line.empty()) {
            names.push_back(line);
            line.clear();
        }
    }
    return names;
}

}  // namespace

TEST_CASE("a MariaDB statement past max_statement_time is discarded and the campaign goes on",
          "[mariadb][campaign]") {
    RunOptions o = mariadb_campaign("eriq_timeout_test", 45, 3);
    o.grammar_file = source("tests/data/grammars/slow_mariadb.toml");
    o.statement_timeout = std::chrono::milliseconds(300);
    auto s = execute_campaign(o).stats;
    CHECK(s.cases == 45);
    CHECK(s.discarded["timeout"] > 0);
    CHECK(s.valid > 0);
    CHECK(s.tool_errors == 0);
    CHECK(s.server_faults == 0);
}

TEST_CASE("two MariaDB workers each use only their own database", "[mariadb][campaign]") {
    RunOptions o = mariadb_campaign("eriq_jobs_test", 400, 21);
    o.jobs = 2;
    auto result = execute_campaign(o);
    const auto& s = result.stats;
    CHECK(s.cases == 400);
    CHECK(result.facts.workers == 2);
    CHECK(s.tool_errors == 0);
    CHECK(s.server_faults == 0);
    // A worker dropping or creating the other's objects would show up as
    // "table doesn't exist" (1146), "unknown table" (1051) or "already exists" (1050).
    for (const char* kind : {"mysql:1146", "mysql:1051", "mysql:1050"})
        CHECK(s.discarded.count(kind) == 0);
    for (const char* db : {"eriq_jobs_test_w0", "eriq_jobs_test_w1"}) {
        auto names = objects_in(db);
        INFO(db);
        CHECK(std::find(names.begin(), names.end(), "<exists>") != names.end());
        for (const auto& n : names)
            CHECK((n == "<exists>" || n.rfind("t", 0) == 0 || n.rfind("eriq_", 0) == 0));
    }
    // With two workers the base database itself is never used.
    CHECK(objects_in("eriq_jobs_test").empty());
}

TEST_CASE("ORDER BY tie-breakers never name an aggregate output (no error 1247)",
          "[mariadb][campaign]") {
    // Every I gets ORDER BY ... LIMIT and most are aggregates; spatial is off because
    // ST_Distance crashes MariaDB 10.11.19 in some plans (a server fault, not this test's subject).
    RunOptions o = mariadb_campaign("eriq_order_agg_test", 400, 21);
    o.weights = {{"order_limit", 100}, {"group", 30}, {"family_spatial", 0}, {"adapt_factor", 1}};

    Target t = load_target(o);
    CaseGenerator gen(t.grammar, t.dialect);
    int grouped_and_ordered = 0;
    for (std::uint64_t round = 0; round < 20; ++round) {
        auto db = gen.database(mix_seed(21, round));
        for (int k = 0; k < 5; ++k)
            for (const auto& tc : gen.generate_group(db, mix_seed(21, round), k, 1))
                if (tc.intermediate.find("GROUP BY") != std::string::npos &&
                    tc.intermediate.find("ORDER BY") != std::string::npos)
                    ++grouped_and_ordered;
    }
    CHECK(grouped_and_ordered > 30);

    auto s = execute_campaign(o).stats;
    CHECK(s.cases == 400);
    CHECK(s.valid > 300);
    CHECK(s.discarded["mysql:1247"] == 0);
    CHECK(s.server_faults == 0);
}

TEST_CASE("a seeded 3000 case MariaDB campaign is at least 90% valid", "[mariadb][campaign]") {
    RunOptions o = mariadb_campaign("eriq_valid_share_test", 3000, 13);
    auto s = execute_campaign(o).stats;
    CHECK(s.cases == 3000);
    CHECK(s.tool_errors == 0);
    CHECK(s.server_faults == 0);
    const double share = static_cast<double>(s.valid) / static_cast<double>(s.cases);
    WARN("MariaDB valid share over 3000 seeded cases: " << share);
    CHECK(share >= 0.90);
}
