#include "gen/case_generator.hpp"

#include "gen/derivation.hpp"
#include "gen/rng.hpp"

namespace eriq {

CaseGenerator::CaseGenerator(const dsl::Grammar& g, const Dialect& d)
    : g_(g), d_(d), index_(build_grammar_index(g, d)) {
    check_grammar(g, d);
}

GeneratedDatabase CaseGenerator::database(std::uint64_t seed) const {
    return generate_database(g_, d_, seed);
}

std::vector<TestCase> CaseGenerator::generate_group(const GeneratedDatabase& db,
                                                    std::uint64_t round_seed, int index,
                                                    int queries) const {
    Rng rng(mix_seed(round_seed, static_cast<std::uint64_t>(index) + 1));
    std::vector<TestCase> group;
    for (int attempt = 0; attempt < 10 && group.empty(); ++attempt) {
        GenerationTrace trace;
        Derivation der(g_, d_, db, index_, rng, adaptive_, &trace);
        std::vector<OutputColumn> columns;
        auto intermediate = der.derive_query("intermediate", &columns);
        if (!intermediate || columns.empty()) continue;
        der.set_x_columns(columns);
        const auto after_intermediate = trace.mark();
        for (int q = 0; q < queries; ++q) {
            trace.rollback(after_intermediate);
            der.reset_x_references();
            auto referencing = der.derive_query("referencing", nullptr);
            if (!referencing || der.x_references() == 0) continue;
            TestCase tc;
            tc.dialect = d_.name;
            tc.seed = round_seed;
            tc.index = index;
            tc.query_index = q;
            tc.schema = db.schema;
            tc.rows = db.rows;
            tc.intermediate = *intermediate;
            tc.referencing = std::move(*referencing);
            tc.columns = columns;
            tc.x_references = der.x_references();
            tc.features = trace.features();
            group.push_back(std::move(tc));
        }
    }
    return group;
}

std::optional<TestCase> CaseGenerator::generate(const GeneratedDatabase& db,
                                                std::uint64_t round_seed, int index) const {
    auto group = generate_group(db, round_seed, index, 1);
    if (group.empty()) return std::nullopt;
    return std::move(group.front());
}

}  // namespace eriq
