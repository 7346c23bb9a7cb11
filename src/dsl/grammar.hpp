#pragma once
// A grammar file (grammars/<name>.toml) in memory: knobs and productions.
//
//   dialect = "mariadb"
//   include = ["common.toml"]        # loaded first; this file's entries override
//   scoped  = ["select_core"]        # productions that open a new table scope
//   [knobs]                          # named weights and limits, overridable by --weight
//   union = 2
//   [requires]                       # what needs a dialect capability (gen/grammar_capabilities)
//   window = { knobs = ["window"], productions = ["window_expr"] }
//   [literals]                       # formats of random literals (literal_formats.hpp)
//   string_alphabet = "abc"
//   [productions]
//   intermediate = '''<select_core> | union : <select_core> UNION <select_core>'''
#include <map>
#include <set>
#include <string>
#include <vector>

#include "dsl/ast.hpp"
#include "dsl/literal_formats.hpp"

namespace eriq::dsl {

// Where a knob value or a scoped name was written: a file position, or the command
// line (empty file).
struct SettingOrigin {
    std::string file;
    Pos pos;
    int order = 0;  // later settings have higher numbers
};

// A knob or production name written in [requires], with where it was written.
struct RequiredName {
    std::string name;
    std::string file;
    Pos pos;
};

// What a capability enables: knobs and productions that get weight 0 without it.
struct CapabilityNeeds {
    RequiredName at;  // the capability's key
    std::vector<RequiredName> knobs;
    std::vector<RequiredName> productions;
};

struct Grammar {
    std::string file;
    std::string dialect;
    std::map<std::string, double> knobs;
    std::map<std::string, SettingOrigin> knob_origins;
    int knob_settings = 0;  // how many knob values were set, for SettingOrigin::order
    std::map<std::string, Production> productions;
    std::set<std::string> scoped;
    std::map<std::string, SettingOrigin> scoped_at;  // where each scoped name is written
    // capability -> what needs it; the lists of included files and this one are joined
    std::map<std::string, CapabilityNeeds> capability_needs;
    LiteralFormats literals = default_literal_formats();

    const Production* find(const std::string& name) const {
        auto it = productions.find(name);
        return it == productions.end() ? nullptr : &it->second;
    }
    double knob(const std::string& name, double fallback) const {
        auto it = knobs.find(name);
        return it == knobs.end() ? fallback : it->second;
    }
};

// Loads a grammar file with its includes. Throws LoadError (file:line:col).
Grammar load_grammar(const std::string& path);

// Applies `--weight K=V` style overrides; an unknown knob or a bad value is an error
// (std::invalid_argument) naming the nearest known knob.
void override_knob(Grammar& g, const std::string& name, double value);
// Loads overrides from a TOML file of `knob = value` lines (`--weights FILE`).
void override_knobs_from_file(Grammar& g, const std::string& path);

}  // namespace eriq::dsl
