#pragma once
// SIGINT and SIGTERM while a campaign runs. The first sets the campaign's stop flag (the
// campaign then interrupts the statements in flight and writes its summary); a second
// ends the process at once with exit code 128 + signal (130, 143). Everything eriq writes
// is complete on disk by then: reports and summaries are renamed into place, index lines
// are single appends, and the output folder's lock goes with the process.
#include <atomic>
#include <csignal>

namespace eriq {

class StopSignals {
  public:
    // Installs the handlers; the previous ones come back when this is destroyed.
    explicit StopSignals(std::atomic<bool>& stop);
    ~StopSignals();
    StopSignals(const StopSignals&) = delete;
    StopSignals& operator=(const StopSignals&) = delete;

  private:
    struct sigaction previous_int_ {};
    struct sigaction previous_term_ {};
};

}  // namespace eriq
