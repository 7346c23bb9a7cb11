#include "gen/case_generator.hpp"

#include "gen/derivation.hpp"
#include "gen/rng.hpp"

namespace eriq {

CaseGenerator::CaseGenerator(const dsl::Grammar& g, const Dialect& d)
    : g_(g), d_(d), heights_(compute_heights(g)) {
    check_grammar(g, d);
}

GeneratedDatabase CaseGenerator::database(std::uint64_t seed) const {
    return generate_database(g_, d_, seed);
}

std::optional<TestCase> CaseGenerator::generate(const GeneratedDatabase& db,
                                                std::uint64_t round_seed, int index) const {
    Rng rng(mix_seed(round_seed, static_cast<std::uint64_t>(index) + 1));
    for (int attempt = 0; attempt < 10; ++attempt) {
        Derivation der(g_, d_, db, heights_, rng);
        std::vector<OutputColumn> columns;
        auto intermediate = der.derive_query("intermediate", &columns);
        if (!intermediate || columns.empty()) continue;
        der.set_x_columns(columns);
        auto referencing = der.derive_query("referencing", nullptr);
        if (!referencing || der.x_references() == 0) continue;

        TestCase tc;
        tc.dialect = d_.name;
        tc.seed = round_seed;
        tc.index = index;
        tc.schema = db.schema;
        tc.rows = db.rows;
        tc.intermediate = std::move(*intermediate);
        tc.referencing = std::move(*referencing);
        tc.columns = std::move(columns);
        tc.x_references = der.x_references();
        return tc;
    }
    return std::nullopt;
}

}  // namespace eriq
