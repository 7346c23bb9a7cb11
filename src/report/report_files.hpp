#pragma once
// The contents of one finding's files, built in memory so the writer only has
// to place them (see report_writer.hpp for the layout).
#include <string>

#include "model/test_case.hpp"
#include "model/verdict.hpp"
#include "report/report_writer.hpp"

namespace eriq {

// report.json of finding `id`.
std::string report_json(const std::string& id, const std::string& signature, const TestCase& tc,
                        const CaseOutcome& outcome, const ReportContext& ctx);

// <REPRESENTATION>.sql: replays the variant on an empty database with the
// DBMS's own client (the file name is only used in the header comment).
std::string reproducer_sql(const std::string& id, const std::string& file_name, const TestCase& tc,
                           const CaseOutcome& outcome, const VariantOutcome& variant,
                           const ReportContext& ctx);

// The line appended to index.jsonl for finding `id`, with its trailing newline; "run" is
// there when `run_id` is not empty.
std::string index_line(const std::string& id, const std::string& signature, const TestCase& tc,
                       const CaseOutcome& outcome, const ReportContext& ctx,
                       const std::string& run_id = "");

// Q as a reader sees it: every {x} placeholder shown as x.
std::string referencing_for_display(const std::string& q);
// A case's outer query as a case file writes it: the word Q where the referencing query goes.
std::string outer_for_display(const std::string& outer);

const char* verdict_name(Verdict v);

}  // namespace eriq
