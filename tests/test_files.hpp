#pragma once
// Paths and files for the unit tests: the source tree, private scratch
// directories (ctest runs test cases as parallel processes) and reading a file.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <unistd.h>

namespace eriq::test {

inline std::string source(const std::string& rel) {
    return std::string(ERIQ_SOURCE_DIR) + "/" + rel;
}

// A new empty directory private to this process.
inline std::filesystem::path fresh_dir(const std::string& name) {
    static int counter = 0;
    auto dir =
        std::filesystem::temp_directory_path() /
        ("eriq-test-" + name + "-" + std::to_string(getpid()) + "-" + std::to_string(++counter));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

inline std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

}  // namespace eriq::test
