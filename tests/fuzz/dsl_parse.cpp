// Fuzz target: one production's text in the generation DSL -> its syntax tree.
#include "dsl/parse.hpp"
#include "fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    return eriq::fuzz::guarded([&] { eriq::dsl::parse_production("fuzz", text, "fuzz", {1, 1}); });
}
