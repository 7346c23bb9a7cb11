// eriq-gen --case: runs one hand-written case file and prints what each representation ran
// and returned, then the verdict.
#include <fmt/format.h>

#include "engine/benign_check.hpp"
#include "engine/case_file.hpp"
#include "engine/case_file_gate.hpp"
#include "engine/case_runner.hpp"
#include "engine/target.hpp"
#include "oracle/normalize.hpp"
#include "report/report_writer.hpp"

namespace eriq {

namespace {

// What each representation ran and returned, as the replay prints it.
void print_variants(const CaseOutcome& outcome) {
    for (const auto& v : outcome.variants) {
        fmt::print("== {} ==\n", v.variant.representation);
        for (const auto& s : v.variant.setup) fmt::print("{};\n", s);
        fmt::print("{};\n", v.variant.query);
        for (const auto& s : v.variant.teardown) fmt::print("{};\n", s);
        if (!v.ok) {
            fmt::print("-- error ({}): {}\n\n", v.error_kind, v.error);
            continue;
        }
        fmt::print("-- {} row(s)\n", v.result.rows.size());
        for (const auto& row : v.result.rows) {
            std::string line;
            for (std::size_t i = 0; i < row.size(); ++i)
                line += (i ? " | " : "") + to_display(row[i]);
            fmt::print("   {}\n", line);
        }
        fmt::print("\n");
    }
}

}  // namespace

int run_case_file(RunOptions options, bool dialect_given) {
    const std::string file_dialect = case_file_dialect(options.case_file);
    if (!dialect_given && !file_dialect.empty()) options.dialect = file_dialect;
    Target t = load_target(options, false);
    // Read with the lexical rules of the engine that will run it.
    TestCase tc = load_case_file(options.case_file, nullptr, t.dialect.gate.lexis);
    tc.dialect = t.dialect.name;
    check_case_statements(options.case_file, t.dialect.gate);

    check_case_representations(
        options.case_file, tc,
        representation_names(representations_for(t.rules, t.dialect), t.dialect));

    auto backend = open_backend(t.connection, t.backend_options);
    CaseRunner runner(*backend, t.dialect, t.rules);
    runner.load_database(tc);
    CaseOutcome outcome = runner.run(tc, "case");
    if (outcome.verdict != Verdict::ServerFault) backend->reset_workspace();
    // The campaign's [[benign]] rule: an entry that matches the case must explain its
    // reduction too (engine/benign_check.hpp).
    bool entry_not_needed = false;
    if (outcome.verdict == Verdict::Benign) {
        const BenignCheck c = check_benign_on_reduced(*backend, t.dialect, t.rules, tc, outcome,
                                                      {options.reduce_tests, options.reduce_time});
        entry_not_needed = c.masked;
        if (c.masked) outcome = as_finding(outcome);
    }

    print_variants(outcome);
    for (const auto& s : outcome.skipped) fmt::print("== {} == skipped for this query\n\n", s);

    switch (outcome.verdict) {
        case Verdict::Consistent:
            fmt::print("verdict: consistent\n");
            return 0;
        case Verdict::Benign:
            fmt::print("verdict: documented difference {} (not a bug): {}\n",
                       outcome.classification.pattern, outcome.benign_reason);
            return 0;
        case Verdict::Discarded:
            fmt::print("verdict: discarded ({})\n", outcome.discard_kind);
            return 3;
        case Verdict::ServerFault:
            fmt::print("verdict: server fault ({})\n", outcome.discard_kind);
            if (!outcome.crash_frames.empty())
                fmt::print("crash site: {} (the server's log; group {})\n",
                           crash_site_text(outcome.crash_frames),
                           crash_group_key(outcome.crash_frames).signature);
            return 4;
        case Verdict::Inconsistent:
            break;
    }
    fmt::print("verdict: inconsistent {}\n", outcome.classification.pattern);
    if (entry_not_needed)
        fmt::print(
            "note: a [[benign]] entry matched the case but not its reduction, which shows the "
            "same groups: {}\n",
            outcome.benign_reason);
    if (!options.out_dir.empty()) {
        ReportWriter writer(options.out_dir);
        ReportContext ctx = report_context(t, backend->server_version(), t.connection.redacted());
        fmt::print("report: {}\n", writer.write(tc, outcome, ctx).string());
    }
    return 1;
}

}  // namespace eriq
