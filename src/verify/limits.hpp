#pragma once
// The limits of one eriq-prove pair: query size, nesting and term counts checked while parsing,
// and the deadline checked by the parser, the normalizer and the matcher alike, so that no
// input can exhaust the stack or outlast --timeout-ms. The deadline is per thread.
#include <chrono>
#include <cstddef>
#include <stdexcept>

namespace eriq::verify {

constexpr std::size_t kMaxQueryBytes = 1 << 20;
constexpr unsigned kMaxNesting = 100;     // parentheses, subqueries, CASE, NOT, joins
constexpr std::size_t kMaxTerms = 20000;  // expression nodes of one query
constexpr std::size_t kMaxDepth = 1000;   // expression tree depth (long operator chains)

struct ProofTimeout : std::runtime_error {
    ProofTimeout() : std::runtime_error("timeout") {}
};

// Sets this thread's deadline for as long as it lives.
class ScopedDeadline {
  public:
    explicit ScopedDeadline(std::chrono::steady_clock::time_point deadline);
    ~ScopedDeadline();
    ScopedDeadline(const ScopedDeadline&) = delete;
    ScopedDeadline& operator=(const ScopedDeadline&) = delete;

  private:
    bool had_previous_;
    std::chrono::steady_clock::time_point previous_;
};

// Throws ProofTimeout once this thread's deadline (if any) has passed; cheap enough to call per
// expression node (it reads the clock only every few hundred calls).
void check_deadline();

// Counts one nesting level while it lives; throws Unsupported past kMaxNesting.
class NestingLevel {
  public:
    NestingLevel();
    ~NestingLevel();
    NestingLevel(const NestingLevel&) = delete;
    NestingLevel& operator=(const NestingLevel&) = delete;
};

// Term counting for one query: reset before parsing it, one call per expression node built.
void reset_term_count();
void count_term();

}  // namespace eriq::verify
