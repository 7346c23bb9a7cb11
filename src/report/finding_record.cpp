#include "report/finding_record.hpp"

#include <chrono>
#include <sstream>

#include <fmt/chrono.h>
#include <fmt/format.h>

#include "oracle/normalize.hpp"
#include "report/group_signature.hpp"
#include "report/pattern_text.hpp"
#include "report/report_files.hpp"
#include "util/load_error.hpp"
#include "util/toml_file.hpp"

namespace eriq {

FindingRecord make_finding_record(const std::string& id, const std::string& signature,
                                  const TestCase& tc, const CaseOutcome& outcome,
                                  const GroupingContext& grouping) {
    FindingRecord r;
    r.id = id;
    r.signature = signature;
    r.pattern = outcome.classification.pattern;
    r.groups = outcome.classification.groups;
    r.verdict = verdict_name(outcome.verdict);
    if (outcome.verdict == Verdict::ServerFault) r.pattern = "server_fault";
    r.crash_frames = outcome.crash_frames;
    GroupKey key =
        !r.crash_frames.empty()
            ? crash_group_key(r.crash_frames)
            : group_key(tc,
                        outcome.verdict == Verdict::ServerFault
                            ? r.pattern
                            : grouping_pattern(outcome.classification, grouping.side_depends_on_q),
                        grouping.type_families);
    r.group_signature = key.signature;
    r.group_features = key.features;
    r.dialect = tc.dialect;
    r.seed = tc.seed;
    r.found_at = utc_now_iso();
    r.statements = tc.schema.size() + tc.rows.size() + 2;
    r.intermediate_chars = tc.intermediate.size();
    r.referencing_chars = referencing_for_display(tc.referencing).size();
    for (const VariantOutcome& v : outcome.variants) {
        std::vector<std::string> rows;
        if (!v.ok) rows.push_back("error: " + v.error_kind);
        for (const auto& row : v.result.rows) {
            if (rows.size() == kRecordedRows) break;
            std::string line;
            for (std::size_t i = 0; i < row.size(); ++i)
                line += (i ? " | " : "") + to_display(row[i]);
            rows.push_back(std::move(line));
        }
        r.results.emplace_back(v.variant.representation, std::move(rows));
    }
    return r;
}

std::string finding_toml(const FindingRecord& r) {
    toml::table t;
    t.insert("id", r.id);
    t.insert("signature", r.signature);
    t.insert("group_signature", r.group_signature);
    toml::array features;
    for (const auto& f : r.group_features) features.push_back(f);
    t.insert("group_features", features);
    t.insert("pattern", r.pattern);
    toml::array groups;
    for (const auto& g : r.groups) {
        toml::array names;
        for (const auto& n : g) names.push_back(n);
        groups.push_back(names);
    }
    t.insert("groups", groups);
    t.insert("verdict", r.verdict);
    t.insert("dialect", r.dialect);
    t.insert("server_version", r.server_version);
    t.insert("driver_library", r.driver_library);
    t.insert("seed", fmt::format("{}", r.seed));  // TOML integers are signed 64-bit
    t.insert("run", r.run);
    t.insert("found_at", r.found_at);
    t.insert("reduced", r.reduced);
    t.insert("statements", static_cast<std::int64_t>(r.statements));
    t.insert("intermediate_chars", static_cast<std::int64_t>(r.intermediate_chars));
    t.insert("referencing_chars", static_cast<std::int64_t>(r.referencing_chars));
    t.insert("reduction_seconds", r.reduction_seconds);
    t.insert("reduction_tests", static_cast<std::int64_t>(r.reduction_tests));
    if (r.settings_measured) {
        toml::array settings;
        for (const auto& s : r.setting_dependence) settings.push_back(s);
        t.insert("setting_dependence", settings);
    }
    if (r.evidence.deoptimized.state != DeoptimizedReference::State::NotMeasured) {
        t.insert("deoptimized", deoptimized_state_name(r.evidence.deoptimized.state));
        if (r.evidence.deoptimized.state == DeoptimizedReference::State::OneResult) {
            toml::array agrees;
            for (const auto& n : r.evidence.deoptimized.agrees_with) agrees.push_back(n);
            t.insert("deoptimized_agrees_with", agrees);
        }
        if (!r.evidence.deoptimized.split_pattern.empty())
            t.insert("deoptimized_split", r.evidence.deoptimized.split_pattern);
    }
    if (r.evidence.deoptimized.state != DeoptimizedReference::State::NotMeasured)
        t.insert("evidence_seconds", r.evidence.seconds);
    if (r.evidence.unread.state != UnreadColumnsCheck::State::NotMeasured) {
        t.insert("unread_columns_error", unread_state_name(r.evidence.unread.state));
        toml::array columns;
        for (const auto& c : r.evidence.unread.columns) columns.push_back(c);
        t.insert("unread_columns", columns);
    }
    if (!r.crash_frames.empty()) {
        toml::array frames;
        for (const auto& f : r.crash_frames) frames.push_back(f);
        t.insert("crash_frames", frames);
    }
    toml::table results;
    for (const auto& [name, rows] : r.results) {
        toml::array a;
        for (const auto& row : rows) a.push_back(row);
        results.insert(name, a);
    }
    t.insert("results", results);
    std::ostringstream out;
    out << "# eriq finding (eriq-gen triage reads this file)\n" << t << "\n";
    return out.str();
}

std::string case_toml(const TestCase& tc, const std::string& dialect) {
    toml::table t;
    t.insert("dialect", dialect);
    toml::array schema;
    for (const auto& s : tc.schema) schema.push_back(s);
    t.insert("schema", schema);
    toml::array rows;
    for (const auto& s : tc.rows) rows.push_back(s);
    t.insert("rows", rows);
    t.insert("intermediate", tc.intermediate);
    t.insert("referencing", referencing_for_display(tc.referencing));
    if (!tc.outer.empty()) t.insert("outer", outer_for_display(tc.outer));
    if (tc.ordered) t.insert("ordered", true);
    if (!tc.session.empty()) {
        toml::array session;
        for (const auto& s : tc.session) session.push_back(s);
        t.insert("session", session);
    }
    auto insert_names = [&](const char* key, const std::vector<std::string>& names) {
        if (names.empty()) return;
        toml::array list;
        for (const auto& n : names) list.push_back(n);
        t.insert(key, list);
    };
    insert_names("representations", tc.representations);
    insert_names("skip_representations", tc.skip_representations);
    std::ostringstream out;
    out << "# eriq-gen --case this file (x in referencing is the intermediate result)\n"
        << t << "\n";
    return out.str();
}

namespace {

enum class Shape { Text, Flag, Whole, Number, Texts, TextLists, TextListTable };

struct KeyShape {
    const char* key;
    Shape shape;
    const char* expected;
};

constexpr KeyShape kShapes[] = {
    {"id", Shape::Text, "a string"},
    {"signature", Shape::Text, "a string"},
    {"group_signature", Shape::Text, "a string"},
    {"pattern", Shape::Text, "a string"},
    {"verdict", Shape::Text, "a string"},
    {"dialect", Shape::Text, "a string"},
    {"server_version", Shape::Text, "a string"},
    {"driver_library", Shape::Text, "a string"},
    {"seed", Shape::Text, "a string of digits"},
    {"run", Shape::Text, "a string"},
    {"found_at", Shape::Text, "a string"},
    {"reduced", Shape::Flag, "true or false"},
    {"statements", Shape::Whole, "a whole number"},
    {"intermediate_chars", Shape::Whole, "a whole number"},
    {"referencing_chars", Shape::Whole, "a whole number"},
    {"reduction_tests", Shape::Whole, "a whole number"},
    {"reduction_seconds", Shape::Number, "a number"},
    {"group_features", Shape::Texts, "an array of strings"},
    {"setting_dependence", Shape::Texts, "an array of strings"},
    {"crash_frames", Shape::Texts, "an array of strings"},
    {"deoptimized", Shape::Text, "a string"},
    {"deoptimized_agrees_with", Shape::Texts, "an array of strings"},
    {"deoptimized_split", Shape::Text, "a string"},
    {"unread_columns_error", Shape::Text, "a string"},
    {"evidence_seconds", Shape::Number, "a number"},
    {"unread_columns", Shape::Texts, "an array of strings"},
    {"groups", Shape::TextLists, "an array of arrays of strings"},
    {"results", Shape::TextListTable, "a table of arrays of strings"},
};

bool all_strings(const toml::node& node) {
    const toml::array* a = node.as_array();
    if (a == nullptr) return false;
    for (const toml::node& e : *a)
        if (!e.is_string()) return false;
    return true;
}

bool fits(const toml::node& node, Shape shape) {
    switch (shape) {
        case Shape::Text:
            return node.is_string();
        case Shape::Flag:
            return node.is_boolean();
        case Shape::Whole:
            return node.is_integer() && *node.value<std::int64_t>() >= 0;
        case Shape::Number:
            return node.is_number();
        case Shape::Texts:
            return all_strings(node);
        case Shape::TextLists:
            if (!node.is_array()) return false;
            for (const toml::node& e : *node.as_array())
                if (!all_strings(e)) return false;
            return true;
        case Shape::TextListTable:
            if (!node.is_table()) return false;
            for (const auto& [name, e] : *node.as_table())
                if (!all_strings(e)) return false;
            return true;
    }
    return false;
}

// Throws LoadError (path:line:col) for a key of the wrong type, or a missing or malformed id,
// dialect, group_signature or pattern, so that an empty, truncated or hand-edited file is
// refused instead of becoming a group with an empty signature. Keys eriq does not read are
// left alone.
void check_finding_table(const toml::table& t, const std::string& path) {
    for (const KeyShape& k : kShapes) {
        const toml::node* node = t.get(k.key);
        if (node == nullptr) continue;
        if (!fits(*node, k.shape)) {
            const auto& at = node->source().begin;
            throw LoadError(path, at.line, at.column,
                            fmt::format("'{}' must be {}", k.key, k.expected));
        }
    }
    for (const char* key : {"id", "dialect", "group_signature", "pattern"})
        if (t[key].value_or(std::string()).empty())
            throw LoadError(path, 1, 1,
                            fmt::format("no '{}': not a finding.toml written by eriq-gen", key));
    const toml::node& signature = *t.get("group_signature");
    if (!is_group_signature(*signature.value<std::string>()))
        throw LoadError(path, signature.source().begin.line, signature.source().begin.column,
                        fmt::format("'{}' is not a group signature ('g' and 12 hex digits)",
                                    *signature.value<std::string>()));
    if (const toml::node* d = t.get("deoptimized")) {
        DeoptimizedReference::State state;
        if (!deoptimized_state_from_name(*d->value<std::string>(), state))
            throw LoadError(path, d->source().begin.line, d->source().begin.column,
                            "'deoptimized' must be one of \"no settings\", \"one result\", "
                            "\"split\", \"failed\"");
    }
    if (const toml::node* u = t.get("unread_columns_error")) {
        UnreadColumnsCheck::State state;
        if (!unread_state_from_name(*u->value<std::string>(), state))
            throw LoadError(path, u->source().begin.line, u->source().begin.column,
                            "'unread_columns_error' must be one of \"none unread\", "
                            "\"explained\", \"not explained\"");
    }
    const toml::node& pattern = *t.get("pattern");
    if (auto problem = pattern_problem(*pattern.value<std::string>()))
        throw LoadError(path, pattern.source().begin.line, pattern.source().begin.column,
                        "pattern " + *problem);
}

}  // namespace

std::optional<FindingRecord> read_finding_record(const std::filesystem::path& dir) {
    const auto path = dir / "finding.toml";
    if (!std::filesystem::exists(path)) return std::nullopt;
    toml::table t = parse_toml_file(path.string());
    check_finding_table(t, path.string());
    FindingRecord r;
    auto text = [&](const char* key) { return t[key].value_or(std::string()); };
    r.id = text("id");
    r.signature = text("signature");
    r.group_signature = text("group_signature");
    if (auto* a = t["group_features"].as_array())
        for (const auto& f : *a) r.group_features.push_back(f.value_or(std::string()));
    r.pattern = text("pattern");
    if (auto* a = t["groups"].as_array()) {
        for (const auto& g : *a) {
            std::vector<std::string> names;
            if (auto* inner = g.as_array())
                for (const auto& n : *inner) names.push_back(n.value_or(std::string()));
            r.groups.push_back(std::move(names));
        }
    }
    r.verdict = text("verdict");
    r.dialect = text("dialect");
    r.server_version = text("server_version");
    r.driver_library = text("driver_library");
    r.seed = std::strtoull(text("seed").c_str(), nullptr, 10);
    r.run = text("run");
    r.found_at = text("found_at");
    r.reduced = t["reduced"].value_or(false);
    r.statements = static_cast<std::size_t>(t["statements"].value_or(std::int64_t{0}));
    r.intermediate_chars =
        static_cast<std::size_t>(t["intermediate_chars"].value_or(std::int64_t{0}));
    r.referencing_chars =
        static_cast<std::size_t>(t["referencing_chars"].value_or(std::int64_t{0}));
    r.reduction_seconds = t["reduction_seconds"].value_or(0.0);
    r.reduction_tests = static_cast<int>(t["reduction_tests"].value_or(std::int64_t{0}));
    if (auto* a = t["setting_dependence"].as_array()) {
        r.settings_measured = true;
        for (const auto& s : *a) r.setting_dependence.push_back(s.value_or(std::string()));
    }
    if (auto* a = t["crash_frames"].as_array())
        for (const auto& f : *a) r.crash_frames.push_back(f.value_or(std::string()));
    deoptimized_state_from_name(text("deoptimized"), r.evidence.deoptimized.state);
    if (auto* a = t["deoptimized_agrees_with"].as_array())
        for (const auto& n : *a)
            r.evidence.deoptimized.agrees_with.push_back(n.value_or(std::string()));
    r.evidence.deoptimized.split_pattern = text("deoptimized_split");
    unread_state_from_name(text("unread_columns_error"), r.evidence.unread.state);
    r.evidence.seconds = t["evidence_seconds"].value_or(0.0);
    if (auto* a = t["unread_columns"].as_array())
        for (const auto& c : *a) r.evidence.unread.columns.push_back(c.value_or(std::string()));
    if (auto* results = t["results"].as_table()) {
        for (const auto& [name, node] : *results) {
            std::vector<std::string> rows;
            if (auto* a = node.as_array())
                for (const auto& row : *a) rows.push_back(row.value_or(std::string()));
            r.results.emplace_back(std::string(name.str()), std::move(rows));
        }
    }
    return r;
}

std::string utc_now_iso() {
    const auto now = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
    return fmt::format("{:%Y-%m-%dT%H:%M:%SZ}", now);
}

}  // namespace eriq
