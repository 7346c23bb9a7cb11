// Fuzz target: a dialect file (dialects/<dialect>.toml).
#include "catalog/dialect.hpp"
#include "fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    auto path = eriq::fuzz::write_input(data, size, "input.toml");
    return eriq::fuzz::guarded([&] { eriq::load_dialect(path); });
}
