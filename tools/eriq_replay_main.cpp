// eriq-replay: replays a statement log written by `eriq-gen --log-statements`
// straight through the driver and prints statements/s: the floor that the
// benchmark (tools/bench.sh) compares eriq-gen with.
#include <fmt/format.h>

#include "exec/driver_replay.hpp"

int main(int argc, char** argv) {
    if (argc != 3) {
        fmt::print(stderr, "usage: eriq-replay URL LOGFILE\n");
        return 2;
    }
    try {
        auto spec = eriq::ConnectionSpec::parse(argv[1]);
        auto statements = eriq::read_statement_log(argv[2]);
        auto f = eriq::replay_statements(spec, statements);
        fmt::print("{{\"statements\": {}, \"errors\": {}, \"seconds\": {:.3f}, \"statements_per_second\": {:.1f}}}\n",
                   f.statements, f.errors, f.seconds, f.seconds > 0 ? static_cast<double>(f.statements) / f.seconds : 0.0);
    } catch (const std::exception& e) {
        fmt::print(stderr, "eriq-replay: {}\n", e.what());
        return 2;
    }
    return 0;
}
