#include "report/triage.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "report/group_signature.hpp"
#include "util/json_writer.hpp"
#include "util/load_error.hpp"
#include "util/toml_file.hpp"

namespace eriq {

namespace fs = std::filesystem;

namespace {

const KnownBug* known_bug_of(const std::string& signature, const std::string& dialect,
                             const std::vector<KnownBug>& known) {
    for (const KnownBug& b : known) {
        if (!dialect.empty() && b.dialect != dialect) continue;
        if (b.group_signature == signature) return &b;
        if (std::find(b.also_signatures.begin(), b.also_signatures.end(), signature) !=
            b.also_signatures.end())
            return &b;
    }
    return nullptr;
}

void add_settings(TriageGroup& g, bool measured, const std::vector<std::string>& settings) {
    if (!measured) return;
    g.settings_measured = true;
    for (const std::string& s : settings)
        if (std::find(g.settings.begin(), g.settings.end(), s) == g.settings.end())
            g.settings.push_back(s);
    std::sort(g.settings.begin(), g.settings.end());
}

void absorb(TriageGroup& into, TriageGroup&& from) {
    into.members.insert(into.members.end(), from.members.begin(), from.members.end());
    add_settings(into, from.settings_measured, from.settings);
    if (into.crash_frames.empty()) into.crash_frames = std::move(from.crash_frames);
    if (!into.ladder) into.ladder = std::move(from.ladder);
    for (std::string& v : from.versions)
        if (std::find(into.versions.begin(), into.versions.end(), v) == into.versions.end())
            into.versions.push_back(std::move(v));
    if (!from.first_seen.empty() && (into.first_seen.empty() || from.first_seen < into.first_seen))
        into.first_seen = from.first_seen;
    if (into.smallest.empty() ||
        (!from.smallest.empty() && from.smallest_size < into.smallest_size)) {
        into.smallest = from.smallest;
        into.smallest_size = from.smallest_size;
        into.reduced = from.reduced;
        into.sides = std::move(from.sides);
        into.evidence = std::move(from.evidence);
    }
}

VerdictEvidence evidence_of(const TriageGroup& g) {
    VerdictEvidence e{g.pattern,         g.sides, g.evidence.deoptimized,
                      g.evidence.unread, "",      g.known_id.empty() ? "" : g.status,
                      g.known_reason};
    if (g.ladder)
        e.ladder_range = g.ladder->range;
    else if (!g.known_fixed_in.empty())
        e.ladder_range = "fixed in " + g.known_fixed_in + ", as the known-bug list says";
    return e;
}

// Marks the groups of known bugs and merges the groups that one known bug lists (its
// group_signature and also_signatures) into one group under the bug's own signature.
void merge_known_groups(std::map<std::string, TriageGroup>& groups,
                        const std::vector<KnownBug>& known) {
    std::map<std::string, TriageGroup> merged;
    for (auto& [signature, g] : groups) {
        const KnownBug* b = known_bug_of(signature, g.dialect, known);
        if (!b) {
            merged.emplace(signature, std::move(g));
            continue;
        }
        auto [it, fresh] = merged.try_emplace(b->group_signature);
        if (fresh) {
            it->second = std::move(g);
            it->second.signature = b->group_signature;
        } else {
            if (signature == b->group_signature) {  // the bug's own group describes it
                it->second.pattern = g.pattern;
                it->second.features = g.features;
            }
            absorb(it->second, std::move(g));
        }
        it->second.status = b->status;
        it->second.known_id = b->id;
        it->second.known_title = b->title;
        it->second.known_reason = b->reason;
        it->second.known_fixed_in = b->fixed_in;
    }
    groups = std::move(merged);
}

}  // namespace

std::string group_ladder_text(const TriageGroup& g) {
    if (g.ladder) return ladder_text(*g.ladder);
    const fs::path member = g.reduced ? g.smallest.parent_path() : g.smallest;
    if (g.dialect == "sqlite" || g.dialect == "duckdb")
        return fmt::format("not bisected (eriq-gen replay {} --ladder {})", member.string(),
                           g.dialect);
    return "not bisected";
}

Triage triage_findings(const std::vector<fs::path>& out_dirs, const std::vector<KnownBug>& known) {
    Triage t;
    std::map<std::string, TriageGroup> by_signature;
    std::map<std::string, int> id_count;
    for (const fs::path& out : out_dirs) {
        if (!fs::is_directory(out)) continue;
        std::vector<fs::path> dirs;
        for (const auto& entry : fs::directory_iterator(out))
            if (entry.is_directory()) dirs.push_back(entry.path());
        std::sort(dirs.begin(), dirs.end());
        for (const fs::path& dir : dirs) {
            std::optional<FindingRecord> record;
            const bool reduced = fs::exists(dir / "reduced" / "finding.toml");
            FindingRecord best;
            try {
                record = read_finding_record(dir);
                if (!record) continue;
                best = reduced ? *read_finding_record(dir / "reduced") : *record;
            } catch (const LoadError& e) {
                t.skipped.push_back(fmt::format("finding folder left out: {}", e.what()));
                continue;
            }
            ++t.findings;
            if (++id_count[dir.filename().string()] == 2)
                t.repeated_ids.push_back(dir.filename().string());
            TriageGroup& g = by_signature[best.group_signature];
            const std::size_t size = best.intermediate_chars + best.referencing_chars;
            if (g.members.empty()) {
                g.signature = best.group_signature;
                g.pattern = best.pattern;
                g.dialect = best.dialect;
                g.features = best.group_features;
                g.first_seen = record->found_at;
            }
            g.members.push_back(dir);
            if (g.crash_frames.empty()) g.crash_frames = best.crash_frames;
            add_settings(g, best.settings_measured, best.setting_dependence);
            if (std::find(g.versions.begin(), g.versions.end(), record->server_version) ==
                g.versions.end())
                g.versions.push_back(record->server_version);
            if (!record->found_at.empty() &&
                (g.first_seen.empty() || record->found_at < g.first_seen))
                g.first_seen = record->found_at;
            auto ladder = read_ladder_record(dir);
            const bool smallest = g.smallest.empty() || size < g.smallest_size;
            if (ladder && (!g.ladder || smallest)) g.ladder = std::move(ladder);
            if (smallest) {
                g.smallest = reduced ? dir / "reduced" : dir;
                g.smallest_size = size;
                g.reduced = reduced;
                g.sides = best.groups;
                g.evidence = best.evidence;
            }
        }
    }
    merge_known_groups(by_signature, known);
    for (auto& [signature, g] : by_signature) {
        g.verdict = decide_group_verdict(evidence_of(g));
        t.groups.push_back(std::move(g));
    }
    std::stable_sort(t.groups.begin(), t.groups.end(),
                     [](const TriageGroup& a, const TriageGroup& b) {
                         return a.members.size() > b.members.size();
                     });
    return t;
}

std::string triage_text(const Triage& t) {
    std::string out = fmt::format("{} finding(s) in {} group(s)\n", t.findings, t.groups.size());
    if (!t.repeated_ids.empty()) {
        out +=
            fmt::format("{} finding id(s) appear in more than one folder:", t.repeated_ids.size());
        for (const auto& id : t.repeated_ids) out += " " + id;
        out += "\n";
    }
    for (const TriageGroup& g : t.groups) {
        std::string versions;
        for (const auto& v : g.versions) versions += (versions.empty() ? "" : ", ") + v;
        out += fmt::format("\n{}  {} finding(s)  {}  {} [{}]\n", g.signature, g.members.size(),
                           g.pattern, g.dialect, versions);
        out += fmt::format("  status: {}{}\n", g.status,
                           g.known_id.empty() ? "" : " (known: " + g.known_id + ")");
        out += fmt::format("  verdict: {}\n    because: {}\n", verdict_headline(g.verdict),
                           g.verdict.because);
        if (!g.known_title.empty()) out += fmt::format("  report: {}\n", g.known_title);
        if (g.resembles)
            out += fmt::format(
                "  resembles: {} ({} of {} features shared, {:.0f}% by weight; a hint, not a "
                "match)\n",
                g.resembles->id, g.resembles->shared, g.resembles->of, 100 * g.resembles->share);
        out += fmt::format("  first seen: {}\n", g.first_seen);
        out += fmt::format("  smallest: {}{}\n", g.smallest.string(),
                           g.reduced ? "" : " (not reduced)");
        std::string features;
        for (const auto& f : g.features)
            if (!f.starts_with("pattern:")) features += (features.empty() ? "" : ", ") + f;
        out += fmt::format("  features: {}\n", features);
        out += "  ladder: " + group_ladder_text(g) + "\n";
        if (!g.crash_frames.empty())
            out += fmt::format("  crash site: {}\n", crash_site_text(g.crash_frames));
        if (g.settings_measured)
            out += fmt::format("  depends on settings: {}\n",
                               g.settings.empty() ? "none of the dialect's optimizer variants"
                                                  : fmt::format("{}", fmt::join(g.settings, ", ")));
    }
    return out;
}

namespace {

// The facts only some groups have: a resemblance, a crash site, measured settings.
void write_optional_facts(JsonWriter& w, const TriageGroup& g) {
    if (g.resembles) {
        w.key("resembles");
        w.begin_object();
        w.key("id");
        w.string(g.resembles->id);
        w.key("shared");
        w.integer(static_cast<std::int64_t>(g.resembles->shared));
        w.key("of");
        w.integer(static_cast<std::int64_t>(g.resembles->of));
        w.key("share");
        w.number(g.resembles->share);
        w.end_object();
    }
    if (!g.crash_frames.empty()) {
        w.key("crash_frames");
        w.begin_array();
        for (const auto& f : g.crash_frames) w.string(f);
        w.end_array();
    }
    if (g.settings_measured) {
        w.key("settings");
        w.begin_array();
        for (const auto& setting : g.settings) w.string(setting);
        w.end_array();
    }
}

// "verdict": {"kind", "wrong", "because", "headline"}, "deoptimized": {"state", ...}.
void write_verdict(JsonWriter& w, const TriageGroup& g) {
    w.key("verdict");
    w.begin_object();
    w.key("kind");
    w.string(verdict_kind_name(g.verdict.kind));
    w.key("headline");
    w.string(verdict_headline(g.verdict));
    w.key("wrong");
    w.begin_array();
    for (const auto& name : g.verdict.wrong) w.string(name);
    w.end_array();
    w.key("because");
    w.string(g.verdict.because);
    w.end_object();
    w.key("deoptimized");
    w.begin_object();
    w.key("state");
    w.string(deoptimized_state_name(g.evidence.deoptimized.state));
    w.key("agrees_with");
    w.begin_array();
    for (const auto& name : g.evidence.deoptimized.agrees_with) w.string(name);
    w.end_array();
    w.key("split");
    w.string(g.evidence.deoptimized.split_pattern);
    w.end_object();
    w.key("unread_columns");
    w.begin_object();
    w.key("error");
    w.string(unread_state_name(g.evidence.unread.state));
    w.key("columns");
    w.begin_array();
    for (const auto& c : g.evidence.unread.columns) w.string(c);
    w.end_array();
    w.end_object();
}

}  // namespace

std::string triage_json(const Triage& t) {
    JsonWriter w;
    w.begin_object();
    w.key("findings");
    w.integer(static_cast<std::int64_t>(t.findings));
    w.key("groups");
    w.begin_array();
    for (const TriageGroup& g : t.groups) {
        w.begin_object();
        w.key("signature");
        w.string(g.signature);
        w.key("count");
        w.integer(static_cast<std::int64_t>(g.members.size()));
        w.key("pattern");
        w.string(g.pattern);
        w.key("first_seen");
        w.string(g.first_seen);
        w.key("smallest");
        w.string(g.smallest.string());
        w.key("reduced");
        w.boolean(g.reduced);
        w.key("dialect");
        w.string(g.dialect);
        w.key("version");
        w.string(g.versions.empty() ? "" : g.versions.front());
        w.key("versions");
        w.begin_array();
        for (const auto& v : g.versions) w.string(v);
        w.end_array();
        w.key("status");
        w.string(g.status);
        w.key("known_id");
        w.string(g.known_id);
        w.key("known_title");
        w.string(g.known_title);
        write_verdict(w, g);
        w.key("features");
        w.begin_array();
        for (const auto& f : g.features) w.string(f);
        w.end_array();
        w.key("ladder");
        if (g.ladder)
            write_ladder_json(w, *g.ladder);
        else
            w.null();
        write_optional_facts(w, g);
        w.key("members");
        w.begin_array();
        for (const auto& m : g.members) w.string(m.string());
        w.end_array();
        w.end_object();
    }
    w.end_array();
    w.key("repeated_ids");
    w.begin_array();
    for (const auto& id : t.repeated_ids) w.string(id);
    w.end_array();
    w.end_object();
    return w.str() + "\n";
}

}  // namespace eriq
