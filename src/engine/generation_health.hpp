#pragma once
// Notices a campaign whose generation keeps failing (a grammar that is productive on
// paper but whose derivations fail in practice, e.g. a Q that never references x), so
// it stops with an error instead of spinning for its whole time budget.
#include <cstdint>
#include <optional>
#include <string>

namespace eriq {

class GenerationHealth {
  public:
    // Stop after this many failed intermediate queries in a row...
    static constexpr std::int64_t kMaxConsecutiveFailures = 200;
    // ...or, once this many were attempted, when more than kMaxFailureShare of them failed.
    static constexpr std::int64_t kMinAttempts = 1000;
    static constexpr double kMaxFailureShare = 0.9;

    // Records one attempt to generate an intermediate query with its referencing queries;
    // returns why the campaign should stop, if it should.
    std::optional<std::string> record(bool failed);

  private:
    std::int64_t attempts_ = 0;
    std::int64_t failures_ = 0;
    std::int64_t consecutive_ = 0;
};

}  // namespace eriq
