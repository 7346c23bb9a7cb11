#include "catalog/toml_fields.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "catalog/sql_template.hpp"
#include "util/did_you_mean.hpp"
#include "util/load_error.hpp"

namespace eriq {

namespace {

// Weights above this are typos (1e308 makes every other choice vanish).
constexpr double kMaxWeight = 1e6;

}  // namespace

bool has_key(Keys keys, std::string_view key) {
    return std::find(keys.begin(), keys.end(), key) != keys.end();
}

std::string joined_keys(Keys keys) {
    std::string out;
    for (std::string_view key : keys) {
        if (!out.empty()) out += ", ";
        out += key;
    }
    return out;
}

void TomlFields::fail(const toml::source_region& where, const std::string& message) const {
    throw LoadError(where.path ? *where.path : file_, where.begin.line, where.begin.column,
                    message);
}

void TomlFields::check_keys(const toml::table& table, Keys allowed,
                            std::string_view context) const {
    for (auto&& [key, value] : table) {
        if (!has_key(allowed, key.str()))
            fail(key.source(),
                 fmt::format("unknown key '{}' in {}{}; expected one of: {}", key.str(), context,
                             did_you_mean(key.str(), {allowed.begin(), allowed.end()}),
                             joined_keys(allowed)));
    }
}

const toml::node& TomlFields::required(const toml::table& table, std::string_view key,
                                       std::string_view context) const {
    const toml::node* node = table.get(key);
    if (!node) fail(table.source(), fmt::format("{} lacks required key '{}'", context, key));
    return *node;
}

std::string TomlFields::text(const toml::node& node, std::string_view what) const {
    const auto* value = node.as_string();
    if (!value) fail(node.source(), fmt::format("'{}' must be a string", what));
    return value->get();
}

std::string TomlFields::nonempty_text(const toml::node& node, std::string_view what) const {
    std::string value = text(node, what);
    if (value.empty()) fail(node.source(), fmt::format("'{}' must not be empty", what));
    return value;
}

std::vector<std::string> TomlFields::texts(const toml::node& node, std::string_view what) const {
    const auto* items = node.as_array();
    if (!items) fail(node.source(), fmt::format("'{}' must be an array of strings", what));
    std::vector<std::string> out;
    for (const toml::node& item : *items) out.push_back(nonempty_text(item, what));
    return out;
}

bool TomlFields::flag(const toml::node& node, std::string_view what) const {
    const auto* value = node.as_boolean();
    if (!value) fail(node.source(), fmt::format("'{}' must be true or false", what));
    return value->get();
}

double TomlFields::number(const toml::node& node, std::string_view what) const {
    if (!node.is_number()) fail(node.source(), fmt::format("'{}' must be a number", what));
    double value = *node.value<double>();
    if (!std::isfinite(value))
        fail(node.source(), fmt::format("'{}' must be a finite number", what));
    return value;
}

double TomlFields::weight(const toml::table& table) const {
    const toml::node* node = table.get("weight");
    if (!node) return 1;
    double value = number(*node, "weight");
    if (value < 0 || value > kMaxWeight)
        fail(node->source(), fmt::format("'weight' must be from 0 to {}", kMaxWeight));
    return value;
}

int TomlFields::small_count(const toml::node& node, std::string_view what) const {
    const auto* value = node.as_integer();
    if (!value || value->get() < 0 || value->get() > 1000000)
        fail(node.source(), fmt::format("'{}' must be an integer from 0 to 1000000", what));
    return static_cast<int>(value->get());
}

const toml::table& TomlFields::table_of(const toml::node& node, std::string_view what) const {
    const auto* table = node.as_table();
    if (!table) fail(node.source(), fmt::format("'{}' must be a table", what));
    return *table;
}

std::vector<const toml::table*> TomlFields::tables_of(const toml::table& root,
                                                      std::string_view key) const {
    std::vector<const toml::table*> out;
    const toml::node* node = root.get(key);
    if (!node) return out;
    const auto* items = node->as_array();
    if (!items)
        fail(node->source(), fmt::format("'{}' must be written as [[{}]] tables", key, key));
    for (const toml::node& item : *items) {
        if (!item.is_table())
            fail(item.source(), fmt::format("'{}' must be written as [[{}]] tables", key, key));
        out.push_back(item.as_table());
    }
    return out;
}

std::string TomlFields::statement_with(const toml::node& node, std::string_view what,
                                       std::string_view placeholder) const {
    std::string value = nonempty_text(node, what);
    if (value.find(placeholder) == std::string::npos)
        fail(node.source(), fmt::format("'{}' must contain {}", what, placeholder));
    return value;
}

namespace {

// The first brace outside quotes that is not part of a placeholder {N} (npos: none), so that
// a typo such as ({0} + {1) is refused instead of sent as SQL text. Braces inside '...' or
// "..." are SQL (format('{}|{}', ...), '{a,b}').
std::size_t stray_brace(const std::string& tmpl) {
    const std::vector<TemplatePlaceholder> placeholders = template_placeholders(tmpl);
    std::size_t next = 0;  // the next placeholder not passed yet
    for (std::size_t i = 0; i < tmpl.size(); ++i) {
        const char c = tmpl[i];
        if (c == '\'' || c == '"') {
            const std::size_t close = tmpl.find(c, i + 1);
            if (close == std::string::npos) return std::string::npos;
            i = close;
            continue;
        }
        if (c != '{' && c != '}') continue;
        while (next < placeholders.size() && placeholders[next].offset < i) ++next;
        if (c == '{' && next < placeholders.size() && placeholders[next].offset == i) {
            i = tmpl.find('}', i);
            continue;
        }
        return i;
    }
    return std::string::npos;
}

}  // namespace

void TomlFields::check_template(const toml::node& node, const std::string& tmpl,
                                std::size_t arity) const {
    if (const std::size_t at = stray_brace(tmpl); at != std::string::npos)
        fail(node.source(),
             fmt::format("template '{}' has a '{}' at character {} that is not part of a "
                         "placeholder {{N}}",
                         tmpl, tmpl[at], at + 1));
    for (const TemplatePlaceholder& p : template_placeholders(tmpl)) {
        if (p.index >= arity)
            fail(node.source(),
                 fmt::format("template placeholder {{{}}} is out of range: only {} argument{}",
                             p.index, arity, arity == 1 ? "" : "s"));
    }
}

}  // namespace eriq
