#pragma once
// The live progress line: redrawn in place about once a second on a terminal,
// printed as a plain line every ten seconds otherwise (logs, CI).
#include <chrono>
#include <cstdio>

#include "engine/campaign_stats.hpp"

namespace eriq {

class ProgressLine {
  public:
    explicit ProgressLine(bool enabled);
    void update(const CampaignStats& s, bool force = false);
    void finish();

  private:
    bool enabled_;
    bool tty_;
    bool drawn_ = false;
    std::chrono::steady_clock::time_point start_;
    std::chrono::steady_clock::time_point last_;
};

}  // namespace eriq
