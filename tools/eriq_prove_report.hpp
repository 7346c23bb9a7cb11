#pragma once
// eriq-prove's verdicts and how they are printed: a line of text (with the counterexample as
// SQL) or JSON, and the exit code of each verdict.
#include <optional>
#include <string>

#include "refute/counterexample.hpp"
#include "verify/prover.hpp"

namespace eriq::prove_tool {

// Exit codes: one per verdict, and 2 for usage errors (eriq-gen's convention).
constexpr int kExitProved = 0;
constexpr int kExitNotEquivalent = 1;
constexpr int kExitUsage = 2;
constexpr int kExitUnknown = 3;
constexpr int kExitUnsupported = 4;
constexpr int kExitParseError = 5;

struct Verdict {
    verify::ProveResult proof;
    std::optional<refute::RefuteResult> search;  // when the proof did not succeed

    bool refuted() const { return search && search->counterexample; }
    // "proved", "not equivalent", "unknown", "unsupported", "parse error"
    std::string name() const;
    std::string detail() const;
    int exit_code() const;
    double seconds() const { return proof.seconds + (search ? search->seconds : 0); }
};

std::string json_quote(std::string_view s);
// The verdict as a text block (verdict line, counterexample SQL, time).
std::string verdict_text(const Verdict& v);
// The verdict as one JSON object; `name` is added when not empty.
std::string verdict_json(const Verdict& v, const std::string& name);

}  // namespace eriq::prove_tool
