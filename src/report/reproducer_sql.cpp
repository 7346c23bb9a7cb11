#include <fmt/format.h>
#include <fmt/ranges.h>

#include "oracle/normalize.hpp"
#include "report/report_files.hpp"

namespace eriq {

namespace {

// One statement as a script line: trailing blanks and semicolons dropped, then
// exactly one ";\n", so statements stored with or without ';' replay alike.
void append_statement(std::string& out, const std::string& statement) {
    std::size_t end = statement.size();
    while (end > 0 &&
           (statement[end - 1] == ';' || statement[end - 1] == ' ' || statement[end - 1] == '\t' ||
            statement[end - 1] == '\n' || statement[end - 1] == '\r')) {
        --end;
    }
    if (end == 0) return;
    out.append(statement, 0, end);
    out += ";\n";
}

// Text safe inside a one-line "--" comment.
std::string one_line(std::string text) {
    for (char& c : text) {
        if (c == '\n' || c == '\r') c = ' ';
    }
    return text;
}

// The first key tuples of an ordered result, e.g. "(1, NULL) (2, 'a') ...".
std::string key_values_line(const KeySequence& order) {
    constexpr std::size_t kShown = 20;
    std::string out;
    for (std::size_t r = 0; r < order.size() && r < kShown; ++r) {
        out += r ? " (" : "(";
        for (std::size_t k = 0; k < order[r].size(); ++k)
            out += (k ? ", " : "") + one_line(to_display(order[r][k]));
        out += ")";
    }
    if (order.size() > kShown) out += fmt::format(" ... ({} rows)", order.size());
    return out;
}

std::string replay_command(const std::string& driver, const std::string& file_name) {
    if (driver == "sqlite") return fmt::format("sqlite3 < {}", file_name);
    if (driver == "duckdb") return fmt::format("duckdb < {}", file_name);
    if (driver == "postgres") return fmt::format("psql -d DB -f {}", file_name);
    return fmt::format("mariadb DB < {}", file_name);
}

}  // namespace

std::string reproducer_sql(const std::string& id, const std::string& file_name, const TestCase& tc,
                           const CaseOutcome& outcome, const VariantOutcome& variant,
                           const ReportContext& ctx) {
    const Variant& v = variant.variant;
    std::string out = fmt::format("-- eriq finding {}, pattern {}, representation {}\n", id,
                                  outcome.classification.pattern, v.representation);
    out +=
        fmt::format("-- replay on an empty database: {}\n", replay_command(ctx.driver, file_name));
    // The sqlite3 shell runs its own library, which may not be the one eriq loaded.
    if (!ctx.driver_library.empty())
        out +=
            fmt::format("-- eriq ran it on {} from {}\n", ctx.server_version, ctx.driver_library);
    for (const auto& statement : ctx.session_init) append_statement(out, statement);
    for (const auto& statement : tc.session) append_statement(out, statement);
    for (const auto& statement : tc.schema) append_statement(out, statement);
    for (const auto& statement : tc.rows) append_statement(out, statement);
    for (const auto& statement : v.setup) append_statement(out, statement);
    for (const auto& statement : v.session_setup) append_statement(out, statement);
    if (v.sqlite_optimizations_off != 0)
        out += fmt::format(".testctrl optimizations 0x{:x}\n", v.sqlite_optimizations_off);
    if (variant.ok) {
        out += fmt::format("-- eriq saw {} rows (normalized) from this query\n",
                           variant.result.rows.size());
        if (!outcome.order_keys.empty())
            out += fmt::format("-- in this order of {}: {}\n", fmt::join(outcome.order_keys, ", "),
                               key_values_line(variant.order));
        if (!outcome.order_key_not_compared.empty())
            out += fmt::format(
                "-- the order of ORDER BY key {} (and later keys) was not compared: "
                "it names no output column\n",
                one_line(outcome.order_key_not_compared));
    } else {
        out += fmt::format("-- eriq saw this query fail: {}: {}\n", one_line(variant.error_kind),
                           one_line(variant.error));
    }
    append_statement(out, v.query);
    for (const auto& statement : v.session_teardown) append_statement(out, statement);
    for (const auto& statement : v.teardown) append_statement(out, statement);
    return out;
}

}  // namespace eriq
