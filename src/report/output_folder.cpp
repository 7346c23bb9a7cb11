#include "report/output_folder.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <stdexcept>
#include <system_error>

#include <fmt/format.h>

#include "report/shard_folders.hpp"

namespace eriq {

namespace fs = std::filesystem;

namespace {

bool all_digits(const std::string& text) {
    if (text.empty()) return false;
    for (char c : text)
        if (c < '0' || c > '9') return false;
    return true;
}

// "000012-ab12.tmp" or a shard's "s2-000012-ab12.tmp": a finding folder that was never
// renamed into place.
bool is_finding_temporary(const std::string& full_name) {
    const std::string name(without_shard_prefix(full_name));
    if (!name.ends_with(".tmp")) return false;
    const auto dash = name.find('-');
    return dash != std::string::npos && dash >= 6 && all_digits(name.substr(0, dash));
}

// "summary.json.tmp.4242": write_file_atomically's temporary.
bool is_file_temporary(const std::string& name) {
    const auto at = name.rfind(".tmp.");
    return at != std::string::npos && at > 0 && all_digits(name.substr(at + 5));
}

std::string holder_of(int fd) {
    char buffer[64] = {};
    const ssize_t n = ::pread(fd, buffer, sizeof buffer - 1, 0);
    std::string pid = n > 0 ? std::string(buffer, static_cast<std::size_t>(n)) : "";
    while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' ')) pid.pop_back();
    return all_digits(pid) ? " (pid " + pid + ")" : "";
}

}  // namespace

OutputFolderLock::OutputFolderLock(const fs::path& dir) {
    std::error_code error;
    fs::create_directories(dir, error);
    if (error || !fs::is_directory(dir)) {
        throw std::runtime_error("cannot use " + dir.string() + " as the output folder: " +
                                 (error ? error.message() : "not a directory"));
    }
    const fs::path path = dir / ".lock";
    fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0)
        throw std::runtime_error("cannot open " + path.string() + ": " + std::strerror(errno));
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
        const int lock_error = errno;
        const std::string holder = holder_of(fd_);
        ::close(fd_);
        if (lock_error == EWOULDBLOCK)
            throw std::runtime_error(fmt::format(
                "another eriq-gen run{} is writing to {}; wait for it or use another --out folder",
                holder, dir.string()));
        throw std::runtime_error("cannot lock " + path.string() + ": " + std::strerror(lock_error));
    }
    const std::string pid = std::to_string(::getpid()) + "\n";
    // The pid only names the holder when another run is refused; the lock holds without it.
    const bool pid_written = ::ftruncate(fd_, 0) == 0 && ::pwrite(fd_, pid.data(), pid.size(), 0) ==
                                                             static_cast<ssize_t>(pid.size());
    (void)pid_written;
}

OutputFolderLock::~OutputFolderLock() {
    if (fd_ >= 0) ::close(fd_);
}

int remove_leftover_temporaries(const fs::path& dir) {
    int removed = 0;
    for (const fs::path& folder : {dir, dir / "runs"}) {
        std::error_code error;
        for (const auto& entry : fs::directory_iterator(folder, error)) {
            const std::string name = entry.path().filename().string();
            const bool leftover =
                entry.is_directory() ? is_finding_temporary(name) : is_file_temporary(name);
            if (!leftover) continue;
            std::error_code ignored;
            if (fs::remove_all(entry.path(), ignored) > 0) ++removed;
        }
    }
    return removed;
}

std::string make_run_id() {
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    ::gmtime_r(&now, &utc);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &utc);
    return fmt::format("{}-{}", stamp, ::getpid());
}

}  // namespace eriq
