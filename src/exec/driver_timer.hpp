#pragma once
// Adds the wall time of one scope to a backend's driver-time counter.
#include <chrono>

namespace eriq {

class DriverTimer {
  public:
    explicit DriverTimer(double& total) : total_(total), start_(std::chrono::steady_clock::now()) {}
    ~DriverTimer() {
        total_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    }
    DriverTimer(const DriverTimer&) = delete;
    DriverTimer& operator=(const DriverTimer&) = delete;

  private:
    double& total_;
    std::chrono::steady_clock::time_point start_;
};

}  // namespace eriq
