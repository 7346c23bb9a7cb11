#include "engine/data_path.hpp"

#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace eriq {

namespace fs = std::filesystem;

namespace {

// ../share/eriq from the running executable, or empty when it cannot be told.
fs::path installed_data_dir() {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec || exe.empty()) return {};
    return exe.parent_path().parent_path() / "share" / "eriq";
}

}  // namespace

std::string data_dir() {
    const char* env = std::getenv("ERIQ_DATA_DIR");
    if (env != nullptr && *env != '\0') return env;
    const fs::path installed = installed_data_dir();
    std::error_code ec;
    if (!installed.empty() && fs::is_directory(installed, ec)) return installed.string();
    return ERIQ_SOURCE_DIR;
}

std::string resolve_data_path(const std::string& path) {
    if (fs::exists(path) || fs::path(path).is_absolute()) return path;
    const fs::path in_data = fs::path(data_dir()) / path;
    // Not there either: the path as given, which the error message then names.
    return fs::exists(in_data) ? in_data.string() : path;
}

}  // namespace eriq
