#include "engine/version_ladder.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

#include "util/load_error.hpp"
#include "util/toml_file.hpp"

namespace eriq {

namespace fs = std::filesystem;

namespace {

const std::set<std::string> kEngines = {"sqlite", "duckdb", "postgres"};

[[noreturn]] void fail_at(const fs::path& file, const toml::node& node, const std::string& what) {
    const auto& at = node.source().begin;
    throw LoadError(file.string(), at.line, at.column, what);
}

std::string required_string(const fs::path& file, const toml::table& table, const char* key,
                            const std::string& where) {
    const toml::node* node = table.get(key);
    if (node == nullptr || !node->is_string() || node->value_or(std::string()).empty())
        fail_at(file, node != nullptr ? *node : static_cast<const toml::node&>(table),
                fmt::format("{} needs the string '{}'", where, key));
    return node->value_or(std::string());
}

std::string replace_version(std::string text, const std::string& version) {
    const std::string marker = "{version}";
    for (auto at = text.find(marker); at != std::string::npos; at = text.find(marker, at))
        text.replace(at, marker.size(), version);
    return text;
}

// "3.54.1" -> {3, 54, 1}; empty when a part is not a number.
std::vector<long> numeric_parts(const std::string& version) {
    std::vector<long> parts;
    std::size_t start = 0;
    while (start <= version.size()) {
        auto dot = version.find('.', start);
        if (dot == std::string::npos) dot = version.size();
        const std::string part = version.substr(start, dot - start);
        if (part.empty() || part.size() > 9 ||
            !std::all_of(part.begin(), part.end(), [](char c) { return c >= '0' && c <= '9'; }))
            return {};
        parts.push_back(std::stol(part));
        start = dot + 1;
    }
    return parts;
}

bool is_sha256(const std::string& text) {
    return text.size() == 64 && std::all_of(text.begin(), text.end(), [](char c) {
               return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
           });
}

// A rung's version must be a release number newer than the rung before it.
void check_order(const fs::path& file, const toml::table& rung, const std::string& version,
                 const std::vector<LadderRung>& earlier) {
    const toml::node& at = *rung.get("version");
    const std::vector<long> parts = numeric_parts(version);
    if (parts.empty())
        fail_at(file, at, fmt::format("version '{}' is not a release number (3.54.1)", version));
    if (!earlier.empty() && !(numeric_parts(earlier.back().version) < parts))
        fail_at(file, at,
                fmt::format("rung {} is not newer than the rung before it ({}): list the "
                            "releases from old to newest",
                            version, earlier.back().version));
}

std::size_t index_of(const VersionLadder& ladder, const std::string& version) {
    for (std::size_t i = 0; i < ladder.rungs.size(); ++i)
        if (ladder.rungs[i].version == version) return i;
    std::string versions;
    for (const LadderRung& r : ladder.rungs) versions += (versions.empty() ? "" : ", ") + r.version;
    throw std::invalid_argument(fmt::format("--rungs: the {} ladder has no rung {} (it has {})",
                                            ladder.engine, version, versions));
}

}  // namespace

VersionLadder load_version_ladder(const std::string& name_or_file) {
    VersionLadder ladder;
    const bool is_name = kEngines.count(name_or_file) > 0;
    ladder.file = is_name
                      ? fs::path(ERIQ_SOURCE_DIR) / "tools" / "ladders" / (name_or_file + ".toml")
                      : fs::path(name_or_file);
    if (!is_name && ladder.file.extension() != ".toml")
        throw std::invalid_argument(fmt::format(
            "--ladder takes sqlite, duckdb, postgres or a ladder file (.toml), got '{}'",
            name_or_file));
    if (!fs::is_regular_file(ladder.file))
        throw LoadError(ladder.file.string(), 1, 1, "no such ladder file");
    const toml::table doc = parse_toml_file(ladder.file.string());
    ladder.engine = required_string(ladder.file, doc, "engine", "the ladder");
    if (!kEngines.count(ladder.engine))
        fail_at(ladder.file, *doc.get("engine"), "engine must be sqlite, duckdb or postgres");
    required_string(ladder.file, doc, "build", "the ladder");
    const std::string directory = required_string(ladder.file, doc, "directory", "the ladder");
    const std::string library = required_string(ladder.file, doc, "library", "the ladder");
    const toml::array* rungs = doc["rung"].as_array();
    if (rungs == nullptr || rungs->empty()) fail_at(ladder.file, doc, "the ladder has no [[rung]]");
    for (const toml::node& node : *rungs) {
        const toml::table* rung = node.as_table();
        if (rung == nullptr) fail_at(ladder.file, node, "a [[rung]] must be a table");
        LadderRung r;
        r.version = required_string(ladder.file, *rung, "version", "a [[rung]]");
        r.package = required_string(ladder.file, *rung, "package", "a [[rung]]");
        const std::string sha256 = required_string(ladder.file, *rung, "sha256", "a [[rung]]");
        if (!is_sha256(sha256))
            fail_at(ladder.file, *rung->get("sha256"),
                    "sha256 must be 64 lowercase hexadecimal digits");
        check_order(ladder.file, *rung, r.version, ladder.rungs);
        const fs::path folder = replace_version(directory, r.version);
        r.library = (folder.is_absolute() ? folder : fs::path(ERIQ_SOURCE_DIR) / folder) / library;
        ladder.rungs.push_back(std::move(r));
    }
    return ladder;
}

std::vector<LadderRung> select_rungs(const VersionLadder& ladder, const std::string& selection) {
    if (selection.empty()) return ladder.rungs;
    std::vector<LadderRung> out;
    const auto dots = selection.find("..");
    if (dots != std::string::npos) {
        const std::string from = selection.substr(0, dots);
        const std::string to = selection.substr(dots + 2);
        const std::size_t first = from.empty() ? 0 : index_of(ladder, from);
        const std::size_t last = to.empty() ? ladder.rungs.size() - 1 : index_of(ladder, to);
        if (first > last)
            throw std::invalid_argument(
                fmt::format("--rungs {}: {} is newer than {}", selection, from, to));
        out.assign(ladder.rungs.begin() + static_cast<std::ptrdiff_t>(first),
                   ladder.rungs.begin() + static_cast<std::ptrdiff_t>(last) + 1);
        return out;
    }
    std::set<std::size_t> chosen;
    std::size_t start = 0;
    while (start <= selection.size()) {
        auto comma = selection.find(',', start);
        if (comma == std::string::npos) comma = selection.size();
        const std::string version = selection.substr(start, comma - start);
        if (version.empty())
            throw std::invalid_argument(fmt::format("--rungs '{}': an empty version", selection));
        chosen.insert(index_of(ladder, version));
        start = comma + 1;
    }
    for (std::size_t i : chosen) out.push_back(ladder.rungs[i]);  // oldest first
    return out;
}

std::string fetch_command(const VersionLadder& ladder, const LadderRung& rung) {
    return fmt::format("tools/ladder.sh {} {}", ladder.engine, rung.version);
}

}  // namespace eriq
