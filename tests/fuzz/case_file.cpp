// Fuzz target: a hand-written test case (`eriq-gen --case FILE`).
#include "engine/case_file.hpp"
#include "fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    auto path = eriq::fuzz::write_input(data, size, "input.toml");
    return eriq::fuzz::guarded([&] {
        std::string dialect;
        eriq::load_case_file(path, &dialect);
    });
}
