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

Triage triage_folders(const std::vector<std::filesystem::path>& dirs,
                      const std::string& known_bugs_dir) {
    // Found like the dialect files: relative to the working directory, else in eriq's data
    // folder (triage run from another folder marked nothing as known).
    std::vector<KnownBug> known = load_known_bugs(resolve_data_path(known_bugs_dir));
    add_known_bug_case_features(known, stderr);
    Triage t = triage_findings(with_shard_folders(dirs), known);
    mark_resemblances(t, known);
    return t;
}

void print_campaign_groups(const std::filesystem::path& out) {
    try {
        const Triage t = triage_folders({out}, "known-bugs");
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
    return 0;
}

}  // namespace eriq
