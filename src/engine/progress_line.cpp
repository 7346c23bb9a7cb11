#include "engine/progress_line.hpp"

#include <unistd.h>

#include <fmt/format.h>

namespace eriq {

ProgressLine::ProgressLine(bool enabled)
    : enabled_(enabled),
      tty_(isatty(STDERR_FILENO) != 0),
      start_(std::chrono::steady_clock::now()),
      last_(start_) {}

void ProgressLine::update(const CampaignStats& s, bool force) {
    if (!enabled_) return;
    const auto now = std::chrono::steady_clock::now();
    const auto interval = tty_ ? std::chrono::seconds(1) : std::chrono::seconds(10);
    if (!force && now - last_ < interval) return;
    last_ = now;
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    std::string line = fmt::format(
        "[{:>6.0f}s] cases {} ({:.1f}/s)  valid {:.1f}%  discarded {}  skipped {}  findings {}  "
        "benign {}",
        elapsed, s.cases, elapsed > 0 ? static_cast<double>(s.cases) / elapsed : 0.0,
        s.cases ? 100.0 * static_cast<double>(s.valid) / static_cast<double>(s.cases) : 0.0,
        s.discarded_total(), s.skipped_variants, s.findings, s.benign);
    if (tty_) {
        fmt::print(stderr, "\r{}\x1b[K", line);
        drawn_ = true;
    } else {
        fmt::print(stderr, "{}\n", line);
    }
    std::fflush(stderr);
}

void ProgressLine::finish() {
    if (enabled_ && tty_ && drawn_) fmt::print(stderr, "\n");
}

}  // namespace eriq
