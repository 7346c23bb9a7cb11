#pragma once
// Bag equivalence of two SQL queries over a schema (eriq-prove). "Proved" is only returned
// when the normalized algebra of both queries matches under Z3 checks; everything else is
// "unknown" (NotProved: not shown either way, with the reason), "unsupported" or a parse error.
// Showing that a pair is NOT equivalent takes running it (src/refute/).
#include <string>
#include <string_view>

#include "verify/schema.hpp"

namespace eriq::verify {

struct ProveOptions {
    unsigned timeout_ms = 10000;  // per pair, all solver calls together
};

struct ProveResult {
    enum class Status { Proved, NotProved, Unsupported, ParseError };
    Status status = Status::NotProved;
    std::string detail;  // the unsupported feature, the parse error, "timeout"
    double seconds = 0;
};

ProveResult prove_pair(const Schema& schema, std::string_view q1, std::string_view q2,
                       const ProveOptions& options = {});

// The Z3 library's full version string, e.g. "4.8.12.0".
std::string z3_version();

// "proved", "unknown", "unsupported", "parse error"
const char* status_name(ProveResult::Status s);

}  // namespace eriq::verify
