#include "engine/generation_health.hpp"

#include <fmt/format.h>

namespace eriq {

std::optional<std::string> GenerationHealth::record(bool failed) {
    ++attempts_;
    if (!failed) {
        consecutive_ = 0;
        return std::nullopt;
    }
    ++failures_;
    ++consecutive_;
    const char* advice =
        "check the grammar's weights, that 'referencing' reaches @x and that derivations stay "
        "within the generation budget (over_budget in summary.json; --dry-run shows what is "
        "generated)";
    if (consecutive_ >= kMaxConsecutiveFailures)
        return fmt::format("generation failed for {} intermediate queries in a row; {}",
                           consecutive_, advice);
    if (attempts_ >= kMinAttempts &&
        static_cast<double>(failures_) > kMaxFailureShare * static_cast<double>(attempts_))
        return fmt::format("generation failed for {} of {} intermediate queries; {}", failures_,
                           attempts_, advice);
    return std::nullopt;
}

}  // namespace eriq
