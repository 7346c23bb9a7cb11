#pragma once
// What keeps one --out folder consistent across runs: only one run writes to it at a
// time (an flock on OUT/.lock, released when the process ends however it ends), the
// temporaries of a run that was killed are removed before the next one starts, and
// every run has an id for its summary (OUT/runs/<id>.json) and its index.jsonl lines.
#include <filesystem>
#include <string>

namespace eriq {

class OutputFolderLock {
  public:
    // Creates `dir` if needed and locks it; throws std::runtime_error naming the run that
    // holds it when another process does.
    explicit OutputFolderLock(const std::filesystem::path& dir);
    ~OutputFolderLock();
    OutputFolderLock(const OutputFolderLock&) = delete;
    OutputFolderLock& operator=(const OutputFolderLock&) = delete;

  private:
    int fd_ = -1;
};

// Removes the report writer's temporaries from `dir` and `dir`/runs: finding folders
// "NNNNNN-<signature>.tmp" (or a shard's "s<K>-NNNNNN-<signature>.tmp") and files
// "<name>.tmp.<pid>". Call only under the lock.
// Returns how many were removed.
int remove_leftover_temporaries(const std::filesystem::path& dir);

// "<UTC start time>-<pid>", e.g. 20261203T081556Z-4242: unique per run and sortable by time.
std::string make_run_id();

}  // namespace eriq
