#pragma once
// An exclusive lock on an embedded engine's database file for the life of a backend, so a
// second eriq run on the same file is refused instead of taking the first run's ledger for
// its own and dropping its tables (the MySQL and PostgreSQL backends lock their database on
// the server). flock(2) locks are apart from the POSIX record locks SQLite takes on the same
// file, so the engine's own locking is not disturbed.
#include <string>

namespace eriq {

class FileWorkspaceLock {
  public:
    FileWorkspaceLock() = default;
    // Locks `path` (which must exist); tries for about two seconds, since a predecessor in
    // this process may still be closing. Throws BackendError "workspace_busy".
    explicit FileWorkspaceLock(const std::string& path);
    ~FileWorkspaceLock();
    FileWorkspaceLock(FileWorkspaceLock&& other) noexcept;
    FileWorkspaceLock& operator=(FileWorkspaceLock&& other) noexcept;
    FileWorkspaceLock(const FileWorkspaceLock&) = delete;
    FileWorkspaceLock& operator=(const FileWorkspaceLock&) = delete;

  private:
    int fd_ = -1;
};

}  // namespace eriq
