#pragma once
// Reduces a case that makes the server fail (a crash): a candidate is kept when the server
// fails again under it. A failed server must come back before the next candidate, restarted
// by whatever supervises it (systemd, mysqld_safe, a test script): after each failure the
// reducer reconnects, waiting up to `server_wait`; when the server stays away, the reduction
// stops with the smallest crashing case so far.
#include <atomic>
#include <chrono>
#include <functional>
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

// Connects to the target, retrying while the server is unreachable, for up to `wait` or until
// `*stop` is set (polled every 50 ms); nullptr when it stayed unreachable or the run stops.
// Other errors (refused credentials) are thrown.
std::unique_ptr<Backend> connect_when_back(const Target& target, std::chrono::milliseconds wait,
                                           const std::atomic<bool>* stop = nullptr);

// connect_when_back's loop over any way of connecting (a test's fake server among them).
std::unique_ptr<Backend> wait_for_server(const std::function<std::unique_ptr<Backend>()>& connect,
                                         std::chrono::milliseconds wait,
                                         const std::atomic<bool>* stop);

// Sleeps for `delay` in steps of 50 ms; false (at once) when `*stop` is set.
bool sleep_unless_stopped(std::chrono::milliseconds delay, const std::atomic<bool>* stop);

}  // namespace eriq
