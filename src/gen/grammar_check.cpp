// Static checks of a grammar file, so mistakes surface at load time with a
// file:line:col instead of as silently skipped alternatives during a campaign.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>
#include <optional>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "dsl/knob_limits.hpp"
#include "gen/builtin_names.hpp"
#include "gen/case_generator.hpp"
#include "gen/grammar_capabilities.hpp"
#include "gen/grammar_productivity.hpp"
#include "util/did_you_mean.hpp"
#include "util/load_error.hpp"

namespace eriq {
namespace {

std::string upper(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

std::optional<std::int64_t> integer(const std::string& text) {
    std::int64_t value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

// A representation's name as the rules spell it: TEMPT, CTE_MAT.
bool is_representation_name(const std::string& name) {
    return !name.empty() && std::isupper(static_cast<unsigned char>(name[0])) &&
           std::all_of(name.begin(), name.end(), [](char c) {
               return std::isupper(static_cast<unsigned char>(c)) ||
                      std::isdigit(static_cast<unsigned char>(c)) || c == '_';
           });
}

bool is_variable(const std::string& family) {
    return !family.empty() && std::isupper(static_cast<unsigned char>(family[0]));
}

// How often each type variable appears in a sequence, optional parts included.
void count_variables(const std::vector<dsl::Item>& items, std::map<std::string, int>& uses) {
    for (const auto& item : items) {
        if (item.kind == dsl::ItemKind::NonTerminal && is_variable(item.family))
            ++uses[item.family];
        if (item.kind == dsl::ItemKind::Optional) count_variables(item.body, uses);
    }
}

struct Checker {
    const dsl::Grammar& g;
    const Dialect& d;
    std::string file;  // the file of the production being checked

    [[noreturn]] void fail(const dsl::Pos& p, const std::string& what) const {
        throw LoadError(file, p.line, p.column, what);
    }

    std::vector<std::string> production_names() const {
        std::vector<std::string> names;
        for (const auto& [name, p] : g.productions) names.push_back(name);
        return names;
    }

    bool production_exists(const std::string& name) const {
        if (g.find(name)) return true;
        for (const auto& f : all_families())
            if (g.find(name + "_" + f)) return true;
        return false;
    }

    void check_weight(const dsl::Weight& w, const dsl::Pos& p) const {
        if (w.knob.empty() || g.knobs.count(w.knob)) return;
        std::vector<std::string> knobs;
        for (const auto& [k, v] : g.knobs) knobs.push_back(k);
        fail(p, fmt::format("unknown knob '{}'{}; knobs are declared under [knobs]", w.knob,
                            did_you_mean(w.knob, knobs)));
    }

    void check_family(const std::string& f, const dsl::Pos& p) const {
        if (f.empty() || f == "any" || std::isupper(static_cast<unsigned char>(f[0]))) return;
        const auto& fams = all_families();
        if (std::find(fams.begin(), fams.end(), f) == fams.end())
            fail(p, fmt::format("unknown type family '{}'{}", f, did_you_mean(f, fams)));
    }

    void check_text(const std::string& text, const dsl::Pos& p) const {
        // A word such as RAND( in the grammar would bypass the catalogue's exclusion.
        std::string word;
        for (std::size_t i = 0; i <= text.size(); ++i) {
            char c = i < text.size() ? text[i] : ' ';
            if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
                word.push_back(c);
                continue;
            }
            if (!word.empty() && d.nondeterministic.count(upper(word)))
                fail(p, fmt::format("'{}' is nondeterministic in dialect {} and may not appear "
                                    "in a grammar",
                                    word, d.name));
            word.clear();
        }
    }

    void check_production_name(const std::string& name, const dsl::Pos& p) const {
        if (!production_exists(name))
            fail(p, fmt::format("unknown production '{}'{}", name,
                                did_you_mean(name, production_names())));
    }

    void check_builtin(const dsl::Item& item) const {
        if (!builtin_names().count(item.text)) {
            const std::vector<std::string> names(builtin_names().begin(), builtin_names().end());
            fail(item.pos, fmt::format("unknown built-in '@{}'{}", item.text,
                                       did_you_mean(item.text, names)));
        }
        if (builtin_takes_production(item.text)) {
            if (item.args.size() != 1)
                fail(item.pos, fmt::format("@{} takes one production name", item.text));
            check_production_name(item.args[0], item.pos);
        } else if (item.text == "number") {
            if (item.args.size() != 2) fail(item.pos, "@number takes two integers: @number(lo,hi)");
            auto lo = integer(item.args[0]);
            auto hi = integer(item.args[1]);
            for (std::size_t i = 0; i < 2; ++i)
                if (!(i ? hi : lo))
                    fail(item.pos, fmt::format("@number argument '{}' is not a 64-bit integer",
                                               item.args[i]));
            if (*lo > *hi)
                fail(item.pos,
                     fmt::format("@number({},{}): the minimum is above the maximum", *lo, *hi));
        } else if (item.text == "skip_representation") {
            if (item.args.size() != 1 || !is_representation_name(item.args[0]))
                fail(item.pos,
                     "@skip_representation takes one representation name, e.g. "
                     "@skip_representation(TEMPT)");
        } else if (!item.args.empty()) {
            fail(item.pos, fmt::format("@{} takes no arguments", item.text));
        }
    }

    void check_alternative(const dsl::Alternative& alt) const {
        if (alt.items.empty())
            fail(alt.pos, "empty alternative (an optional part [0.5 ...] leaves text out)");
        check_weight(alt.weight, alt.pos);
        check_items(alt.items);
        std::map<std::string, int> uses;
        count_variables(alt.items, uses);
        for (const auto& [variable, count] : uses)
            if (count == 1)
                fail(alt.pos, fmt::format("type variable '{}' appears once in this alternative, "
                                          "so nothing shares its family (write 'any' instead)",
                                          variable));
    }

    void check_items(const std::vector<dsl::Item>& items) const {
        for (const auto& item : items) {
            if (item.repeat_min > item.repeat_max)
                fail(item.pos, fmt::format("repetition minimum {} exceeds maximum {}",
                                           item.repeat_min, item.repeat_max));
            switch (item.kind) {
                case dsl::ItemKind::Text:
                    check_text(item.text, item.pos);
                    break;
                case dsl::ItemKind::Optional:
                    check_weight(item.probability, item.pos);
                    check_items(item.body);
                    break;
                case dsl::ItemKind::NonTerminal:
                    check_production_name(item.text, item.pos);
                    check_family(item.family, item.pos);
                    break;
                case dsl::ItemKind::Builtin:
                    check_builtin(item);
                    break;
            }
        }
    }
};

void collect_knobs(const std::vector<dsl::Item>& items, std::set<std::string>& used) {
    for (const auto& item : items)
        if (item.kind == dsl::ItemKind::Optional) {
            if (!item.probability.knob.empty()) used.insert(item.probability.knob);
            collect_knobs(item.body, used);
        }
}

// The knob `correlated` places I inside an outer query: the grammar must say how.
void check_correlated_entries(const dsl::Grammar& g) {
    if (g.knob("correlated", 0) <= 0) return;
    for (const char* name : {"outer_from", "correlated_intermediate", "placement"}) {
        if (g.find(name)) continue;
        auto origin = g.knob_origins.find("correlated");
        const std::string what = fmt::format(
            "knob 'correlated' is on but the grammar has no production '{}' (cases in a "
            "correlated position need outer_from, correlated_intermediate and placement)",
            name);
        if (origin == g.knob_origins.end() || origin->second.file.empty())
            throw LoadError(g.file, 1, 1, what);
        throw LoadError(origin->second.file, origin->second.pos.line, origin->second.pos.column,
                        what);
    }
}

// A production or knob of the main grammar file that nothing uses is most likely a
// misspelt override of one that is used: the override would silently change nothing.
// What an included file declares may go unused (the main file overrode its users).
void check_everything_used(const dsl::Grammar& g) {
    const auto reachable = reachable_productions(g, false);
    const std::set<std::string> reached(reachable.begin(), reachable.end());
    for (const auto& [name, p] : g.productions)
        if (p.file == g.file && !reached.count(name))
            throw LoadError(p.file, p.pos.line, p.pos.column,
                            fmt::format("production '{}' is never used: no entry point ({}) "
                                        "reaches it{}",
                                        name, fmt::join(entry_productions(), ", "),
                                        did_you_mean(name, reachable)));
    std::set<std::string> used;
    for (const auto& [name, p] : g.productions)
        for (const auto& alt : p.alternatives) {
            if (!alt.weight.knob.empty()) used.insert(alt.weight.knob);
            collect_knobs(alt.items, used);
        }
    for (const auto& f : all_families()) used.insert("family_" + f);
    for (const auto& [name, value] : g.knobs) {
        if (used.count(name) || dsl::generator_reads_knob(name)) continue;
        auto origin = g.knob_origins.find(name);
        if (origin == g.knob_origins.end() || origin->second.file != g.file) continue;
        const dsl::SettingOrigin& at = origin->second;
        std::vector<std::string> known(used.begin(), used.end());
        for (const auto& [other, v] : g.knobs)
            if (other != name) known.push_back(other);
        throw LoadError(at.file, at.pos.line, at.pos.column,
                        fmt::format("knob '{}' is never used: no production is weighted by it "
                                    "and the generator does not read it{}",
                                    name, did_you_mean(name, known)));
    }
}

}  // namespace

void check_grammar(const dsl::Grammar& g, const Dialect& d) {
    Checker c{g, d, g.file};
    for (const char* entry : {"intermediate", "referencing"})
        if (!g.find(entry))
            throw LoadError(g.file, 1, 1, fmt::format("the grammar has no production '{}'", entry));
    for (const auto& [name, at] : g.scoped_at)
        if (!g.find(name))
            throw LoadError(at.file, at.pos.line, at.pos.column,
                            fmt::format("'scoped' names unknown production '{}'{}", name,
                                        did_you_mean(name, c.production_names())));
    for (const auto& [name, prod] : g.productions) {
        c.file = prod.file;
        if (prod.alternatives.size() == 1 && prod.alternatives[0].items.empty())
            c.fail(prod.pos, fmt::format("production '{}' is empty", name));
        for (const auto& alt : prod.alternatives) c.check_alternative(alt);
    }
    check_everything_used(g);
    dsl::check_knob_ranges(g);
    check_correlated_entries(g);
    check_productivity(with_capabilities(g, d));
}

}  // namespace eriq
