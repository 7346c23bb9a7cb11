// A stopped run ends its waits within a fraction of a second (engine/crash_reducer.hpp): the
// wait for a restarted server that never comes back, the pause before reconnecting, and a
// reduction's budget (reduce/reduction_meter.hpp).
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <thread>

#include "engine/crash_reducer.hpp"
#include "exec/backend.hpp"
#include "reduce/reduction_meter.hpp"

using namespace eriq;

namespace {

// A server that never comes back: every connection attempt is a lost connection.
std::unique_ptr<Backend> never_back() {
    throw BackendError("connection_lost", "Can't connect to server on '127.0.0.1'", true);
}

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

TEST_CASE("the wait for a server that never comes back ends soon after the stop flag",
          "[engine][stop]") {
    std::atomic<bool> stop{false};
    std::thread signal([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        stop = true;
    });
    const auto start = std::chrono::steady_clock::now();
    const auto backend = wait_for_server(never_back, std::chrono::seconds(60), &stop);
    const double waited = seconds_since(start);
    signal.join();
    CHECK(backend == nullptr);
    CHECK(waited >= 0.25);
    CHECK(waited < 1.0);
}

TEST_CASE("without a stop the wait for a server ends at its own limit", "[engine][stop]") {
    const auto start = std::chrono::steady_clock::now();
    CHECK(wait_for_server(never_back, std::chrono::milliseconds(600), nullptr) == nullptr);
    CHECK(seconds_since(start) >= 0.55);
    CHECK(seconds_since(start) < 2.0);
}

TEST_CASE("an error that is no lost connection is thrown at once", "[engine][stop]") {
    auto refused = []() -> std::unique_ptr<Backend> {
        throw BackendError("access_denied", "Access denied for user", false);
    };
    CHECK_THROWS_AS(wait_for_server(refused, std::chrono::seconds(60), nullptr), BackendError);
}

TEST_CASE("the pause before reconnecting ends when the run stops", "[engine][stop]") {
    std::atomic<bool> stop{true};
    const auto start = std::chrono::steady_clock::now();
    CHECK_FALSE(sleep_unless_stopped(std::chrono::seconds(30), &stop));
    CHECK(seconds_since(start) < 0.2);
    CHECK(sleep_unless_stopped(std::chrono::milliseconds(100), nullptr));
}

TEST_CASE("a reduction's budget is spent once the run stops", "[engine][stop]") {
    std::atomic<bool> stop{false};
    const ReductionBudget budget{3000, std::chrono::minutes(5), &stop};
    ReductionStats stats;
    ReductionMeter meter(budget, &stats, {});
    CHECK_FALSE(meter.exhausted());
    stop = true;
    CHECK(meter.exhausted());
    CHECK(stats.budget_spent);
}
