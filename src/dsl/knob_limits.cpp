#include "dsl/knob_limits.hpp"

#include <cmath>
#include <map>
#include <stdexcept>

#include <fmt/format.h>

#include "dsl/grammar.hpp"
#include "util/load_error.hpp"

namespace eriq::dsl {
namespace {

// A knob the generator reads as a count: a whole number in [min, max]; `fallback` is the
// value the generator assumes when a grammar does not declare the knob.
struct CountLimit {
    double min, max, fallback;
};

const std::map<std::string, CountLimit>& count_limits() {
    static const std::map<std::string, CountLimit> limits{
        {"queries_per_database", {1, 1000, 10}},
        {"queries_per_intermediate", {1, 100, 3}},
        {"max_depth", {1, 30, 8}},
        {"tables_min", {1, 32, 1}},
        {"tables_max", {1, 32, 2}},
        {"columns_min", {1, 64, 1}},
        {"columns_max", {1, 64, 4}},
        {"rows_min", {0, 10000, 5}},
        {"rows_max", {0, 10000, 20}},
        {"big_rows_min", {1, 1000000, 100}},
        {"big_rows_max", {1, 1000000, 1000}},
        {"indexes_max", {0, 16, 2}},
        {"select_columns_min", {1, 64, 1}},
        {"select_columns_max", {1, 64, 4}},
        {"adapt_min_cases", {1, 1e9, 100}},
        {"optimizer_variants", {0, 64, 0}},
        {"case_cost_max_thousands", {0, 1000000, 10000}},
        {"z3_rlimit", {1, 1e9, 200000}},
        {"z3_timeout_ms", {1, 60000, 200}},
    };
    return limits;
}

// Knobs the generator reads as a probability or a factor.
bool is_share(const std::string& name) {
    static const char* const shares[] = {"more_tables_share",
                                         "empty_table_share",
                                         "boundary_share",
                                         "primary_key",
                                         "composite_key_share",
                                         "not_null",
                                         "unique",
                                         "index_share",
                                         "index_desc_share",
                                         "expression_index",
                                         "big_table_share",
                                         "analyze",
                                         "literal_null_share",
                                         "column_family_share",
                                         "numeric_column_share",
                                         "agg_distinct",
                                         "adapt_invalid_share",
                                         "adapt_factor",
                                         "z3_predicates",
                                         "z3_redraw",
                                         "correlated"};
    for (const char* s : shares)
        if (name == s) return true;
    return false;
}

constexpr const char* kRangePairs[][2] = {{"tables_min", "tables_max"},
                                          {"columns_min", "columns_max"},
                                          {"rows_min", "rows_max"},
                                          {"big_rows_min", "big_rows_max"},
                                          {"select_columns_min", "select_columns_max"}};

}  // namespace

bool generator_reads_knob(const std::string& name) {
    return count_limits().count(name) > 0 || is_share(name);
}

std::optional<std::string> knob_value_problem(const std::string& name, double value) {
    if (!std::isfinite(value)) return fmt::format("knob '{}' must be a finite number", name);
    if (value < 0) return fmt::format("knob '{}' must not be negative", name);
    if (value > kMaxWeight)
        return fmt::format("knob '{}' = {} is above the cap of {}", name, value, kMaxWeight);
    if (auto it = count_limits().find(name); it != count_limits().end()) {
        const CountLimit& l = it->second;
        if (value != std::floor(value))
            return fmt::format("knob '{}' is a count and must be a whole number, got {}", name,
                               value);
        if (value < l.min || value > l.max)
            return fmt::format("knob '{}' = {} is out of range: it must be from {} to {}", name,
                               value, l.min, l.max);
    }
    if (is_share(name) && value > 1)
        return fmt::format("knob '{}' is a share and must be from 0 to 1, got {}", name, value);
    return std::nullopt;
}

void check_knob_ranges(const Grammar& g) {
    for (const auto& [lo_name, hi_name] : kRangePairs) {
        const double lo = g.knob(lo_name, count_limits().at(lo_name).fallback);
        const double hi = g.knob(hi_name, count_limits().at(hi_name).fallback);
        if (lo <= hi) continue;
        const std::string what =
            fmt::format("knob '{}' = {} is above '{}' = {}", lo_name, lo, hi_name, hi);
        // Blame the knob that was set last: the override, else the one declared later.
        auto lo_at = g.knob_origins.find(lo_name);
        auto hi_at = g.knob_origins.find(hi_name);
        std::string blamed = lo_name;
        const SettingOrigin* at = nullptr;
        if (lo_at != g.knob_origins.end()) at = &lo_at->second;
        if (hi_at != g.knob_origins.end() && (!at || hi_at->second.order > at->order)) {
            at = &hi_at->second;
            blamed = hi_name;
        }
        if (!at) throw LoadError(g.file, 1, 1, what);
        if (at->file.empty())
            throw std::invalid_argument(
                fmt::format("--weight {}={}: {}", blamed, g.knob(blamed, 0), what));
        throw LoadError(at->file, at->pos.line, at->pos.column, what);
    }
}

}  // namespace eriq::dsl
