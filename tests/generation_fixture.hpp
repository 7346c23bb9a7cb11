#pragma once
// A dialect with its grammar loaded from the source tree, and seeded case
// generation over it, for the generator tests.
#include <cstdint>
#include <string>
#include <vector>

#include "catalog/dialect.hpp"
#include "dsl/grammar.hpp"
#include "gen/case_generator.hpp"
#include "gen/rng.hpp"
#include "test_files.hpp"

namespace eriq::test {

struct Loaded {
    Dialect dialect;
    dsl::Grammar grammar;
};

inline Loaded load(const std::string& name) {
    return {load_dialect(source("dialects/" + name + ".toml")),
            dsl::load_grammar(source("grammars/" + name + ".toml"))};
}

// Generates `n` cases, a new database every 10 cases (fewer if generation keeps failing).
inline std::vector<TestCase> generate(const Loaded& l, std::uint64_t seed, int n) {
    CaseGenerator gen(l.grammar, l.dialect);
    std::vector<TestCase> out;
    for (int round = 0; static_cast<int>(out.size()) < n && round < 10 * n; ++round) {
        auto round_seed = mix_seed(seed, static_cast<std::uint64_t>(round));
        auto db = gen.database(round_seed);
        for (int k = 0; k < 10 && static_cast<int>(out.size()) < n; ++k)
            if (auto tc = gen.generate(db, round_seed, k)) out.push_back(*tc);
    }
    return out;
}

}  // namespace eriq::test
