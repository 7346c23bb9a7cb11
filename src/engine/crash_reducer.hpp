#pragma once
// Reduces a case that makes the server fail (a crash): a candidate is kept when the server
// fails again under it. A failed server must come back before the next candidate, restarted
// by whatever supervises it (systemd, mysqld_safe, a test script): after each failure the
// reducer reconnects, waiting up to `server_wait`; when the server stays away, the reduction
// stops with the smallest crashing case so far.
#include <chrono>
#include <memory>

#include "engine/finding_reducer.hpp"
#include "engine/target.hpp"

namespace eriq {

struct CrashReduction {
    TestCase reduced;
    CaseOutcome outcome;  // the server fault of the last candidate kept (or of the original)
    ReductionStats stats;
    bool on_choices = false;
    bool server_stayed_down = false;  // no connection within server_wait after a failure
};

// `backend` is replaced by a new connection after each failure; `original` is the
// ServerFault outcome of `tc`, after which the server has already come back.
CrashReduction reduce_crash(std::unique_ptr<Backend>& backend, const Target& target,
                            const TestCase& tc, const CaseOutcome& original,
                            const ReductionBudget& budget, std::chrono::milliseconds server_wait,
                            const ReductionProgress& progress = {},
                            const CaseGenerator* generator = nullptr);

// Connects to the target, retrying while the server is unreachable, for up to `wait`;
// nullptr when it stayed unreachable. Other errors (refused credentials) are thrown.
std::unique_ptr<Backend> connect_when_back(const Target& target, std::chrono::milliseconds wait);

}  // namespace eriq
