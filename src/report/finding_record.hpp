#pragma once
// The machine-readable files of a finding folder, besides report.json:
//   case.toml     the finding as an `eriq-gen --case` file (what reduce and replay run)
//   finding.toml  what triage groups by: pattern, groups, group signature and features,
//                 dialect, server version, driver library, seed, run, when it was found, sizes
// TOML, so eriq reads them back with the library it already loads its files with.
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/test_case.hpp"
#include "model/verdict.hpp"
#include "report/finding_evidence.hpp"
#include "report/group_signature.hpp"

namespace eriq {

struct FindingRecord {
    std::string id;
    std::string signature;        // of the SQL text (report_writer.hpp)
    std::string group_signature;  // of the case's reduced form (group_signature.hpp)
    std::vector<std::string> group_features;
    std::string pattern;
    std::vector<std::vector<std::string>> groups;
    std::string verdict;
    std::string dialect;
    std::string server_version;
    std::string driver_library;  // the libsqlite3 file that ran it (empty for servers)
    std::uint64_t seed = 0;
    std::string run;
    std::string found_at;  // UTC, ISO 8601
    bool reduced = false;
    std::size_t statements = 0;  // schema + rows + I + Q
    std::size_t intermediate_chars = 0;
    std::size_t referencing_chars = 0;
    double reduction_seconds = 0;
    int reduction_tests = 0;
    // The optimizer settings the reduced case depends on (engine/setting_dependence.hpp),
    // written as setting_dependence only when measured.
    bool settings_measured = false;
    std::vector<std::string> setting_dependence;
    // Evidence collected from the reduced case (report/finding_evidence.hpp).
    FindingEvidence evidence;
    // A server fault whose crash the server's log reported (--server-log): the crashed
    // thread's functions, innermost first; the group is then the crash site.
    std::vector<std::string> crash_frames;
    // Each representation's normalized rows ("a | b"), at most kRecordedRows of them, or
    // "error: <kind>": what the triage page shows side by side.
    std::vector<std::pair<std::string, std::vector<std::string>>> results;
};

inline constexpr std::size_t kRecordedRows = 40;

// A record of `tc` and its outcome (group signature and sizes filled in).
FindingRecord make_finding_record(const std::string& id, const std::string& signature,
                                  const TestCase& tc, const CaseOutcome& outcome,
                                  const GroupingContext& grouping = {});

std::string finding_toml(const FindingRecord& record);
std::string case_toml(const TestCase& tc, const std::string& dialect);

// Reads DIR/finding.toml; nullopt when DIR has none. Throws LoadError when it is malformed.
std::optional<FindingRecord> read_finding_record(const std::filesystem::path& dir);

// Now, as "2026-12-03T09:14:05Z".
std::string utc_now_iso();

}  // namespace eriq
