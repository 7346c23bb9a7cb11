#include <algorithm>
#include <cmath>
#include <set>

#include <toml++/toml.h>

#include "catalog/capabilities.hpp"
#include "rules/rule_set.hpp"
#include "rules/template_check.hpp"
#include "util/did_you_mean.hpp"
#include "util/load_error.hpp"
#include "util/toml_file.hpp"

namespace eriq {
namespace {

struct Reader {
    std::string file;

    [[noreturn]] void fail(const toml::node& n, const std::string& what) const {
        throw LoadError(file, n.source().begin.line, n.source().begin.column, what);
    }
    std::string string(const toml::table& t, const char* key, bool required) const {
        const toml::node* n = t.get(key);
        if (!n) {
            if (required) fail(t, fmt::format("missing key '{}'", key));
            return {};
        }
        auto v = n->value<std::string>();
        if (!v) fail(*n, fmt::format("'{}' must be a string", key));
        return *v;
    }
    // Only a TOML integer: toml++'s value<int64_t>() casts a float such as 1e308
    // to int64_t without a range check (undefined behaviour).
    static std::optional<int64_t> integer(const toml::node& n) {
        if (const auto* i = n.as_integer()) return i->get();
        return std::nullopt;
    }
    std::vector<std::string> strings(const toml::table& t, const char* key) const {
        std::vector<std::string> out;
        const toml::node* n = t.get(key);
        if (!n) return out;
        const toml::array* arr = n->as_array();
        if (!arr) fail(*n, fmt::format("'{}' must be an array of strings", key));
        for (const auto& e : *arr) {
            auto v = e.value<std::string>();
            if (!v) fail(e, fmt::format("'{}' entries must be strings", key));
            out.push_back(*v);
        }
        return out;
    }
    void only_keys(const toml::table& t, const std::vector<std::string>& allowed) const {
        for (auto&& [k, n] : t)
            if (std::find(allowed.begin(), allowed.end(), k.str()) == allowed.end())
                throw LoadError(
                    file, k.source().begin.line, k.source().begin.column,
                    fmt::format("unknown key '{}'{}; expected one of: {}", k.str(),
                                did_you_mean(k.str(), allowed), fmt::join(allowed, ", ")));
    }
    void check_capability(const toml::node& n, const std::string& name) const {
        const auto& known = known_capabilities();
        if (std::find(known.begin(), known.end(), name) == known.end())
            fail(n, fmt::format("unknown capability '{}'{}; known: {}", name,
                                did_you_mean(name, known), fmt::join(known, ", ")));
    }
};

Representation read_representation(const Reader& r, const toml::table& t) {
    r.only_keys(t, {"name", "setup", "x", "query", "teardown", "requires", "skip_when",
                    "side_depends_on_q", "unverified", "correlated"});
    Representation rep;
    rep.line = t.source().begin.line;
    rep.column = t.source().begin.column;
    rep.name = r.string(t, "name", true);
    rep.setup = r.strings(t, "setup");
    rep.x = r.string(t, "x", true);
    rep.query = r.string(t, "query", true);
    rep.teardown = r.strings(t, "teardown");
    rep.requires_capabilities = r.strings(t, "requires");
    if (rep.name.empty()) r.fail(*t.get("name"), "'name' must not be empty");
    if (const toml::node* n = t.get("side_depends_on_q")) {
        if (!n->is_boolean()) r.fail(*n, "'side_depends_on_q' must be true or false");
        rep.side_depends_on_q = n->as_boolean()->get();
    }
    if (const toml::node* n = t.get("unverified")) {
        if (!n->is_boolean()) r.fail(*n, "'unverified' must be true or false");
        rep.unverified = n->as_boolean()->get();
    }
    if (const toml::node* n = t.get("correlated")) {
        if (!n->is_boolean()) r.fail(*n, "'correlated' must be true or false");
        rep.correlated = n->as_boolean()->get();
        // Objects made before the query cannot see the outer query's row.
        if (rep.correlated && !rep.setup.empty())
            r.fail(*n, "a representation with setup statements cannot be 'correlated'");
    }
    for (std::size_t i = 0; i < rep.requires_capabilities.size(); ++i)
        r.check_capability(*t.get("requires")->as_array()->get(i), rep.requires_capabilities[i]);
    if (auto problem = template_problem(rep)) {
        const toml::node* at = nullptr;
        switch (problem->part) {
            case TemplatePart::Setup:
                at = t.get("setup")->as_array()->get(problem->index);
                break;
            case TemplatePart::X:
                at = t.get("x");
                break;
            case TemplatePart::Query:
                at = t.get("query");
                break;
            case TemplatePart::Teardown:
                at = t.get("teardown")->as_array()->get(problem->index);
                break;
        }
        r.fail(*at, problem->message);
    }
    if (const toml::node* n = t.get("skip_when")) {
        const toml::table* s = n->as_table();
        if (!s)
            r.fail(*n,
                   "'skip_when' must be a table { x_references_over = N, capability = \"...\" }");
        r.only_keys(*s, {"x_references_over", "capability"});
        SkipWhen sw;
        sw.capability = r.string(*s, "capability", true);
        r.check_capability(*s->get("capability"), sw.capability);
        if (const toml::node* o = s->get("x_references_over")) {
            auto v = Reader::integer(*o);
            if (!v || *v < 0 || *v > 1000)
                r.fail(*o, "'x_references_over' must be an integer from 0 to 1000");
            sw.x_references_over = static_cast<int>(*v);
        }
        rep.skip_when = sw;
    }
    return rep;
}

NormalizationRules read_normalize(const Reader& r, const toml::table& t) {
    r.only_keys(t, {"float_digits", "float_zero_below", "canonical_decimals", "unify_numeric",
                    "bytes", "compact_json", "trim_zero_fraction", "non_finite_uninformative"});
    NormalizationRules n;
    if (auto* v = t.get("float_digits")) {
        auto d = Reader::integer(*v);
        if (!d || *d < 1 || *d > 17) r.fail(*v, "'float_digits' must be an integer in 1..17");
        n.float_digits = static_cast<int>(*d);
    }
    if (auto* v = t.get("float_zero_below")) {
        auto d = v->value<double>();
        if (!d || !std::isfinite(*d) || *d < 0)
            r.fail(*v, "'float_zero_below' must be a finite non-negative number");
        n.float_zero_below = *d;
    }
    for (auto [key, field] :
         {std::pair{"canonical_decimals", &n.canonical_decimals},
          std::pair{"unify_numeric", &n.unify_numeric}, std::pair{"compact_json", &n.compact_json},
          std::pair{"trim_zero_fraction", &n.trim_zero_fraction},
          std::pair{"non_finite_uninformative", &n.non_finite_uninformative}}) {
        if (auto* v = t.get(key)) {
            auto b = v->value<bool>();
            if (!b) r.fail(*v, fmt::format("'{}' must be true or false", key));
            *field = *b;
        }
    }
    if (auto* v = t.get("bytes")) {
        auto s = v->value<std::string>();
        if (!s || (*s != "hex" && *s != "text" && *s != "hex_or_text"))
            r.fail(*v, "'bytes' must be \"hex\", \"text\" or \"hex_or_text\"");
        n.bytes = *s;
    }
    return n;
}

}  // namespace

RuleSet load_rules(const std::string& path) {
    toml::table doc = parse_toml_file(path);
    Reader r{path};
    r.only_keys(doc, {"representation", "normalize"});
    RuleSet rules;
    rules.file = path;
    const toml::node* reps = doc.get("representation");
    if (!reps) throw LoadError(path, 1, 1, "no [[representation]] declared");
    const toml::array* arr = reps->as_array();
    if (!arr) r.fail(*reps, "'representation' must be an array of tables ([[representation]])");
    std::set<std::string> names;
    for (const auto& e : *arr) {
        const toml::table* t = e.as_table();
        if (!t) r.fail(e, "each [[representation]] must be a table");
        Representation rep = read_representation(r, *t);
        if (!names.insert(rep.name).second)
            r.fail(e, fmt::format("duplicate representation '{}'", rep.name));
        rules.representations.push_back(std::move(rep));
    }
    if (rules.representations.size() < 2)
        r.fail(*reps, "at least two [[representation]] are needed: the oracle compares them");
    if (const toml::node* n = doc.get("normalize")) {
        const toml::table* t = n->as_table();
        if (!t) r.fail(*n, "[normalize] must be a table");
        rules.normalize = read_normalize(r, *t);
    }
    return rules;
}

}  // namespace eriq
