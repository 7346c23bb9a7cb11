#include "catalog/benign_pattern.hpp"

#include <stdexcept>

#include <re2/re2.h>

namespace eriq {

BenignPattern::BenignPattern(const std::string& regex) {
    RE2::Options options;
    options.set_case_sensitive(false);
    options.set_log_errors(false);
    auto re = std::make_shared<const RE2>(regex, options);
    if (!re->ok()) throw std::invalid_argument(re->error());
    re_ = std::move(re);
}

bool BenignPattern::found_in(std::string_view text) const {
    return re_ && RE2::PartialMatch(text, *re_);
}

}  // namespace eriq
