#include "verify/limits.hpp"

#include <optional>

#include <fmt/format.h>

#include "verify/sql_parse.hpp"

namespace eriq::verify {
namespace {

thread_local std::optional<std::chrono::steady_clock::time_point> deadline;
thread_local unsigned calls_since_clock = 0;
thread_local unsigned nesting = 0;
thread_local std::size_t terms = 0;

}  // namespace

ScopedDeadline::ScopedDeadline(std::chrono::steady_clock::time_point d)
    : had_previous_(deadline.has_value()), previous_(deadline.value_or(d)) {
    deadline = d;
}

ScopedDeadline::~ScopedDeadline() {
    if (had_previous_)
        deadline = previous_;
    else
        deadline.reset();
}

void check_deadline() {
    if (!deadline || ++calls_since_clock < 256) return;
    calls_since_clock = 0;
    if (std::chrono::steady_clock::now() >= *deadline) throw ProofTimeout();
}

NestingLevel::NestingLevel() {
    if (nesting >= kMaxNesting)
        throw Unsupported(fmt::format("query nested deeper than {} levels", kMaxNesting));
    ++nesting;
}

NestingLevel::~NestingLevel() {
    --nesting;
}

void reset_term_count() {
    terms = 0;
}

void count_term() {
    if (++terms > kMaxTerms)
        throw Unsupported(fmt::format("query with more than {} terms", kMaxTerms));
    check_deadline();
}

}  // namespace eriq::verify
