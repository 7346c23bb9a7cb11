#include "engine/triage_command.hpp"

#include <fmt/format.h>

#include "engine/known_bug_features.hpp"
#include "engine/target.hpp"
#include "report/known_bug_resemblance.hpp"
#include "report/report_writer.hpp"
#include "report/shard_folders.hpp"
#include "report/triage.hpp"
#include "report/triage_page.hpp"
#include "util/load_error.hpp"

namespace eriq {

int run_triage_command(const std::vector<std::string>& out_dirs, const std::string& known_bugs_dir,
                       bool json, const std::string& html_file) {
    std::vector<std::filesystem::path> dirs;
    for (const auto& d : out_dirs) {
        if (!std::filesystem::is_directory(d)) throw LoadError(d, 1, 1, "not an output folder");
        dirs.emplace_back(d);
    }
    dirs = with_shard_folders(dirs);
    // Found like the dialect files: relative to the working directory, else to eriq's sources
    // (triage run from another folder marked nothing as known).
    std::vector<KnownBug> known = load_known_bugs(resolve_data_path(known_bugs_dir));
    add_known_bug_case_features(known, stderr);
    Triage t = triage_findings(dirs, known);
    mark_resemblances(t, known);
    if (!html_file.empty()) {
        write_file_atomically(html_file, triage_page(t, dirs));
        fmt::print(stderr, "eriq-gen: triage page written to {}\n", html_file);
    }
    fmt::print("{}", json ? triage_json(t) : triage_text(t));
    return 0;
}

}  // namespace eriq
