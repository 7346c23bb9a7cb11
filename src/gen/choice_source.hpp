#pragma once
// Where a derivation's random draws come from. A derivation is a deterministic function of
// its draws, so the list of draws (a choice sequence, as in Hypothesis: MacIver and
// Donaldson, "Test-Case Reduction via Test-Case Generation", ECOOP 2020) stands for the
// case, and a shorter or smaller list is again a derivation of the grammar.
//
// Each draw is kept as a value whose 0 is the simplest outcome: the first alternative in
// the caller's order (shortest first), the fewest repetitions, an optional part left out,
// the first column or table, the integer nearest 0. Three modes:
//   draw    from the Rng, nothing kept (the same numbers as drawing from the Rng itself)
//   record  from the Rng, each draw's value appended to a list
//   replay  from a list: a value past its bound is clamped, a draw past the list's end is 0
//           (Hypothesis's convention, so cutting the list short is a meaningful move); the
//           values actually used are appended to a list, with the spans of what they derived.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "gen/rng.hpp"
#include "model/choice_sequence.hpp"

namespace eriq {

// The draws [begin, end) that derived one part of a query: a production (from the draw of
// its alternative on), the body of an optional part, or one item of a list. `control` is
// the draw that decided an optional part or the length of a list (-1 for none); the items
// of a select list in every arm of a compound query share the first arm's.
struct ChoiceSpan {
    enum class Kind : std::uint8_t { Production, Optional, Item };
    Kind kind = Kind::Production;
    std::uint32_t begin = 0;
    std::uint32_t end = 0;
    std::int32_t control = -1;
    std::int32_t production = -1;  // Production: the production id
    std::int32_t family = -1;      // Production: the family id it was derived for, -1 if none
    std::int32_t ordinal = -1;     // Item: its position in the list
};

class ChoiceSource {
  public:
    explicit ChoiceSource(Rng& rng) : rng_(&rng) {}
    ChoiceSource(Rng& rng, ChoiceValues* record) : rng_(&rng), log_(record) {}
    // Replays `values`; the values used go to `realized`, the spans to `spans` (both may be null).
    ChoiceSource(const ChoiceValues& values, ChoiceValues* realized,
                 std::vector<ChoiceSpan>* spans = nullptr)
        : replay_(&values), log_(realized), spans_(spans) {}

    // Uniform in [0, n); value: the result.
    std::uint64_t below(std::uint64_t n) {
        if (n == 0) return 0;  // Rng::below(0) draws nothing either
        if (replay_) return note(std::min(take(), n - 1));
        const std::uint64_t v = rng_->below(n);
        return log_ ? note(v) : v;
    }

    // Uniform in [lo, hi]; value: 0 for the point nearest 0, then alternately above and below.
    std::int64_t range(std::int64_t lo, std::int64_t hi) {
        if (hi <= lo) return lo;
        if (replay_) {
            const std::uint64_t span =
                static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
            const std::uint64_t u = std::min(take(), span);
            note(u);
            return decode_range(u, lo, hi);
        }
        const std::int64_t v = rng_->range(lo, hi);
        if (log_) note(encode_range(v, lo, hi));
        return v;
    }

    // True with probability p; value: 1 for true. p <= 0 draws nothing (as Rng::chance).
    bool chance(double p) {
        if (!(p > 0)) return false;
        if (replay_) {
            const bool b = take() != 0 || p >= 1;
            note(b ? 1 : 0);
            return b;
        }
        const bool b = rng_->chance(p);
        if (log_) note(b ? 1 : 0);
        return b;
    }

    // Uniform in [0, 1); value: the 53 bits of the fraction.
    double unit() {
        constexpr std::uint64_t kMax = (std::uint64_t{1} << 53) - 1;
        const std::uint64_t bits = replay_ ? std::min(take(), kMax) : rng_->next() >> 11;
        if (log_) note(bits);
        return static_cast<double>(bits) * 0x1.0p-53;
    }

    // An index drawn with probability proportional to `weights`, -1 when all are 0 (nothing
    // drawn then). Value: the index's rank in `order` (order[r] is the index of rank r; null:
    // the indexes themselves). A replayed rank whose weight is 0 gives the next positive one.
    int weighted(const std::vector<double>& weights, const std::vector<int>* order = nullptr) {
        if (!replay_) {
            const int idx = rng_->weighted(weights);
            if (log_ && idx >= 0) note(rank_of(idx, order));
            return idx;
        }
        if (std::none_of(weights.begin(), weights.end(), [](double w) { return w > 0; })) return -1;
        const std::size_t n = weights.size();
        const std::size_t first = static_cast<std::size_t>(std::min<std::uint64_t>(take(), n - 1));
        for (std::size_t k = 0; k < n; ++k) {
            const std::size_t rank = (first + k) % n;
            const int idx = order ? (*order)[rank] : static_cast<int>(rank);
            if (weights[static_cast<std::size_t>(idx)] > 0) {
                note(rank);
                return idx;
            }
        }
        return -1;
    }

    template <typename T>
    const T& pick(const std::vector<T>& v) {
        return v[below(v.size())];
    }

    // Spans, kept only when replaying with a span list.
    bool keeps_spans() const { return spans_ != nullptr; }
    // The index the next draw will have.
    std::uint32_t position() const { return static_cast<std::uint32_t>(log_ ? log_->size() : 0); }
    void add_span(const ChoiceSpan& span) {
        if (spans_ && span.end > span.begin) spans_->push_back(span);
    }

    static std::uint64_t encode_range(std::int64_t v, std::int64_t lo, std::int64_t hi);
    static std::int64_t decode_range(std::uint64_t u, std::int64_t lo, std::int64_t hi);

  private:
    std::uint64_t take() { return next_ < replay_->size() ? (*replay_)[next_++] : (++next_, 0); }
    std::uint64_t note(std::uint64_t v) {
        if (log_) log_->push_back(v);
        return v;
    }
    static std::uint64_t rank_of(int idx, const std::vector<int>* order) {
        if (!order) return static_cast<std::uint64_t>(idx);
        const auto it = std::find(order->begin(), order->end(), idx);
        return static_cast<std::uint64_t>(it - order->begin());
    }

    Rng* rng_ = nullptr;
    const ChoiceValues* replay_ = nullptr;
    std::size_t next_ = 0;
    ChoiceValues* log_ = nullptr;
    std::vector<ChoiceSpan>* spans_ = nullptr;
};

}  // namespace eriq
