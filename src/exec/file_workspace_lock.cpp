#include "exec/file_workspace_lock.hpp"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>
#include <utility>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include "exec/backend.hpp"

namespace eriq {

FileWorkspaceLock::FileWorkspaceLock(const std::string& path) {
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0)
        throw BackendError("connect_failed",
                           "cannot open " + path + " to lock it: " + std::strerror(errno));
    for (int attempt = 0; attempt < 20; ++attempt) {
        if (::flock(fd_, LOCK_EX | LOCK_NB) == 0) return;
        if (errno != EWOULDBLOCK && errno != EINTR) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    ::close(fd_);
    fd_ = -1;
    throw BackendError("workspace_busy", "database file " + path +
                                             " is in use by another eriq run; give each run "
                                             "a database of its own");
}

FileWorkspaceLock::~FileWorkspaceLock() {
    if (fd_ >= 0) ::close(fd_);
}

FileWorkspaceLock::FileWorkspaceLock(FileWorkspaceLock&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)) {}

FileWorkspaceLock& FileWorkspaceLock::operator=(FileWorkspaceLock&& other) noexcept {
    if (this != &other) {
        if (fd_ >= 0) ::close(fd_);
        fd_ = std::exchange(other.fd_, -1);
    }
    return *this;
}

}  // namespace eriq
