#include "gen/database_generator.hpp"

#include <fmt/format.h>

#include "gen/rng.hpp"
#include "gen/value_generator.hpp"

namespace eriq {

GeneratedDatabase generate_database(const dsl::Grammar& g, const Dialect& dialect,
                                    std::uint64_t seed) {
    Rng rng(seed);
    GeneratedDatabase db;
    db.seed = seed;

    std::vector<double> type_weights;
    for (const auto& t : dialect.types)
        type_weights.push_back(t.weight * g.knob("family_" + t.family, 1.0));

    auto knob_int = [&](const char* name, int fallback) {
        return static_cast<int>(g.knob(name, fallback));
    };
    const int tables =
        static_cast<int>(rng.range(knob_int("tables_min", 1), knob_int("tables_max", 2)));
    const double boundary = g.knob("boundary_share", 0.5);

    for (int ti = 0; ti < tables; ++ti) {
        TableInfo table;
        table.name = fmt::format("t{}", ti);
        const int cols =
            static_cast<int>(rng.range(knob_int("columns_min", 1), knob_int("columns_max", 4)));
        std::vector<const TypeInfo*> col_types;
        std::string ddl = fmt::format("CREATE TABLE {} (", table.name);
        for (int ci = 0; ci < cols; ++ci) {
            int idx = rng.weighted(type_weights);
            if (idx < 0) throw std::runtime_error("no column type has a positive weight");
            const TypeInfo& type = dialect.types[static_cast<std::size_t>(idx)];
            col_types.push_back(&type);
            table.columns.push_back({fmt::format("c{}", ci), type.family, type.name});
            ddl += fmt::format("{}c{} {}", ci ? ", " : "", ci, type.name);
        }
        ddl += ")";
        db.schema.push_back(ddl);

        const int rows =
            static_cast<int>(rng.range(knob_int("rows_min", 5), knob_int("rows_max", 20)));
        if (rows > 0) {
            std::string insert = fmt::format("INSERT INTO {} VALUES ", table.name);
            for (int r = 0; r < rows; ++r) {
                insert += r ? ", (" : "(";
                for (int ci = 0; ci < cols; ++ci) {
                    if (ci) insert += ", ";
                    insert +=
                        make_literal(*col_types[static_cast<std::size_t>(ci)], rng, boundary, true);
                }
                insert += ")";
            }
            db.rows.push_back(insert);
        }
        db.tables.push_back(std::move(table));
    }
    return db;
}

}  // namespace eriq
