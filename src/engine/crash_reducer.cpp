#include "engine/crash_reducer.hpp"

#include <thread>

namespace eriq {

bool sleep_unless_stopped(std::chrono::milliseconds delay, const std::atomic<bool>* stop) {
    const auto until = std::chrono::steady_clock::now() + delay;
    for (;;) {
        if (stop != nullptr && stop->load()) return false;
        const auto now = std::chrono::steady_clock::now();
        if (now >= until) return true;
        std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(
            until - now, std::chrono::milliseconds(50)));
    }
}

std::unique_ptr<Backend> wait_for_server(const std::function<std::unique_ptr<Backend>()>& connect,
                                         std::chrono::milliseconds wait,
                                         const std::atomic<bool>* stop) {
    const auto deadline = std::chrono::steady_clock::now() + wait;
    for (;;) {
        if (stop != nullptr && stop->load()) return nullptr;
        try {
            return connect();
        } catch (const BackendError& e) {
            if (!e.server_fault) throw;
            if (std::chrono::steady_clock::now() >= deadline) return nullptr;
            if (!sleep_unless_stopped(std::chrono::milliseconds(250), stop)) return nullptr;
        }
    }
}

std::unique_ptr<Backend> connect_when_back(const Target& target, std::chrono::milliseconds wait,
                                           const std::atomic<bool>* stop) {
    return wait_for_server([&] { return open_backend(target.connection, target.backend_options); },
                           wait, stop);
}

CrashReduction reduce_crash(std::unique_ptr<Backend>& backend, const Target& target,
                            const TestCase& tc, const CaseOutcome& original,
                            const ReductionBudget& budget, std::chrono::milliseconds server_wait,
                            const ReductionProgress& progress, const CaseGenerator* generator) {
    CrashReduction out;
    out.outcome = original;
    auto interesting = [&](const TestCase& candidate) {
        if (out.server_stayed_down) return false;
        CaseOutcome outcome =
            run_case_alone(*backend, target.dialect, target.rules, candidate, "reduce");
        if (outcome.verdict != Verdict::ServerFault) return false;
        // The failed server dies and is restarted by its supervisor; a connection made
        // before it has died would be lost on the next candidate.
        backend.reset();
        if (sleep_unless_stopped(std::chrono::milliseconds(500), budget.stop))
            backend = connect_when_back(target, server_wait, budget.stop);
        out.server_stayed_down = backend == nullptr;
        // With the server's log read, a candidate that crashes in another function has
        // slipped to another bug.
        if (!original.crash_frames.empty() && !outcome.crash_frames.empty() &&
            outcome.crash_frames.front() != original.crash_frames.front())
            return false;
        out.outcome = outcome;
        return true;
    };
    ShrunkCase shrunk = shrink_case(tc, interesting, budget, progress, target.dialect, generator);
    out.reduced = std::move(shrunk.reduced);
    out.stats = shrunk.stats;
    out.on_choices = shrunk.on_choices;
    return out;
}

}  // namespace eriq
