// Static checks of a grammar file, so mistakes surface at load time with a
// file:line:col instead of as silently skipped alternatives during a campaign.
#include <algorithm>
#include <cctype>
#include <set>

#include <fmt/format.h>

#include "gen/builtin_names.hpp"
#include "gen/case_generator.hpp"
#include "util/load_error.hpp"

namespace eriq {
namespace {

std::string upper(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

struct Checker {
    const dsl::Grammar& g;
    const Dialect& d;

    [[noreturn]] void fail(const dsl::Pos& p, const std::string& what) const {
        throw LoadError(g.file, p.line, p.column, what);
    }

    bool production_exists(const std::string& name) const {
        if (g.find(name)) return true;
        for (const auto& f : all_families())
            if (g.find(name + "_" + f)) return true;
        return false;
    }

    void check_weight(const dsl::Weight& w, const dsl::Pos& p) const {
        if (!w.knob.empty() && !g.knobs.count(w.knob))
            fail(p, fmt::format("unknown knob '{}' (declare it under [knobs])", w.knob));
    }

    void check_family(const std::string& f, const dsl::Pos& p) const {
        if (f.empty() || f == "any" || std::isupper(static_cast<unsigned char>(f[0]))) return;
        const auto& fams = all_families();
        if (std::find(fams.begin(), fams.end(), f) == fams.end())
            fail(p, fmt::format("unknown type family '{}'", f));
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
                    if (!production_exists(item.text))
                        fail(item.pos, fmt::format("unknown production '{}'", item.text));
                    check_family(item.family, item.pos);
                    break;
                case dsl::ItemKind::Builtin:
                    if (!builtin_names().count(item.text))
                        fail(item.pos, fmt::format("unknown built-in '@{}'", item.text));
                    if (builtin_takes_production(item.text)) {
                        if (item.args.size() != 1)
                            fail(item.pos, fmt::format("@{} takes one production name", item.text));
                        if (!production_exists(item.args[0]))
                            fail(item.pos, fmt::format("unknown production '{}'", item.args[0]));
                    }
                    if (item.text == "number") {
                        if (item.args.size() != 2)
                            fail(item.pos, "@number takes two integers: @number(lo,hi)");
                        for (const auto& a : item.args)
                            if (a.find_first_not_of("-0123456789") != std::string::npos)
                                fail(item.pos,
                                     fmt::format("@number argument '{}' is not an integer", a));
                    }
                    break;
            }
        }
    }
};

}  // namespace

void check_grammar(const dsl::Grammar& g, const Dialect& d) {
    Checker c{g, d};
    for (const char* entry : {"intermediate", "referencing"})
        if (!g.find(entry))
            throw LoadError(g.file, 1, 1, fmt::format("the grammar has no production '{}'", entry));
    for (const auto& s : g.scoped)
        if (!g.find(s))
            throw LoadError(g.file, 1, 1, fmt::format("scoped names unknown production '{}'", s));
    for (const auto& [name, prod] : g.productions)
        for (const auto& alt : prod.alternatives) {
            c.check_weight(alt.weight, alt.pos);
            c.check_items(alt.items);
        }
}

}  // namespace eriq
