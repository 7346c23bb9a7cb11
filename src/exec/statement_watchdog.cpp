#include "exec/statement_watchdog.hpp"

#include <utility>

namespace eriq {

StatementWatchdog::StatementWatchdog(std::function<void()> on_deadline)
    : on_deadline_(std::move(on_deadline)) {}

StatementWatchdog::~StatementWatchdog() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    changed_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void StatementWatchdog::arm(std::chrono::steady_clock::time_point deadline) {
    {
        std::lock_guard lock(mutex_);
        deadline_ = deadline;
        armed_ = true;
        fired_ = false;
        if (!thread_.joinable()) thread_ = std::thread([this] { watch(); });
    }
    changed_.notify_all();
}

bool StatementWatchdog::disarm() {
    std::lock_guard lock(mutex_);
    armed_ = false;
    return fired_;
}

void StatementWatchdog::watch() {
    std::unique_lock lock(mutex_);
    while (!stopping_) {
        if (!armed_) {
            changed_.wait(lock);
            continue;
        }
        if (changed_.wait_until(lock, deadline_) == std::cv_status::timeout && armed_ &&
            std::chrono::steady_clock::now() >= deadline_) {
            armed_ = false;
            fired_ = true;
            // Under the lock: disarm() cannot return (and the statement's connection be
            // closed) while the callback still uses it.
            on_deadline_();
        }
    }
}

}  // namespace eriq
