// load_known_bugs (report/triage.hpp): known-bugs/<dialect>.toml with the schema checks of the
// other data files: every key of its type, ids and signatures unique over all the files,
// signatures and patterns of the shape findings have (report/pattern_text.hpp).
#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "report/pattern_text.hpp"
#include "report/triage.hpp"
#include "util/toml_file.hpp"

namespace eriq {

namespace fs = std::filesystem;

namespace {

const std::set<std::string> kKnownBugStatuses = {"new", "reported", "fixed", "not_a_bug"};
const std::set<std::string> kStringKeys = {
    "id",   "group_signature", "pattern", "status", "summary", "case",
    "link", "fixed_in",        "reason",  "title",  "report"};
const std::set<std::string> kListKeys = {"also_signatures", "reproduces_in",
                                         "does_not_reproduce_in"};

LoadError error_at(const fs::path& file, const toml::node& node, const std::string& what) {
    const auto& at = node.source().begin;
    return LoadError(file.string(), at.line, at.column, what);
}

// The strings of an array key ([] when absent).
std::vector<std::string> string_list(const toml::table& entry, const char* key,
                                     const fs::path& file) {
    std::vector<std::string> out;
    const toml::node* node = entry.get(key);
    if (node == nullptr) return out;
    const toml::array* list = node->as_array();
    if (list == nullptr)
        throw error_at(file, *node, fmt::format("'{}' must be an array of strings", key));
    for (const auto& v : *list) {
        if (!v.is_string()) throw error_at(file, v, fmt::format("{} holds strings", key));
        out.push_back(v.value_or(std::string()));
    }
    return out;
}

void check_key_types(const toml::table& entry, const fs::path& file) {
    for (const auto& [key, value] : entry) {
        const std::string k(key.str());
        if (kStringKeys.count(k)) {
            if (!value.is_string())
                throw error_at(file, value, fmt::format("'{}' must be a string", k));
        } else if (!kListKeys.count(k)) {
            throw error_at(file, value, fmt::format("unknown key '{}' in [[bug]]", k));
        }
    }
}

KnownBug known_bug_entry(const toml::node& node, const fs::path& file) {
    const toml::table* entry = node.as_table();
    if (!entry) throw error_at(file, node, "a [[bug]] must be a table");
    check_key_types(*entry, file);
    KnownBug b;
    b.dialect = file.stem().string();
    b.file = file.string();
    b.line = node.source().begin.line;
    b.column = node.source().begin.column;
    auto text = [&](const char* key) { return (*entry)[key].value_or(std::string()); };
    b.id = text("id");
    b.group_signature = text("group_signature");
    b.pattern = text("pattern");
    b.status = text("status");
    b.summary = text("summary");
    b.case_file = text("case");
    if (const toml::node* c = entry->get("case")) {
        b.case_line = c->source().begin.line;
        b.case_column = c->source().begin.column;
    }
    b.link = text("link");
    b.fixed_in = text("fixed_in");
    b.reason = text("reason");
    b.title = text("title");
    b.report = text("report");
    b.reproduces_in = string_list(*entry, "reproduces_in", file);
    b.does_not_reproduce_in = string_list(*entry, "does_not_reproduce_in", file);
    b.also_signatures = string_list(*entry, "also_signatures", file);
    if (b.id.empty() || b.group_signature.empty())
        throw error_at(file, node, "a [[bug]] needs an id and a group_signature");
    if (!kKnownBugStatuses.count(b.status))
        throw error_at(file, node,
                       "status must be new, reported, fixed or not_a_bug, got '" + b.status + "'");
    if (b.status == "not_a_bug" && b.reason.empty())
        throw error_at(file, node,
                       "a not_a_bug entry needs the reason (SQL semantics or the manual)");
    if (!b.pattern.empty())
        if (auto problem = pattern_problem(b.pattern))
            throw error_at(file, *entry->get("pattern"), "pattern " + *problem);
    return b;
}

// Where each signature and id was first given, to refuse a second one.
struct Seen {
    std::map<std::string, std::string> ids;         // id -> file:line of its entry
    std::map<std::string, std::string> signatures;  // signature -> id
};

void check_unique(const KnownBug& b, const toml::table& entry, const fs::path& file, Seen& seen) {
    const auto [it, fresh] = seen.ids.emplace(b.id, fmt::format("{}:{}", b.file, b.line));
    if (!fresh)
        throw error_at(
            file, *entry.get("id"),
            fmt::format("id '{}' is already the id of the [[bug]] at {}", b.id, it->second));
    const toml::array* also = entry["also_signatures"].as_array();
    for (std::size_t i = 0; i <= b.also_signatures.size(); ++i) {
        const std::string& signature = i == 0 ? b.group_signature : b.also_signatures[i - 1];
        const toml::node& at = i == 0 ? *entry.get("group_signature") : *also->get(i - 1);
        if (!is_group_signature(signature))
            throw error_at(file, at,
                           fmt::format("'{}' is not a group signature ('g' and 12 hex digits, as "
                                       "finding.toml's group_signature)",
                                       signature));
        const auto [other, unseen] = seen.signatures.emplace(b.dialect + " " + signature, b.id);
        if (!unseen)
            throw error_at(
                file, at,
                other->second == b.id
                    ? fmt::format("signature {} is listed twice in this [[bug]]", signature)
                    : fmt::format("signature {} already belongs to the known bug '{}'", signature,
                                  other->second));
    }
}

}  // namespace

std::vector<KnownBug> load_known_bugs(const fs::path& dir) {
    std::vector<KnownBug> out;
    if (!fs::is_directory(dir)) return out;
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(dir))
        if (entry.path().extension() == ".toml") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    Seen seen;
    for (const fs::path& file : files) {
        toml::table t = parse_toml_file(file.string());
        for (const auto& [key, node] : t)
            if (key.str() != "bug")
                throw error_at(
                    file, node,
                    fmt::format("unknown key '{}' (a list of [[bug]] entries)", key.str()));
        const toml::node* bugs = t.get("bug");
        if (bugs == nullptr) continue;
        if (!bugs->is_array_of_tables())
            throw error_at(file, *bugs, "'bug' must be a list of [[bug]] tables");
        for (const auto& node : *bugs->as_array()) {
            out.push_back(known_bug_entry(node, file));
            check_unique(out.back(), *node.as_table(), file, seen);
        }
    }
    return out;
}

}  // namespace eriq
