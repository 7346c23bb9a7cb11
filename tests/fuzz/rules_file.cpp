// Fuzz target: a rules file (rules/repr.toml).
#include "fuzz_input.hpp"
#include "rules/rule_set.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    auto path = eriq::fuzz::write_input(data, size, "input.toml");
    return eriq::fuzz::guarded([&] { eriq::load_rules(path); });
}
