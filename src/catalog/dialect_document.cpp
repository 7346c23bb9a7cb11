#include "catalog/dialect_document.hpp"

#include <algorithm>
#include <filesystem>
#include <set>
#include <vector>

#include <fmt/format.h>

#include "util/load_error.hpp"
#include "util/toml_file.hpp"

namespace eriq {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kNamedArrays[] = {"type", "function", "aggregate"};

bool named_array(std::string_view key) {
    return std::find(std::begin(kNamedArrays), std::end(kNamedArrays), key) !=
           std::end(kNamedArrays);
}

[[noreturn]] void fail(const std::string& file, const toml::source_region& where,
                       const std::string& message) {
    throw LoadError(where.path ? *where.path : file, where.begin.line, where.begin.column, message);
}

std::string name_of(const toml::node& entry) {
    const toml::table* table = entry.as_table();
    const toml::node* name = table ? table->get("name") : nullptr;
    return name && name->is_string() ? **name->as_string() : std::string();
}

// The name whose inherited entries an entry takes the place of: `replaces`, else its name.
std::string target_of(const std::string& file, toml::node& entry,
                      const std::set<std::string>& inherited) {
    toml::table* table = entry.as_table();
    toml::node* replaces = table ? table->get("replaces") : nullptr;
    if (!replaces) return name_of(entry);
    if (!replaces->is_string())
        fail(file, replaces->source(), "'replaces' must be the name of an inherited entry");
    if (!inherited.count(**replaces->as_string()))
        fail(file, replaces->source(),
             fmt::format("'replaces' names '{}', which no included file declares",
                         **replaces->as_string()));
    std::string target = **replaces->as_string();
    table->erase("replaces");
    return target;
}

// `own` entries over `inherited` ones (both arrays of tables), by name.
toml::array merge_named(const std::string& file, toml::array& inherited, toml::array& own) {
    std::vector<std::pair<std::string, toml::node*>> mine;
    std::set<std::string> inherited_names;
    for (auto& entry : inherited) inherited_names.insert(name_of(entry));
    for (auto& entry : own) mine.emplace_back(target_of(file, entry, inherited_names), &entry);
    toml::array out;
    std::set<std::string> placed;
    auto place = [&](const std::string& target) {
        if (!placed.insert(target).second) return;
        for (auto& [name, entry] : mine)
            if (name == target) out.push_back(std::move(*entry));
    };
    for (auto& entry : inherited) {
        const std::string name = name_of(entry);
        const bool overridden =
            std::any_of(mine.begin(), mine.end(), [&](const auto& m) { return m.first == name; });
        if (overridden)
            place(name);
        else
            out.push_back(std::move(entry));
    }
    for (auto& [name, entry] : mine)
        if (!inherited_names.count(name)) out.push_back(std::move(*entry));
    return out;
}

// Puts `inherited` under `own`: `own` keeps what it sets.
void merge_under(const std::string& file, toml::table& own, toml::table& inherited) {
    for (auto&& [key, node] : inherited) {
        toml::node* mine = own.get(key.str());
        if (!mine) {
            own.insert(key, std::move(node));
        } else if (named_array(key.str()) && mine->is_array() && node.is_array()) {
            toml::array merged = merge_named(file, *node.as_array(), *mine->as_array());
            *mine->as_array() = std::move(merged);
        } else if (mine->is_table() && node.is_table()) {
            for (auto&& [sub, value] : *node.as_table())
                if (!mine->as_table()->get(sub.str()))
                    mine->as_table()->insert(sub, std::move(value));
        }
    }
}

void remove_names(const std::string& file, toml::array& entries, const toml::node& names,
                  std::string_view key) {
    const toml::array* list = names.as_array();
    if (!list)
        fail(file, names.source(), fmt::format("[remove] '{}' must be an array of names", key));
    for (const toml::node& item : *list) {
        const std::string name = item.is_string() ? **item.as_string() : std::string();
        const std::size_t before = entries.size();
        for (std::size_t i = entries.size(); i-- > 0;)
            if (name_of(entries[i]) == name)
                entries.erase(entries.begin() + static_cast<std::ptrdiff_t>(i));
        if (name.empty() || entries.size() == before)
            fail(file, item.source(),
                 fmt::format("[remove] names {} '{}', which no included file declares", key, name));
    }
}

// Applies this file's [remove] table to what it inherited.
void apply_removals(const std::string& file, const toml::node& remove, toml::table& inherited) {
    const toml::table* table = remove.as_table();
    if (!table) fail(file, remove.source(), "'remove' must be a table");
    for (auto&& [key, value] : *table) {
        toml::node* target = inherited.get(key.str());
        if (named_array(key.str())) {
            if (!target || !target->is_array())
                fail(file, key.source(),
                     fmt::format("[remove] '{}': nothing of that kind is inherited", key.str()));
            remove_names(file, *target->as_array(), value, key.str());
            continue;
        }
        if (!value.is_boolean() || !value.as_boolean()->get())
            fail(file, value.source(),
                 fmt::format("[remove] '{}' must be true (drops the inherited key)", key.str()));
        if (!target)
            fail(file, key.source(),
                 fmt::format("[remove] names '{}', which no included file sets", key.str()));
        inherited.erase(key.str());
    }
}

toml::table read_with_includes(const std::string& path, std::vector<std::string>& chain) {
    toml::table doc = parse_toml_file(path);
    toml::table inherited;
    if (toml::node* include = doc.get("include")) {
        const toml::array* files = include->as_array();
        if (!files) fail(path, include->source(), "'include' must be an array of file names");
        for (const toml::node& item : *files) {
            if (!item.is_string() || item.as_string()->get().empty())
                fail(path, item.source(), "'include' entries must be file names");
            const fs::path full = fs::path(path).parent_path() / **item.as_string();
            if (!fs::exists(full))
                fail(path, item.source(),
                     fmt::format("included dialect file '{}' not found", **item.as_string()));
            if (!fs::is_regular_file(full))
                fail(path, item.source(),
                     fmt::format("included '{}' is not a file", **item.as_string()));
            const std::string canonical = fs::weakly_canonical(full).string();
            if (std::find(chain.begin(), chain.end(), canonical) != chain.end())
                fail(path, item.source(),
                     fmt::format("include cycle: '{}' includes itself through '{}'",
                                 full.filename().string(), fs::path(path).filename().string()));
            chain.push_back(canonical);
            toml::table base = read_with_includes(full.string(), chain);
            chain.pop_back();
            merge_under(path, base, inherited);
            inherited = std::move(base);
        }
        doc.erase("include");
    }
    if (toml::node* remove = doc.get("remove")) {
        apply_removals(path, *remove, inherited);
        doc.erase("remove");
    }
    merge_under(path, doc, inherited);
    return doc;
}

}  // namespace

toml::table read_dialect_document(const std::string& path) {
    std::vector<std::string> chain{fs::weakly_canonical(path).string()};
    return read_with_includes(path, chain);
}

}  // namespace eriq
