#pragma once
// Where shards write. Shard K of a campaign (engine/shard.hpp) writes into <out>/shard-K/,
// a complete output folder of its own (lock, index.jsonl, summary.json, runs/,
// progress.jsonl), and names its findings s<K>-NNNNNN-<signature>. So any number of shards
// can share one --out folder, also over a network file system (no file is written by two
// shards), or write into folders of their own, and their findings never share an id.
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace eriq {

std::string shard_folder_name(std::uint64_t shard);  // "shard-2"
std::string shard_id_prefix(std::uint64_t shard);    // "s2-"

// `name` without a leading shard prefix "s<digits>-" (unchanged when it has none).
std::string_view without_shard_prefix(std::string_view name);

// Every output folder the given ones hold: each folder itself, then its shard-K subfolders
// in the order of K; a folder reached twice (by another spelling of its path) only once.
std::vector<std::filesystem::path> with_shard_folders(
    const std::vector<std::filesystem::path>& dirs);

}  // namespace eriq
