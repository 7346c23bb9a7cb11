#pragma once
// Writes one folder per finding under the output directory, atomically:
//   <out>/<id>/report.json   dialect, server version, seed, schema, rows, I, Q,
//                            each variant's statements, normalized rows, row counts, pattern,
//                            signature
//   <out>/<id>/<VARIANT>.sql one per variant, replayable by the DBMS's own client
//   <out>/<id>/case.toml     the finding as an `eriq-gen --case` file
//   <out>/<id>/choices.toml  the draws that derived its I and Q, for generated cases
//                            (choice_record.hpp)
//   <out>/<id>/finding.toml  pattern, groups, group signature, sizes (finding_record.hpp)
//   <out>/<id>/reduced/      the same files for the reduced finding, when reduced
//   <out>/index.jsonl        one line per finding: id, pattern, signature, seed, run id
// An id is NNNNNN-<signature>, or s<K>-NNNNNN-<signature> for shard K.
// Every file is written to a temporary name and renamed, so a crash never leaves
// a half-written report. Thread-safe: several workers may share one writer.
#include <cstdint>
#include <filesystem>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "model/test_case.hpp"
#include "model/verdict.hpp"
#include "report/finding_evidence.hpp"
#include "report/group_signature.hpp"

namespace eriq {

struct ReportContext {
    std::string dialect;
    std::string driver;  // sqlite / mysql / postgres
    std::string server_version;
    std::string connection;  // redacted URL, never a password
    // Statements the backend ran after connecting (the dialect's session_init: SET NAMES,
    // sql_mode, ...): each replay script starts with them, so it sees what eriq saw.
    std::vector<std::string> session_init;
    // The dialect's type families and the rules' side_depends_on_q representations, for
    // group signatures (group_signature.hpp).
    GroupingContext grouping;
    // The client library eriq loaded at run time (SQLite's --driver-library, else the system
    // libsqlite3) and its source id; empty for drivers linked into eriq.
    std::string driver_library;
    std::string driver_source_id;
};

// What reducing a finding cost (reduce/case_reducer.hpp's statistics, as plain numbers) and
// the optimizer settings the reduced case depends on (engine/setting_dependence.hpp).
struct ReductionFacts {
    double seconds = 0;
    int tests = 0;
    bool settings_measured = false;
    std::vector<std::string> settings;
    FindingEvidence evidence;
};

// Short stable hash of the pattern and the shape of I and Q (literals and
// identifiers abstracted), so repeats of one bug share a signature.
std::string finding_signature(const TestCase& tc, const CaseOutcome& outcome);

class ReportWriter {
  public:
    // Numbers findings after the highest number already in `out_dir` (its folders and
    // index.jsonl), so runs one after another never reuse one; `run_id` goes into index.jsonl.
    // Ids start with `id_prefix` (a shard's "s2-", report/shard_folders.hpp): then only ids
    // with that prefix count for the numbering.
    explicit ReportWriter(std::filesystem::path out_dir, std::string run_id = "",
                          std::string id_prefix = "");
    // Returns the finding's folder.
    std::filesystem::path write(const TestCase& tc, const CaseOutcome& outcome,
                                const ReportContext& ctx);
    // Writes the reduced form of the finding in `finding_dir` into finding_dir/reduced/, in
    // the same format (atomically: a reduced.tmp folder renamed). Returns that folder.
    std::filesystem::path write_reduced(const std::filesystem::path& finding_dir,
                                        const TestCase& reduced, const CaseOutcome& outcome,
                                        const ReportContext& ctx, const ReductionFacts& cost);
    // Appends one line of the campaign's time series to <out>/progress.jsonl (the triage
    // page charts it): elapsed seconds, cases, valid cases, findings, with this run's id.
    void append_progress(double seconds, std::int64_t cases, std::int64_t valid,
                         std::int64_t findings);
    const std::filesystem::path& dir() const { return out_dir_; }

  private:
    std::filesystem::path out_dir_;
    std::string run_id_;
    std::string id_prefix_;
    std::mutex mutex_;
    std::uint64_t next_id_ = 0;
};

// Writes `content` to `path` via a temporary file and rename.
void write_file_atomically(const std::filesystem::path& path, const std::string& content);

}  // namespace eriq
