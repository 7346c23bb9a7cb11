// Fuzz target: eriq-prove's SQL reading. The input is a schema, then a NUL byte, then two
// queries separated by a NUL byte; without NUL bytes the whole input is read as a schema
// and as a query against the Calcite schema. A schema error or any verdict is a normal end;
// a crash, a hang past the per-pair limit or an escaped exception is a finding.
#include <fstream>
#include <sstream>
#include <string>

#include "fuzz_input.hpp"
#include "verify/prover.hpp"
#include "verify/schema.hpp"

namespace {

const eriq::verify::Schema& calcite_schema() {
    static const eriq::verify::Schema schema = [] {
        std::ifstream in(std::string(ERIQ_SOURCE_DIR) + "/tests/data/calcite-pairs/schema.sql");
        std::ostringstream text;
        text << in.rdbuf();
        return eriq::verify::parse_schema(text.str());
    }();
    return schema;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const std::size_t first = input.find('\0');
    const std::size_t second =
        first == std::string_view::npos ? first : input.find('\0', first + 1);
    eriq::verify::ProveOptions options;
    options.timeout_ms = 500;
    return eriq::fuzz::guarded([&] {
        if (second == std::string_view::npos) {
            try {
                eriq::verify::parse_schema(input);
            } catch (const eriq::verify::SchemaError&) {
            }
            eriq::verify::prove_pair(calcite_schema(), input, input, options);
            return;
        }
        eriq::verify::Schema schema;
        try {
            schema = eriq::verify::parse_schema(input.substr(0, first));
        } catch (const eriq::verify::SchemaError&) {
            return;
        }
        eriq::verify::prove_pair(schema, input.substr(first + 1, second - first - 1),
                                 input.substr(second + 1), options);
    });
}
