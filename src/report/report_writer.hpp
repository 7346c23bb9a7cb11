#pragma once
// Writes one folder per finding under the output directory, atomically:
//   <out>/<id>/report.json   dialect, server version, seed, schema, rows, I, Q,
//                            each variant's statements, normalized rows, row counts, pattern,
//                            signature
//   <out>/<id>/<VARIANT>.sql one per variant, replayable by the DBMS's own client
//   <out>/index.jsonl        one line per finding: id, pattern, signature, seed, run id
// Every file is written to a temporary name and renamed, so a crash never leaves
// a half-written report. Thread-safe: several workers may share one writer.
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <string>

#include "gen/test_case.hpp"
#include "oracle/verdict.hpp"

namespace eriq {

struct ReportContext {
    std::string dialect;
    std::string driver;  // sqlite / mysql / postgres
    std::string server_version;
    std::string connection;  // redacted URL, never a password
};

// Short stable hash of the pattern and the shape of I and Q (literals and
// identifiers abstracted), so repeats of one bug share a signature.
std::string finding_signature(const TestCase& tc, const CaseOutcome& outcome);

class ReportWriter {
  public:
    // Numbers findings after the highest number already in `out_dir` (its folders and
    // index.jsonl), so runs one after another never reuse one; `run_id` goes into index.jsonl.
    explicit ReportWriter(std::filesystem::path out_dir, std::string run_id = "");
    // Returns the finding's folder.
    std::filesystem::path write(const TestCase& tc, const CaseOutcome& outcome,
                                const ReportContext& ctx);
    const std::filesystem::path& dir() const { return out_dir_; }

  private:
    std::filesystem::path out_dir_;
    std::string run_id_;
    std::mutex mutex_;
    std::uint64_t next_id_ = 0;
};

// Writes `content` to `path` via a temporary file and rename.
void write_file_atomically(const std::filesystem::path& path, const std::string& content);

}  // namespace eriq
