#include "engine/triage_command.hpp"

#include <fmt/format.h>

#include "engine/known_bug_features.hpp"
#include "engine/target.hpp"
#include "report/known_bug_resemblance.hpp"
#include "report/report_writer.hpp"
#include "report/shard_folders.hpp"
#include "report/triage_page.hpp"
#include "util/load_error.hpp"

namespace eriq {
namespace {

// `--known-bugs DIR` must name a folder; without it, known-bugs/ is found like the dialect
// files, relative to the working directory, else to eriq's sources, and may be missing.
std::filesystem::path known_bugs_folder(const std::string& given) {
    if (given.empty()) return resolve_data_path("known-bugs");
    std::error_code error;
    const auto status = std::filesystem::status(given, error);
    if (!std::filesystem::exists(status))
        throw std::invalid_argument(fmt::format("--known-bugs {}: no such folder", given));
    if (!std::filesystem::is_directory(status))
        throw std::invalid_argument(fmt::format(
            "--known-bugs {}: not a folder (it holds known-bugs/<dialect>.toml files)", given));
    return given;
}

}  // namespace

Triage triage_folders(const std::vector<std::filesystem::path>& dirs,
                      const std::string& known_bugs_dir) {
    std::vector<KnownBug> known = load_known_bugs(known_bugs_folder(known_bugs_dir));
    add_known_bug_case_features(known);
    Triage t = triage_findings(with_shard_folders(dirs), known);
    mark_resemblances(t, known);
    return t;
}

void print_campaign_groups(const std::filesystem::path& out) {
    try {
        const Triage t = triage_folders({out}, "");
        fmt::print(stderr, "eriq groups in {} (eriq-gen triage {}):\n{}", out.string(),
                   out.string(), triage_text(t));
    } catch (const std::exception& e) {
        fmt::print(stderr, "eriq: the findings could not be grouped: {}\n", e.what());
    }
}

int run_triage_command(const std::vector<std::string>& out_dirs, const std::string& known_bugs_dir,
                       bool json, const std::string& html_file) {
    std::vector<std::filesystem::path> dirs;
    for (const auto& d : out_dirs) {
        if (!std::filesystem::is_directory(d)) throw LoadError(d, 1, 1, "not an output folder");
        dirs.emplace_back(d);
    }
    Triage t = triage_folders(dirs, known_bugs_dir);
    if (!html_file.empty()) {
        write_file_atomically(html_file, triage_page(t, with_shard_folders(dirs)));
        fmt::print(stderr, "eriq-gen: triage page written to {}\n", html_file);
    }
    fmt::print("{}", json ? triage_json(t) : triage_text(t));
    for (const std::string& line : t.skipped) fmt::print(stderr, "eriq-gen: {}\n", line);
    if (t.skipped.empty()) return 0;
    fmt::print(stderr, "eriq-gen: triage left out {} finding folder(s) that do not load\n",
               t.skipped.size());
    return 1;
}

}  // namespace eriq
