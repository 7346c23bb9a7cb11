#include "report/shard_folders.hpp"

#include <algorithm>
#include <set>
#include <system_error>
#include <utility>

namespace eriq {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kFolderPrefix = "shard-";

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

// The K of "shard-K", or -1.
long long shard_of_folder(const std::string& name) {
    if (!name.starts_with(kFolderPrefix)) return -1;
    const std::string digits = name.substr(kFolderPrefix.size());
    if (digits.empty() || digits.size() > 9 || !std::all_of(digits.begin(), digits.end(), is_digit))
        return -1;
    return std::stoll(digits);
}

}  // namespace

std::string shard_folder_name(std::uint64_t shard) {
    return std::string(kFolderPrefix) + std::to_string(shard);
}

std::string shard_id_prefix(std::uint64_t shard) {
    return "s" + std::to_string(shard) + "-";
}

std::string_view without_shard_prefix(std::string_view name) {
    if (name.size() < 3 || name[0] != 's') return name;
    std::size_t i = 1;
    while (i < name.size() && is_digit(name[i])) ++i;
    if (i == 1 || i >= name.size() || name[i] != '-') return name;
    return name.substr(i + 1);
}

std::vector<fs::path> with_shard_folders(const std::vector<fs::path>& dirs) {
    std::vector<fs::path> out;
    std::set<fs::path> seen;
    auto add = [&](const fs::path& dir) {
        std::error_code error;
        const fs::path key = fs::weakly_canonical(dir, error);
        if (seen.insert(error ? dir : key).second) out.push_back(dir);
    };
    for (const fs::path& dir : dirs) {
        add(dir);
        std::vector<std::pair<long long, fs::path>> shards;
        std::error_code error;
        for (const auto& entry : fs::directory_iterator(dir, error)) {
            const long long k = shard_of_folder(entry.path().filename().string());
            if (k >= 0 && entry.is_directory()) shards.emplace_back(k, entry.path());
        }
        std::sort(shards.begin(), shards.end());
        for (const auto& [k, path] : shards) add(path);
    }
    return out;
}

}  // namespace eriq
