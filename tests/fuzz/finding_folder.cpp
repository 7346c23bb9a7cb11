// Fuzz target: a finding folder's finding.toml, read as reduce and triage read it; triage
// must leave a folder that does not load out (with its reason), never stop or crash on it.
#include <cstdlib>
#include <filesystem>

#include "fuzz_input.hpp"
#include "report/finding_record.hpp"
#include "report/triage.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto out = eriq::fuzz::work_dir() / "out";
    std::filesystem::create_directories(out / "0001");
    eriq::fuzz::write_input(data, size, "out/0001/finding.toml");
    const int result = eriq::fuzz::guarded([&] { eriq::read_finding_record(out / "0001"); });
    const eriq::Triage t = eriq::triage_findings({out}, {});
    if (t.findings + t.skipped.size() != 1) std::abort();  // counted or left out, never both
    return result;
}
