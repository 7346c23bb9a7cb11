#include "catalog/session_data_reader.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "util/did_you_mean.hpp"
#include "util/load_error.hpp"

namespace eriq {
namespace {

class SessionDataReader {
  public:
    SessionDataReader(const std::string& file, Dialect& d) : file_(file), d_(d) {}

    void read(const toml::table& root) {
        if (const toml::node* n = root.get("null_order")) {
            d_.null_order = text(*n, "null_order");
            if (d_.null_order != "low" && d_.null_order != "high")
                fail(*n, "'null_order' must be \"low\" (NULLs first when ascending) or \"high\"");
        }
        if (const toml::node* n = root.get("session_profiles")) read_profiles(*n);
        if (const toml::node* n = root.get("session_profile")) {
            d_.session_profile = text(*n, "session_profile");
            check_profile(*n, d_.session_profile);
        }
        if (const toml::node* n = root.get("optimizer_variant")) read_variants(*n);
        if (const toml::node* n = root.get("deoptimized")) read_deoptimized(*n);
    }

  private:
    // At the node, in the file it was written in (an include may make it another file).
    [[noreturn]] void fail(const toml::source_region& where, const std::string& message) const {
        throw LoadError(where.path ? *where.path : file_, where.begin.line, where.begin.column,
                        message);
    }
    [[noreturn]] void fail(const toml::node& n, const std::string& message) const {
        fail(n.source(), message);
    }

    std::string text(const toml::node& n, const std::string& what) const {
        auto s = n.value<std::string>();
        if (!s || s->empty()) fail(n, fmt::format("'{}' must be a non-empty string", what));
        return *s;
    }

    std::vector<std::string> texts(const toml::node& n, const std::string& what) const {
        const toml::array* items = n.as_array();
        if (!items) fail(n, fmt::format("'{}' must be an array of strings", what));
        std::vector<std::string> out;
        for (const toml::node& item : *items) out.push_back(text(item, what));
        return out;
    }

    void read_profiles(const toml::node& n) {
        const toml::table* profiles = n.as_table();
        if (!profiles) fail(n, "'session_profiles' must be a table of NAME = [statements]");
        for (auto&& [name, statements] : *profiles)
            d_.session_profiles[std::string(name.str())] =
                texts(statements, "session_profiles." + std::string(name.str()));
    }

    void check_profile(const toml::node& n, const std::string& name) const {
        if (d_.session_profiles.count(name)) return;
        std::vector<std::string> known;
        for (const auto& [profile, statements] : d_.session_profiles) known.push_back(profile);
        fail(n, fmt::format("unknown session profile '{}'{}; [session_profiles] has: {}", name,
                            did_you_mean(name, known), fmt::join(known, ", ")));
    }

    void read_variants(const toml::node& n) {
        const toml::array* entries = n.as_array();
        if (!entries)
            fail(n, "'optimizer_variant' must be an array of tables ([[optimizer_variant]])");
        std::vector<std::string> names;  // of this file's entries: a name given twice is a typo
        for (const toml::node& entry : *entries) {
            const toml::table* t = entry.as_table();
            if (!t) fail(entry, "each [[optimizer_variant]] must be a table");
            OptimizerVariant v = read_variant(*t);
            if (std::find(names.begin(), names.end(), v.name) != names.end())
                fail(*t->get("name"),
                     fmt::format("optimizer variant '{}' is declared twice in this file", v.name));
            names.push_back(v.name);
            d_.optimizer_variants.push_back(std::move(v));
        }
    }

    // [deoptimized]: setup = [...], teardown = [...]; a variant named "deoptimized" for every
    // representation.
    void read_deoptimized(const toml::node& n) {
        const toml::table* t = n.as_table();
        if (!t) fail(n, "'deoptimized' must be a table with 'setup' and 'teardown'");
        static const std::vector<std::string> known{"setup", "teardown"};
        for (auto&& [key, value] : *t)
            if (std::find(known.begin(), known.end(), key.str()) == known.end())
                fail(key.source(),
                     fmt::format("unknown key '{}' in [deoptimized]{}; expected setup, teardown",
                                 key.str(), did_you_mean(std::string(key.str()), known)));
        OptimizerVariant v;
        v.name = "deoptimized";
        v.line = t->source().begin.line;
        v.column = t->source().begin.column;
        if (const toml::node* s = t->get("setup")) v.setup = texts(*s, "setup");
        if (const toml::node* s = t->get("teardown")) v.teardown = texts(*s, "teardown");
        if (v.setup.empty() || v.teardown.empty())
            fail(*t,
                 "[deoptimized] needs 'setup' statements and the 'teardown' that restores them");
        d_.deoptimized = std::move(v);
    }

    OptimizerVariant read_variant(const toml::table& t) const {
        static const std::vector<std::string> known{"name", "representations", "setup", "teardown",
                                                    "sqlite_optimizations_off"};
        for (auto&& [key, value] : t)
            if (std::find(known.begin(), known.end(), key.str()) == known.end())
                fail(key.source(),
                     fmt::format("unknown key '{}' in [[optimizer_variant]]{}; expected "
                                 "one of: {}",
                                 key.str(), did_you_mean(std::string(key.str()), known),
                                 fmt::join(known, ", ")));
        OptimizerVariant v;
        v.line = t.source().begin.line;
        v.column = t.source().begin.column;
        const toml::node* name = t.get("name");
        if (!name) fail(t, "[[optimizer_variant]] needs a 'name', e.g. \"derived_merge=off\"");
        v.name = text(*name, "name");
        if (v.name.find_first_of("[]") != std::string::npos)
            fail(*name, "an optimizer variant's 'name' must not hold '[' or ']'");
        if (const toml::node* n = t.get("representations"))
            v.representations = texts(*n, "representations");
        if (const toml::node* n = t.get("setup")) v.setup = texts(*n, "setup");
        if (const toml::node* n = t.get("teardown")) v.teardown = texts(*n, "teardown");
        if (const toml::node* n = t.get("sqlite_optimizations_off")) {
            auto mask = n->value<std::int64_t>();
            if (!mask || *mask <= 0)
                fail(*n, "'sqlite_optimizations_off' must be a positive bit mask, e.g. 0x1");
            v.sqlite_optimizations_off = static_cast<std::uint64_t>(*mask);
        }
        if (v.setup.empty() && v.sqlite_optimizations_off == 0)
            fail(t, fmt::format("optimizer variant '{}' changes nothing: give 'setup' statements "
                                "(and their 'teardown') or 'sqlite_optimizations_off'",
                                v.name));
        if (!v.setup.empty() && v.teardown.empty())
            fail(t, fmt::format("optimizer variant '{}' has 'setup' but no 'teardown' to restore "
                                "the setting",
                                v.name));
        return v;
    }

    const std::string& file_;
    Dialect& d_;
};

}  // namespace

void read_session_data(const toml::table& root, const std::string& file, Dialect& d) {
    SessionDataReader(file, d).read(root);
}

}  // namespace eriq
