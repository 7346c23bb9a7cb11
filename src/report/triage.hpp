#pragma once
// Triage: merges the finding folders of any number of output folders (runs, machines,
// shards) into root-cause groups by the group signature of each finding's reduced form
// (the unreduced form when it was never reduced), and marks groups listed in the
// repository's known-bug lists (known-bugs/<dialect>.toml).
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "report/finding_evidence.hpp"
#include "report/finding_record.hpp"
#include "report/group_verdict.hpp"
#include "report/ladder_record.hpp"

namespace eriq {

// One entry of known-bugs/<dialect>.toml:
//   [[bug]]
//   id = "sqlite-right-join-union-all"
//   group_signature = "g1234abcd5678"      # of the reduced case, with its pattern
//   status = "new"                         # new / reported / fixed / not_a_bug
//   summary = "..."
//   case = "tests/data/cases/....toml"     # the reduced case
//   reproduces_in = ["3.40.1", "3.53.2"]
//   link = ""  fixed_in = ""  reason = ""  (reason: required for not_a_bug)
struct KnownBug {
    std::string dialect;
    std::string file;  // the known-bugs file and where its [[bug]] starts
    std::size_t line = 0, column = 0;
    std::string id;
    std::string group_signature;
    // Further group signatures of the same root cause (reductions of one bug that kept
    // different leftover constructs or types): triage merges those groups into this one.
    std::vector<std::string> also_signatures;
    std::string pattern;
    std::string status;
    std::string summary;
    std::string case_file;
    std::size_t case_line = 0, case_column = 0;  // where `case` is written
    std::vector<std::string> reproduces_in;
    std::vector<std::string> does_not_reproduce_in;
    // A ready-to-file upstream report: its title, and its text (the minimal script, the
    // expected and the actual result, the argument from the manual).
    std::string title;
    std::string report;
    std::string link;
    std::string fixed_in;
    std::string reason;
    // The group features of the entry's reduced case (engine/known_bug_features.hpp), for
    // telling which known bug an unknown group resembles; empty when not computed.
    std::vector<std::string> case_features;
};

// The known bug an unknown group shares most features with (report/known_bug_resemblance.hpp).
struct Resemblance {
    std::string id;
    std::size_t shared = 0;    // features in both, the split counting as one
    std::size_t of = 0;        // features in either
    double shared_weight = 0;  // the shared features' weights (rarer among known bugs: more)
    double share = 0;          // shared_weight over the weight of the features in either
};

// Every known-bugs/*.toml in `dir` (none when the folder is missing). Throws LoadError for a
// key of the wrong type, an id or a signature given twice (over all the files), a signature
// or a pattern that no finding can have (report/pattern_text.hpp).
std::vector<KnownBug> load_known_bugs(const std::filesystem::path& dir);

struct TriageGroup {
    std::string signature;
    std::string pattern;
    std::string dialect;
    std::vector<std::string> versions;
    std::vector<std::string> features;
    // Server faults read from the server's log (--server-log): the crashed thread's
    // functions, innermost first, of the first member that has them.
    std::vector<std::string> crash_frames;
    // The optimizer settings the group's reduced cases depend on (the union over members
    // whose reduction measured them; engine/setting_dependence.hpp) and whether any did.
    std::vector<std::string> settings;
    bool settings_measured = false;
    std::vector<std::filesystem::path> members;  // finding folders
    std::string first_seen;
    std::filesystem::path smallest;        // the member whose (reduced) case is smallest
    std::size_t smallest_size = 0;         // its I + Q characters
    bool reduced = false;                  // the smallest member was reduced
    std::string status = "new";            // from the known-bug list, else "new"
    std::string known_id;                  // the known bug's id, if listed
    std::string known_title;               // and the title of its upstream report, if it has one
    std::optional<Resemblance> resembles;  // for a group not known: a hint, never a verdict
    // The release range of a member bisected with `eriq-gen replay DIR --ladder ...` (its
    // ladder.toml; the smallest member's when several were).
    std::optional<LadderRecord> ladder;
    // The smallest member's split and its de-optimized reference (report/finding_evidence.hpp).
    std::vector<std::vector<std::string>> sides;
    FindingEvidence evidence;
    std::string known_reason;    // a not_a_bug entry's reason
    std::string known_fixed_in;  // a fixed entry's release
    // Drawn from the evidence above by report/group_verdict.hpp's rules.
    GroupVerdict verdict;
};

struct Triage {
    std::vector<TriageGroup> groups;  // most members first
    std::size_t findings = 0;
    // Finding ids (folder names) found in more than one of the folders: runs into separate
    // folders number their findings alike; shards never do (report/shard_folders.hpp).
    std::vector<std::string> repeated_ids;
    // One line per finding folder left out because its finding.toml does not load.
    std::vector<std::string> skipped;
};

// The findings directly inside each of `out_dirs` (with_shard_folders() adds the shard
// folders a shared --out folder holds). A folder whose finding.toml (or reduced/finding.toml)
// does not load is left out and named in `skipped` with the reason.
Triage triage_findings(const std::vector<std::filesystem::path>& out_dirs,
                       const std::vector<KnownBug>& known);

// The group's release range ("sqlite since 3.53.2, fixed in 3.54.1"), or how to get it.
std::string group_ladder_text(const TriageGroup& g);

std::string triage_text(const Triage& t);
// {"findings": N, "groups": [{"signature", "count", "pattern", "first_seen", "smallest",
//   "dialect", "version", "status", "ladder", ...}], "repeated_ids": [...]}
std::string triage_json(const Triage& t);

}  // namespace eriq
