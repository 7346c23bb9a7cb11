#pragma once
// A timer thread that stops a statement at its deadline, for client libraries whose only
// way to stop one is a call from another thread (duckdb_interrupt). The thread starts at the
// first arm() and waits idle between statements.
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace eriq {

class StatementWatchdog {
  public:
    // `on_deadline` runs on the watchdog's thread when an armed deadline passes.
    explicit StatementWatchdog(std::function<void()> on_deadline);
    ~StatementWatchdog();
    StatementWatchdog(const StatementWatchdog&) = delete;
    StatementWatchdog& operator=(const StatementWatchdog&) = delete;

    void arm(std::chrono::steady_clock::time_point deadline);
    // Ends the watch; true when the deadline fired (on_deadline ran) since arm().
    bool disarm();

  private:
    void watch();

    std::function<void()> on_deadline_;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::chrono::steady_clock::time_point deadline_;
    bool armed_ = false;
    bool fired_ = false;
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace eriq
