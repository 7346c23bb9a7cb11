// eriq-replay: replays a statement log written by `eriq-gen --log-statements`
// straight through the driver and prints statements/s: the floor that the
// benchmark (tools/bench.sh) compares eriq-gen with. LIBRARY: the libsqlite3 to load, as
// eriq-gen's --driver-library (default: the system's).
#include <fmt/format.h>

#include "catalog/dialect.hpp"
#include "engine/target.hpp"
#include "exec/driver_replay.hpp"
#include "gen/sql_text.hpp"
#include "util/allocator_tuning.hpp"

int main(int argc, char** argv) {
    eriq::tune_allocator();
    if (argc != 4 && argc != 5) {
        fmt::print(stderr, "usage: eriq-replay DIALECT URL LOGFILE [LIBRARY]\n");
        return 2;
    }
    try {
        eriq::Dialect dialect =
            eriq::load_dialect(eriq::resolve_data_path(fmt::format("dialects/{}.toml", argv[1])));
        auto spec = eriq::ConnectionSpec::parse(argv[2]);
        // What eriq runs while connecting: its database, then the session setup.
        std::vector<std::string> prelude;
        if (spec.driver == "mysql") {
            const std::string db = "`" + spec.database + "`";
            prelude.push_back(eriq::replace_all(dialect.create_database, "{db}", db));
            prelude.push_back("USE " + db);
            // eriq-gen's default statement timeout (the stream may hold statements that hit it).
            prelude.push_back("SET SESSION max_statement_time = 10");
        }
        const std::vector<std::string> session = dialect.session_statements();
        prelude.insert(prelude.end(), session.begin(), session.end());
        auto f = eriq::replay_statements(spec, argc == 5 ? argv[4] : "", dialect.gate, prelude,
                                         eriq::read_statement_log(argv[3]));
        fmt::print(
            "{{\"statements\": {}, \"errors\": {}, \"refused\": {}, \"seconds\": {:.3f}, "
            "\"statements_per_second\": {:.1f}}}\n",
            f.statements, f.errors, f.refused, f.seconds,
            f.seconds > 0 ? static_cast<double>(f.statements) / f.seconds : 0.0);
    } catch (const std::exception& e) {
        fmt::print(stderr, "eriq-replay: {}\n", e.what());
        return 2;
    }
    return 0;
}
