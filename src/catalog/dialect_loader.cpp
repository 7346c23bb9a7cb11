// Loads dialects/<name>.toml into a Dialect. Every problem becomes a LoadError that points at
// the offending key or value, so a user editing a dialect file can jump straight to it.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <string_view>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "catalog/capabilities.hpp"
#include "catalog/dialect.hpp"
#include "catalog/dialect_document.hpp"
#include "catalog/difference_entries_reader.hpp"
#include "catalog/gate_rules_reader.hpp"
#include "catalog/session_data_reader.hpp"
#include "catalog/sql_template.hpp"
#include "catalog/toml_fields.hpp"
#include "util/did_you_mean.hpp"
#include "util/load_error.hpp"

namespace eriq {

namespace {

constexpr std::string_view kDrivers[] = {"sqlite", "duckdb", "mysql", "postgres"};

constexpr std::string_view kRandomKinds[] = {"int",      "float", "decimal", "string", "date",
                                             "datetime", "time",  "json",    "none"};

std::string upper(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return text;
}

bool is_family(std::string_view name) {
    const auto& families = all_families();
    return std::find(families.begin(), families.end(), name) != families.end();
}

// Reads typed fields from the parsed document; each accessor fails at the node it looked at.
class DialectReader : TomlFields {
  public:
    explicit DialectReader(std::string file) : TomlFields(std::move(file)) {}

    Dialect read(const toml::table& root) const {
        check_keys(root, kTopLevel, "the dialect file");
        Dialect d;
        d.file = file();
        const toml::node& name = required(root, "name", "the dialect file");
        d.name = nonempty_text(name, "name");
        // The name picks grammars/<name>.toml and known-bugs/<name>.toml.
        constexpr std::size_t kMaxNameLength = 64;
        const bool plain = std::all_of(d.name.begin(), d.name.end(), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
        });
        if (d.name.size() > kMaxNameLength || !plain)
            fail(name.source(),
                 d.name.size() > kMaxNameLength
                     ? fmt::format("dialect name of {} characters is longer than the limit of {}",
                                   d.name.size(), kMaxNameLength)
                     : fmt::format("dialect name '{}' is not a name (letters, digits, '_', '-')",
                                   d.name));
        read_driver(root, d);
        d.default_connect =
            nonempty_text(required(root, "default_connect", "the dialect file"), "default_connect");
        if (auto* node = root.get("session_init")) d.session_init = texts(*node, "session_init");
        read_session_data(root, file(), d);
        if (auto* node = root.get("create_database"))
            d.create_database = statement_with(*node, "create_database", "{db}");
        if (auto* node = root.get("analyze"))
            d.analyze = statement_with(*node, "analyze", "{table}");
        if (auto* node = root.get("fill_table")) read_fill_table(*node, d);
        read_gate_rules(root, file(), d);
        if (auto* node = root.get("index_expressions")) read_index_expressions(*node, d);
        if (auto* node = root.get("ddl")) read_ddl(*node, d);
        if (auto* node = root.get("nondeterministic"))
            for (const std::string& name : texts(*node, "nondeterministic"))
                d.nondeterministic.insert(upper(name));
        if (auto* node = root.get("capabilities")) read_capabilities(*node, d);
        if (auto* node = root.get("order_tiebreak")) read_order_tiebreak(*node, d);
        read_types(root, d);
        read_functions(root, "function", false, d.nondeterministic, d.functions);
        read_functions(root, "aggregate", true, d.nondeterministic, d.aggregates);
        if (auto* node = root.get("representation")) read_representations(*node, d);
        read_difference_entries(root, file(), d);
        return d;
    }

  private:
    static constexpr std::string_view kTopLevel[] = {"include",
                                                     "remove",
                                                     "name",
                                                     "driver",
                                                     "default_connect",
                                                     "session_init",
                                                     "session_settings",
                                                     "forbidden_functions",
                                                     "catalog_name_prefixes",
                                                     "session_profile",
                                                     "session_profiles",
                                                     "null_order",
                                                     "optimizer_variant",
                                                     "deoptimized",
                                                     "create_database",
                                                     "analyze",
                                                     "fill_table",
                                                     "index_expressions",
                                                     "ddl",
                                                     "nondeterministic",
                                                     "capabilities",
                                                     "order_tiebreak",
                                                     "type",
                                                     "function",
                                                     "aggregate",
                                                     "representation",
                                                     "benign",
                                                     "expected_error"};
    static constexpr std::string_view kTypeKeys[] = {"name",   "family", "weight",
                                                     "values", "random", "indexable"};
    static constexpr std::string_view kRandomKeys[] = {"kind", "min", "max", "length", "scale"};
    static constexpr std::string_view kRangeKeys[] = {"kind", "min", "max"};
    static constexpr std::string_view kDecimalKeys[] = {"kind", "min", "max", "scale"};
    static constexpr std::string_view kStringKeys[] = {"kind", "length"};
    static constexpr std::string_view kKindOnly[] = {"kind"};
    static constexpr std::string_view kFunctionKeys[] = {"name",     "args",     "returns",
                                                         "template", "variadic", "weight"};
    static constexpr std::string_view kAggregateKeys[] = {
        "name", "args", "returns", "template", "variadic", "weight", "distinct"};
    static constexpr std::string_view kRepresentationKeys[] = {"setup", "x", "query", "teardown",
                                                               "disabled"};

    void read_driver(const toml::table& root, Dialect& d) const {
        const toml::node& node = required(root, "driver", "the dialect file");
        d.driver = text(node, "driver");
        if (!has_key(kDrivers, d.driver))
            fail(node.source(), fmt::format("unknown driver '{}'; expected one of: {}", d.driver,
                                            joined_keys(kDrivers)));
    }

    void read_capabilities(const toml::node& node, Dialect& d) const {
        const toml::table& table = table_of(node, "capabilities");
        for (auto&& [key, value] : table) {
            const auto& known = known_capabilities();
            if (std::find(known.begin(), known.end(), key.str()) == known.end())
                fail(key.source(),
                     fmt::format("unknown capability '{}'{}; known: {}", key.str(),
                                 did_you_mean(key.str(), known), fmt::join(known, ", ")));
        }
        for (auto&& [key, value] : table)
            d.capabilities[std::string(key.str())] = flag(value, key.str());
    }

    void read_fill_table(const toml::node& node, Dialect& d) const {
        d.fill_table = statement_with(node, "fill_table", "{table}");
        for (std::string_view placeholder : {"{columns}", "{count}"})
            if (d.fill_table.find(placeholder) == std::string::npos)
                fail(node.source(), fmt::format("'fill_table' must contain {}", placeholder));
    }

    // [ddl]: the templates of D's statements; a key left out keeps its inherited spelling.
    void read_ddl(const toml::node& node, Dialect& d) const {
        const toml::table& table = table_of(node, "ddl");
        std::vector<std::string_view> names;
        for (const DdlKey& key : ddl_keys()) names.push_back(key.name);
        check_keys(table, names, "[ddl]");
        for (const DdlKey& key : ddl_keys())
            if (const toml::node* value = table.get(key.name))
                d.ddl.*key.field = ddl_template(*value, key);
    }

    std::string ddl_template(const toml::node& node, const DdlKey& key) const {
        std::string tmpl = text(node, key.name);
        if (!template_placeholders(tmpl).empty())
            fail(node.source(), fmt::format("[ddl] '{}' uses a positional placeholder; [ddl] "
                                            "templates name theirs, such as {{table}}",
                                            key.name));
        const std::vector<std::string> used = named_placeholders(tmpl);
        std::vector<std::string> braced;
        for (const std::string& name : key.allowed) braced.push_back("{" + name + "}");
        for (const std::string& name : used)
            if (std::find(key.allowed.begin(), key.allowed.end(), name) == key.allowed.end())
                fail(node.source(),
                     fmt::format(
                         "unknown placeholder {{{}}} in [ddl] '{}'{}; known: {}", name, key.name,
                         did_you_mean("{" + name + "}", braced),
                         braced.empty() ? "none" : fmt::format("{}", fmt::join(braced, " "))));
        for (const std::string& name : key.required)
            if (std::find(used.begin(), used.end(), name) == used.end())
                fail(node.source(), fmt::format("[ddl] '{}' must contain {{{}}}", key.name, name));
        return tmpl;
    }

    void read_index_expressions(const toml::node& node, Dialect& d) const {
        const toml::table& table = table_of(node, "index_expressions");
        for (auto&& [key, value] : table) {
            if (!is_family(key.str()))
                fail(key.source(),
                     fmt::format("unknown family '{}' in [index_expressions]", key.str()));
            std::vector<std::string> templates = texts(value, key.str());
            for (const std::string& tmpl : templates) {
                check_template(value, tmpl, 1);
                if (template_placeholders(tmpl).empty())
                    fail(value.source(), "an index expression template must contain {0}");
            }
            d.index_expressions[std::string(key.str())] = std::move(templates);
        }
    }

    void read_order_tiebreak(const toml::node& node, Dialect& d) const {
        const toml::table& table = table_of(node, "order_tiebreak");
        for (auto&& [key, value] : table) {
            if (!is_family(key.str()))
                fail(key.source(),
                     fmt::format("unknown family '{}' in [order_tiebreak]", key.str()));
            std::string tmpl = nonempty_text(value, key.str());
            check_template(value, tmpl, 1);
            if (template_placeholders(tmpl).empty())
                fail(value.source(), "an order tiebreak template must contain {0}");
            d.order_tiebreak[std::string(key.str())] = tmpl;
        }
    }

    void read_types(const toml::table& root, Dialect& d) const {
        for (const toml::table* entry : tables_of(root, "type")) {
            TypeInfo type = read_type(*entry);
            for (const TypeInfo& earlier : d.types)
                if (earlier.name == type.name)
                    fail(entry->get("name")->source(),
                         fmt::format("type '{}' is declared twice", type.name));
            d.types.push_back(std::move(type));
        }
        if (d.types.empty()) fail(root.source(), "a dialect needs at least one [[type]]");
    }

    TypeInfo read_type(const toml::table& entry) const {
        check_keys(entry, kTypeKeys, "[[type]]");
        TypeInfo type;
        type.name = nonempty_text(required(entry, "name", "[[type]]"), "name");
        const toml::node& family = required(entry, "family", "[[type]]");
        type.family = text(family, "family");
        if (!is_family(type.family))
            fail(family.source(), fmt::format("unknown family '{}'; expected one of: {}",
                                              type.family, fmt::join(all_families(), ", ")));
        type.weight = weight(entry);
        const toml::node& values = required(entry, "values", "[[type]]");
        type.values = texts(values, "values");
        if (type.values.empty()) fail(values.source(), "'values' must list at least one literal");
        if (const toml::node* indexable = entry.get("indexable"))
            type.indexable = flag(*indexable, "indexable");
        type.random.kind = "none";
        if (const toml::node* random = entry.get("random")) type.random = read_random(*random);
        return type;
    }

    RandomSpec read_random(const toml::node& node) const {
        const toml::table& table = table_of(node, "random");
        check_keys(table, kRandomKeys, "random");
        RandomSpec spec;
        const toml::node& kind = required(table, "kind", "random");
        spec.kind = text(kind, "kind");
        if (!has_key(kRandomKinds, spec.kind))
            fail(kind.source(), fmt::format("unknown random kind '{}'; expected one of: {}",
                                            spec.kind, joined_keys(kRandomKinds)));
        const bool ranged = spec.kind == "int" || spec.kind == "float" || spec.kind == "decimal";
        Keys wanted = ranged ? (spec.kind == "decimal" ? Keys(kDecimalKeys) : Keys(kRangeKeys))
                             : (spec.kind == "string" ? Keys(kStringKeys) : Keys(kKindOnly));
        check_keys(table, wanted, fmt::format("random of kind '{}'", spec.kind));
        if (ranged) {
            const toml::node& min = required(table, "min", "random");
            const toml::node& max = required(table, "max", "random");
            spec.min = number(min, "min");
            spec.max = number(max, "max");
            // An int kind is drawn as a 64-bit integer: 0.5 or 1e308 has no such value.
            if (spec.kind == "int")
                for (const toml::node* bound : {&min, &max})
                    if (!bound->is_integer())
                        fail(bound->source(),
                             "the bounds of a random of kind 'int' must be "
                             "whole numbers (64-bit integers)");
            if (spec.min > spec.max) fail(max.source(), "'max' must not be below 'min'");
            if (!std::isfinite(spec.max - spec.min))
                fail(max.source(), "'max' - 'min' is beyond the range of a double");
        }
        if (spec.kind == "decimal")
            spec.scale = small_count(required(table, "scale", "random"), "scale");
        if (spec.kind == "string")
            spec.length = small_count(required(table, "length", "random"), "length");
        return spec;
    }

    std::string signature_family(const toml::node& node, std::string_view what) const {
        std::string family = text(node, what);
        if (family != "T" && family != "N" && !is_family(family))
            fail(node.source(), fmt::format("'{}' is not a family, \"T\" or \"N\" (families: {})",
                                            family, fmt::join(all_families(), ", ")));
        return family;
    }

    void read_functions(const toml::table& root, std::string_view key, bool aggregate,
                        const std::set<std::string>& nondeterministic,
                        std::vector<FunctionSig>& out) const {
        for (const toml::table* entry : tables_of(root, key)) {
            FunctionSig sig = read_function(*entry, aggregate);
            // Dropped rather than rejected: the exclusion list is the single source of truth.
            if (nondeterministic.count(sig.key)) continue;
            out.push_back(std::move(sig));
        }
    }

    FunctionSig read_function(const toml::table& entry, bool aggregate) const {
        std::string_view context = aggregate ? "[[aggregate]]" : "[[function]]";
        check_keys(entry, aggregate ? Keys(kAggregateKeys) : Keys(kFunctionKeys), context);
        FunctionSig sig;
        sig.aggregate = aggregate;
        sig.name = nonempty_text(required(entry, "name", context), "name");
        sig.key = upper(sig.name);
        const toml::node& args = required(entry, "args", context);
        const auto* items = args.as_array();
        if (!items) fail(args.source(), "'args' must be an array of families");
        for (const toml::node& item : *items) sig.args.push_back(signature_family(item, "args"));
        const toml::node& returns = required(entry, "returns", context);
        sig.returns = signature_family(returns, "returns");
        if ((sig.returns == "T" || sig.returns == "N") &&
            std::find(sig.args.begin(), sig.args.end(), sig.returns) == sig.args.end())
            fail(returns.source(),
                 fmt::format("returns \"{}\" but no argument is \"{}\"", sig.returns, sig.returns));
        if (const toml::node* variadic = entry.get("variadic")) {
            sig.variadic = flag(*variadic, "variadic");
            if (sig.variadic && sig.args.empty())
                fail(variadic->source(), "a variadic function needs at least one argument");
        }
        if (const toml::node* tmpl = entry.get("template")) {
            sig.tmpl = nonempty_text(*tmpl, "template");
            if (sig.variadic) fail(tmpl->source(), "a variadic function cannot have a template");
            check_template(*tmpl, sig.tmpl, sig.args.size());
        }
        if (const toml::node* distinct = entry.get("distinct"))
            sig.distinct_ok = flag(*distinct, "distinct");
        sig.weight = weight(entry);
        return sig;
    }

    void read_representations(const toml::node& node, Dialect& d) const {
        const toml::table& table = table_of(node, "representation");
        for (auto&& [name, value] : table) {
            const std::string context = fmt::format("[representation.{}]", name.str());
            const toml::table& entry = table_of(value, context);
            check_keys(entry, kRepresentationKeys, context);
            RepresentationSpelling spelling;
            spelling.line = name.source().begin.line;
            spelling.column = name.source().begin.column;
            if (auto* setup = entry.get("setup")) spelling.setup = texts(*setup, "setup");
            if (auto* x = entry.get("x")) spelling.x = nonempty_text(*x, "x");
            if (auto* query = entry.get("query")) spelling.query = nonempty_text(*query, "query");
            if (auto* teardown = entry.get("teardown"))
                spelling.teardown = texts(*teardown, "teardown");
            if (auto* disabled = entry.get("disabled"))
                spelling.disabled = flag(*disabled, "disabled");
            d.representations[std::string(name.str())] = std::move(spelling);
        }
    }
};

}  // namespace

Dialect load_dialect(const std::string& path) {
    if (!std::ifstream(path)) throw LoadError(path, 1, 1, "cannot open dialect file");
    return DialectReader(path).read(read_dialect_document(path));
}

}  // namespace eriq
