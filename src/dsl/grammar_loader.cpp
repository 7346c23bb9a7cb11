#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include <toml++/toml.h>

#include "dsl/grammar.hpp"
#include "dsl/grammar_limits.hpp"
#include "dsl/knob_limits.hpp"
#include "dsl/literal_formats_loader.hpp"
#include "dsl/parse.hpp"
#include "util/did_you_mean.hpp"
#include "util/load_error.hpp"
#include "util/toml_file.hpp"

namespace eriq::dsl {
namespace {

std::vector<std::string> read_lines(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// Where the characters of a TOML string value start, given where its quote starts.
Pos content_origin(const std::vector<std::string>& lines, const toml::source_position& at) {
    Pos p{at.line, at.column};
    if (at.line == 0 || at.line > lines.size()) return p;
    const std::string& line = lines[at.line - 1];
    std::size_t i = at.column - 1;
    auto triple = [&](char q) { return line.compare(i, 3, std::string(3, q)) == 0; };
    if (triple('\'') || triple('"')) {
        if (i + 3 >= line.size())
            return {at.line + 1, 1};  // a newline right after the quotes is trimmed
        return {at.line, at.column + 3};
    }
    return {at.line, at.column + 1};
}

Pos pos_of(const toml::node& n) {
    return {n.source().begin.line, n.source().begin.column};
}

// A knob value from a grammar or weights file: a number within the knob's limits.
void set_knob_from_toml(Grammar& g, const std::string& path, const std::string& name,
                        const toml::node& node) {
    auto p = pos_of(node);
    if (auto problem = name_problem("knob", name))
        throw LoadError(path, p.line, p.column, *problem);
    if (!node.is_number())
        throw LoadError(path, p.line, p.column, fmt::format("knob '{}' must be a number", name));
    const double v = *node.value<double>();
    if (auto problem = knob_value_problem(name, v))
        throw LoadError(path, p.line, p.column, *problem);
    g.knobs[name] = v;
    g.knob_origins[name] = {path, p, ++g.knob_settings};
}

std::vector<std::string> knob_names(const Grammar& g) {
    std::vector<std::string> names;
    for (const auto& [k, v] : g.knobs) names.push_back(k);
    return names;
}

const std::vector<std::string>& top_level_keys() {
    static const std::vector<std::string> keys{"dialect",     "include",  "scoped",  "knobs",
                                               "productions", "literals", "requires"};
    return keys;
}

void check_top_level_keys(const toml::table& doc, const std::string& path) {
    for (auto&& [key, node] : doc) {
        const std::string k(key.str());
        if (std::find(top_level_keys().begin(), top_level_keys().end(), k) ==
            top_level_keys().end())
            throw LoadError(path, key.source().begin.line, key.source().begin.column,
                            fmt::format("unknown key '{}'{} (expected dialect, include, scoped, "
                                        "knobs, productions, literals, requires)",
                                        k, did_you_mean(k, top_level_keys())));
    }
}

// The strings of the array `node`; an error says `not_array` or `not_string` otherwise.
std::vector<std::pair<std::string, Pos>> strings_of(const toml::node& node, const std::string& path,
                                                    const char* not_array, const char* not_string) {
    auto* arr = node.as_array();
    if (!arr) throw LoadError(path, pos_of(node).line, pos_of(node).column, not_array);
    std::vector<std::pair<std::string, Pos>> out;
    for (auto& f : *arr) {
        auto s = f.value<std::string>();
        if (!s) throw LoadError(path, pos_of(f).line, pos_of(f).column, not_string);
        out.emplace_back(*s, pos_of(f));
    }
    return out;
}

std::vector<RequiredName> required_names(const std::string& path, const toml::table& entry,
                                         const char* key) {
    std::vector<RequiredName> out;
    const toml::node* node = entry.get(key);
    if (!node) return out;
    const toml::array* names = node->as_array();
    if (!names)
        throw LoadError(path, pos_of(*node).line, pos_of(*node).column,
                        fmt::format("'{}' must be an array of names", key));
    for (const toml::node& name : *names) {
        if (!name.is_string())
            throw LoadError(path, pos_of(name).line, pos_of(name).column,
                            fmt::format("'{}' entries must be strings", key));
        out.push_back({**name.as_string(), path, pos_of(name)});
    }
    return out;
}

// [requires]: capability = { knobs = [...], productions = [...] }, joined over the includes.
void read_capability_needs(Grammar& g, const std::string& path, const toml::node& node) {
    const toml::table* table = node.as_table();
    if (!table)
        throw LoadError(path, pos_of(node).line, pos_of(node).column, "[requires] must be a table");
    for (auto&& [key, value] : *table) {
        const toml::table* entry = value.as_table();
        const Pos at{key.source().begin.line, key.source().begin.column};
        if (!entry)
            throw LoadError(path, at.line, at.column,
                            fmt::format("[requires] '{}' must be a table {{ knobs = [...], "
                                        "productions = [...] }}",
                                        key.str()));
        for (auto&& [field, ignored] : *entry)
            if (field.str() != "knobs" && field.str() != "productions")
                throw LoadError(path, field.source().begin.line, field.source().begin.column,
                                fmt::format("unknown key '{}' in [requires] '{}' (expected "
                                            "knobs, productions)",
                                            field.str(), key.str()));
        CapabilityNeeds& needs = g.capability_needs[std::string(key.str())];
        needs.at = {std::string(key.str()), path, at};
        for (auto& name : required_names(path, *entry, "knobs")) needs.knobs.push_back(name);
        for (auto& name : required_names(path, *entry, "productions"))
            needs.productions.push_back(name);
    }
}

void load_into(Grammar& g, const std::string& path, int depth);

void load_includes(Grammar& g, const toml::node& inc, const std::string& path, int depth) {
    for (const auto& [name, pos] : strings_of(inc, path, "include must be an array of file names",
                                              "include entries must be strings")) {
        auto full = std::filesystem::path(path).parent_path() / name;
        if (!std::filesystem::exists(full))
            throw LoadError(path, pos.line, pos.column,
                            fmt::format("included file '{}' not found", name));
        if (!std::filesystem::is_regular_file(full))
            throw LoadError(path, pos.line, pos.column,
                            fmt::format("included '{}' is not a file", name));
        std::error_code error;
        if (std::filesystem::equivalent(full, path, error))
            throw LoadError(path, pos.line, pos.column,
                            fmt::format("the file includes itself ('{}')", name));
        load_into(g, full.string(), depth + 1);
    }
}

void load_scoped(Grammar& g, const toml::node& sc, const std::string& path) {
    for (const auto& [name, pos] :
         strings_of(sc, path, "scoped must be an array of production names",
                    "scoped entries must be strings")) {
        g.scoped.insert(name);
        g.scoped_at[name] = {path, pos, 0};
    }
}

const toml::table& table_of(const toml::node& node, const std::string& path, const char* what) {
    auto* t = node.as_table();
    if (!t)
        throw LoadError(path, pos_of(node).line, pos_of(node).column,
                        fmt::format("[{}] must be a table", what));
    return *t;
}

void load_productions(Grammar& g, const toml::table& prods, const std::string& path) {
    const auto lines = read_lines(path);
    for (auto&& [key, node] : prods) {
        auto text = node.value<std::string>();
        auto p = pos_of(node);
        if (!text)
            throw LoadError(path, p.line, p.column,
                            fmt::format("production '{}' must be a string of DSL text", key.str()));
        const std::string name(key.str());
        const Pos at{key.source().begin.line, key.source().begin.column};
        if (auto problem = name_problem("production", name))
            throw LoadError(path, at.line, at.column, *problem);
        if (text->size() > kMaxProductionText)
            throw LoadError(path, p.line, p.column,
                            fmt::format("production '{}' is {} bytes of DSL text, more than the "
                                        "limit of {}",
                                        name, text->size(), kMaxProductionText));
        if (!g.productions.count(name) && g.productions.size() >= kMaxProductions)
            throw LoadError(
                path, at.line, at.column,
                fmt::format("more than {} productions (with the included files)", kMaxProductions));
        g.productions[name] =
            parse_production(name, *text, path, content_origin(lines, node.source().begin));
    }
}

void load_into(Grammar& g, const std::string& path, int depth) {
    if (depth > 8) throw LoadError(path, 1, 1, "include nesting deeper than 8 (a cycle?)");
    toml::table doc = parse_toml_file(path);
    check_top_level_keys(doc, path);
    if (auto* inc = doc.get("include")) load_includes(g, *inc, path, depth);
    if (auto* d = doc.get("dialect")) {
        if (!d->is_string())
            throw LoadError(path, pos_of(*d).line, pos_of(*d).column, "'dialect' must be a string");
        g.dialect = *d->value<std::string>();
        if (auto problem = name_problem("dialect", g.dialect))
            throw LoadError(path, pos_of(*d).line, pos_of(*d).column, *problem);
    }
    if (auto* sc = doc.get("scoped")) load_scoped(g, *sc, path);
    if (auto* knobs = doc.get("knobs"))
        for (auto&& [key, node] : table_of(*knobs, path, "knobs"))
            set_knob_from_toml(g, path, std::string(key.str()), node);
    if (auto* literals = doc.get("literals"))
        load_literal_formats(g.literals, table_of(*literals, path, "literals"), path);
    if (auto* needs = doc.get("requires")) read_capability_needs(g, path, *needs);
    if (auto* prods = doc.get("productions"))
        load_productions(g, table_of(*prods, path, "productions"), path);
}

}  // namespace

Grammar load_grammar(const std::string& path) {
    if (!std::filesystem::exists(path)) throw LoadError(path, 1, 1, "grammar file not found");
    Grammar g;
    g.file = path;
    load_into(g, path, 0);
    return g;
}

void override_knob(Grammar& g, const std::string& name, double value) {
    if (!g.knobs.count(name))
        throw std::invalid_argument(fmt::format("--weight {}={}: unknown knob '{}' in grammar {}{}",
                                                name, value, name, g.file,
                                                did_you_mean(name, knob_names(g))));
    if (auto problem = knob_value_problem(name, value))
        throw std::invalid_argument(fmt::format("--weight {}={}: {}", name, value, *problem));
    g.knobs[name] = value;
    g.knob_origins[name] = {"", {}, ++g.knob_settings};
}

void override_knobs_from_file(Grammar& g, const std::string& path) {
    if (!std::filesystem::exists(path)) throw LoadError(path, 1, 1, "weights file not found");
    toml::table doc = parse_toml_file(path);
    const toml::table* t = &doc;
    if (auto* k = doc.get("knobs")) {
        if (!k->is_table())
            throw LoadError(path, pos_of(*k).line, pos_of(*k).column, "[knobs] must be a table");
        for (auto&& [key, node] : doc)
            if (key.str() != "knobs")
                throw LoadError(path, key.source().begin.line, key.source().begin.column,
                                fmt::format("unknown key '{}' beside [knobs]: a weights file "
                                            "holds knob = value lines, optionally under [knobs]",
                                            key.str()));
        t = k->as_table();
    }
    for (auto&& [key, node] : *t) {
        const std::string name(key.str());
        if (auto problem = name_problem("knob", name))
            throw LoadError(path, key.source().begin.line, key.source().begin.column, *problem);
        if (!g.knobs.count(name))
            throw LoadError(path, key.source().begin.line, key.source().begin.column,
                            fmt::format("unknown knob '{}' in grammar {}{}", name, g.file,
                                        did_you_mean(name, knob_names(g))));
        set_knob_from_toml(g, path, name, node);
    }
}

}  // namespace eriq::dsl
