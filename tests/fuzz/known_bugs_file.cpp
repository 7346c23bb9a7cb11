// Fuzz target: a known-bug list (known-bugs/<dialect>.toml), read as triage reads it.
#include <filesystem>

#include "fuzz_input.hpp"
#include "report/triage.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto dir = eriq::fuzz::work_dir() / "known";
    std::filesystem::create_directories(dir);
    eriq::fuzz::write_input(data, size, "known/sqlite.toml");
    return eriq::fuzz::guarded([&] { eriq::load_known_bugs(dir); });
}
