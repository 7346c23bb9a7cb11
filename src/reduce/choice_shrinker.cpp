#include "reduce/choice_shrinker.hpp"

#include <algorithm>
#include <string>
#include <unordered_map>

namespace eriq {
namespace {

// The two parts of a sequence: the draws of I and those of Q.
constexpr int kParts = 2;

ChoiceValues& part_of(ChoiceSequence& s, int part) {
    return part == 0 ? s.intermediate : s.referencing;
}
const std::vector<ChoiceSpan>& spans_of(const ReplayedCase& r, int part) {
    return part == 0 ? r.intermediate_spans : r.referencing_spans;
}

// Smaller is better: characters of I and Q, then draws, then the draws in order.
bool smaller(const TestCase& a, const TestCase& b) {
    const std::size_t ca = a.intermediate.size() + a.referencing.size() + a.outer.size();
    const std::size_t cb = b.intermediate.size() + b.referencing.size() + b.outer.size();
    if (ca != cb) return ca < cb;
    if (a.choices.size() != b.choices.size()) return a.choices.size() < b.choices.size();
    if (a.choices.intermediate != b.choices.intermediate)
        return a.choices.intermediate < b.choices.intermediate;
    return a.choices.referencing < b.choices.referencing;
}

class ChoiceShrinker {
  public:
    ChoiceShrinker(const ReplayChoices& replay, const StillInteresting& interesting,
                   ReductionMeter& meter)
        : replay_(replay), interesting_(interesting), meter_(meter) {}

    TestCase run(const TestCase& tc) {
        base_ = tc;
        auto first = replay_(tc.choices);
        if (!first || first->tc.intermediate != tc.intermediate ||
            first->tc.referencing != tc.referencing || first->tc.outer != tc.outer)
            return tc;  // the draws do not derive this case: nothing to shrink on
        best_ = *first;
        known_[text_of(best_.tc)] = true;
        for (int round = 0; round < 50 && !exhausted(); ++round) {
            const TestCase before = best_.tc;
            for (int part = 0; part < kParts; ++part) {
                drop_optional_parts_and_items(part);
                minimize_productions(part);
                pass_to_descendants(part);
            }
            for (int part = 0; part < kParts; ++part) {
                for (std::size_t block : {8, 4, 2, 1}) delete_blocks(part, block);
                for (std::size_t block : {8, 4, 2, 1}) zero_blocks(part, block);
                lower_draws(part);
            }
            if (!smaller(best_.tc, before)) break;
        }
        return case_of(best_);
    }

  private:
    bool exhausted() { return meter_.exhausted(); }

    static std::string text_of(const TestCase& tc) {
        return tc.intermediate + '\0' + tc.referencing + '\0' + tc.outer;
    }

    // The base case with the replay's I and Q.
    TestCase case_of(const ReplayedCase& r) const {
        TestCase c = base_;
        c.intermediate = r.tc.intermediate;
        c.referencing = r.tc.referencing;
        c.outer = r.tc.outer;
        c.skip_representations = r.tc.skip_representations;
        c.columns = r.tc.columns;
        c.x_references = r.tc.x_references;
        c.features = r.tc.features;
        c.choices = r.tc.choices;
        return c;
    }

    // Replays `candidate`; keeps it when it is smaller and still interesting.
    bool consider(const ChoiceSequence& candidate) {
        if (exhausted()) return false;
        auto r = replay_(candidate);
        return r && smaller(r->tc, best_.tc) && keep_if_interesting(std::move(*r));
    }

    // SQL already tested is not run again: the same I and Q give the same outcome.
    bool keep_if_interesting(ReplayedCase r) {
        const std::string text = text_of(r.tc);
        auto known = known_.find(text);
        bool keeps;
        if (known != known_.end()) {
            keeps = known->second;
        } else {
            meter_.tested();
            keeps = interesting_(case_of(r));
            known_.emplace(text, keeps);
        }
        if (!keeps) return false;
        best_ = std::move(r);
        meter_.accepted(case_of(best_));
        return true;
    }

    // The spans of one part, largest first (the biggest cuts are tried first).
    std::vector<ChoiceSpan> spans(int part, ChoiceSpan::Kind kind) const {
        std::vector<ChoiceSpan> out;
        for (const ChoiceSpan& s : spans_of(best_, part))
            if (s.kind == kind) out.push_back(s);
        std::stable_sort(out.begin(), out.end(), [](const ChoiceSpan& a, const ChoiceSpan& b) {
            return a.end - a.begin > b.end - b.begin;
        });
        return out;
    }

    // best_'s sequence with [begin, end) of `part` replaced by `with`.
    ChoiceSequence splice(int part, std::size_t begin, std::size_t end,
                          const ChoiceValues& with) const {
        ChoiceSequence s = best_.tc.choices;
        ChoiceValues& v = part_of(s, part);
        end = std::min(end, v.size());
        if (begin > end) return s;
        v.erase(v.begin() + static_cast<long>(begin), v.begin() + static_cast<long>(end));
        v.insert(v.begin() + static_cast<long>(begin), with.begin(), with.end());
        return s;
    }

    // An optional part left out (its draw set to 0), one item of a list dropped (its length
    // lowered by one; for a select list, the same column of every arm): the draws the part
    // or the items made are deleted with it.
    void drop_optional_parts_and_items(int part) {
        for (ChoiceSpan::Kind kind : {ChoiceSpan::Kind::Optional, ChoiceSpan::Kind::Item}) {
            std::vector<ChoiceSpan> list = spans(part, kind);
            for (std::size_t k = 0; k < list.size() && !exhausted(); ++k) {
                if (auto c = without(part, list[k]); c && consider(*c)) {
                    list = spans(part, kind);
                    --k;  // the list changed: the same place holds another span now
                }
            }
        }
    }

    // best_'s sequence without `s` (and the items parallel to it), its control draw lowered.
    std::optional<ChoiceSequence> without(int part, const ChoiceSpan& s) const {
        ChoiceSequence c = best_.tc.choices;
        ChoiceValues& v = part_of(c, part);
        const auto control = static_cast<std::size_t>(s.control);
        if (s.control < 0 || control >= v.size() || v[control] == 0) return std::nullopt;
        std::vector<ChoiceSpan> cut{s};
        if (s.kind == ChoiceSpan::Kind::Item)
            for (const ChoiceSpan& other : spans_of(best_, part))
                if (other.kind == s.kind && other.control == s.control &&
                    other.ordinal == s.ordinal && other.begin != s.begin)
                    cut.push_back(other);
        std::sort(cut.begin(), cut.end(),
                  [](const ChoiceSpan& a, const ChoiceSpan& b) { return a.begin > b.begin; });
        for (const ChoiceSpan& x : cut) {
            if (x.end > v.size() || x.begin <= control) return std::nullopt;
            v.erase(v.begin() + x.begin, v.begin() + x.end);
        }
        v[control] = s.kind == ChoiceSpan::Kind::Optional ? 0 : v[control] - 1;
        return c;
    }

    // A production replaced by its smallest derivation in the same place: the draws it makes
    // when everything from its first draw on is 0. (Trying every alternative's smallest
    // derivation, smallest SQL first, shrank the choices further but left larger cases after
    // the text passes on the 300-second SQLite campaign's findings, and took longer.)
    void minimize_productions(int part) {
        std::vector<ChoiceSpan> list = spans(part, ChoiceSpan::Kind::Production);
        for (std::size_t k = 0; k < list.size() && !exhausted(); ++k) {
            const ChoiceSpan s = list[k];
            auto with = smallest_derivation(part, s);
            if (!with) continue;
            const ChoiceValues& now = part_of(best_.tc.choices, part);
            if (std::equal(with->begin(), with->end(), now.begin() + s.begin, now.begin() + s.end))
                continue;
            if (consider(splice(part, s.begin, s.end, *with)))
                list = spans(part, ChoiceSpan::Kind::Production);
        }
    }

    // The draws the production at `s` makes when every draw from its first on is 0.
    std::optional<ChoiceValues> smallest_derivation(int part, const ChoiceSpan& s) {
        ChoiceSequence prefix = best_.tc.choices;
        ChoiceValues& v = part_of(prefix, part);
        if (s.end > v.size()) return std::nullopt;
        v.resize(s.begin);
        auto zeros = replay_(prefix);
        if (!zeros) return std::nullopt;
        const ChoiceValues& realized = part_of(zeros->tc.choices, part);
        for (const ChoiceSpan& z : spans_of(*zeros, part))
            if (z.kind == ChoiceSpan::Kind::Production && z.begin == s.begin &&
                z.production == s.production && z.end <= realized.size())
                return ChoiceValues(realized.begin() + z.begin, realized.begin() + z.end);
        return std::nullopt;
    }

    // A production replaced by one of the same name and family nested in it: a function call
    // by an argument, a predicate by an operand, a compound query by an arm.
    void pass_to_descendants(int part) {
        std::vector<ChoiceSpan> list = spans(part, ChoiceSpan::Kind::Production);
        for (std::size_t k = 0; k < list.size() && !exhausted(); ++k) {
            const ChoiceSpan outer = list[k];
            for (const ChoiceSpan& inner : list) {
                if (inner.production != outer.production || inner.family != outer.family ||
                    inner.begin < outer.begin || inner.end > outer.end ||
                    inner.end - inner.begin >= outer.end - outer.begin)
                    continue;
                const ChoiceValues& now = part_of(best_.tc.choices, part);
                if (inner.end > now.size()) continue;
                const ChoiceValues with(now.begin() + inner.begin, now.begin() + inner.end);
                if (consider(splice(part, outer.begin, outer.end, with))) {
                    list = spans(part, ChoiceSpan::Kind::Production);
                    k = 0;
                    break;
                }
            }
        }
    }

    void delete_blocks(int part, std::size_t block) {
        for (std::size_t at = 0; !exhausted();) {
            const std::size_t size = part_of(best_.tc.choices, part).size();
            if (at + block > size) break;
            if (!consider(splice(part, at, at + block, {}))) ++at;
        }
    }

    void zero_blocks(int part, std::size_t block) {
        for (std::size_t at = 0; !exhausted(); ++at) {
            const ChoiceValues& now = part_of(best_.tc.choices, part);
            if (at + block > now.size()) break;
            if (std::all_of(now.begin() + static_cast<long>(at),
                            now.begin() + static_cast<long>(at + block),
                            [](std::uint64_t v) { return v == 0; }))
                continue;
            consider(splice(part, at, at + block, ChoiceValues(block, 0)));
        }
    }

    // Each draw as low as it goes: 0 first, then a binary search below its value (a few
    // steps: a float's 53 bits would cost a test each).
    void lower_draws(int part) {
        for (std::size_t at = 0; !exhausted(); ++at) {
            const ChoiceValues& now = part_of(best_.tc.choices, part);
            if (at >= now.size()) break;
            const std::uint64_t value = now[at];
            if (value == 0) continue;
            auto with_value = [&](std::uint64_t v) {
                ChoiceSequence c = best_.tc.choices;
                part_of(c, part)[at] = v;
                return consider(c);
            };
            if (with_value(0)) continue;
            std::uint64_t lo = 0;  // fails
            std::uint64_t hi = value;
            for (int step = 0; step < 12 && hi - lo > 1 && !exhausted(); ++step) {
                // A kept candidate may have changed the draws around this one: stop then.
                const ChoiceValues& current = part_of(best_.tc.choices, part);
                if (at >= current.size() || current[at] != hi) break;
                const std::uint64_t mid = lo + (hi - lo) / 2;
                if (with_value(mid))
                    hi = mid;
                else
                    lo = mid;
            }
        }
    }

    const ReplayChoices& replay_;
    const StillInteresting& interesting_;
    ReductionMeter& meter_;
    TestCase base_;
    ReplayedCase best_;
    std::unordered_map<std::string, bool> known_;  // I and Q tested, and whether they kept it
};

}  // namespace

TestCase shrink_choices(const TestCase& tc, const ReplayChoices& replay,
                        const StillInteresting& interesting, const ReductionBudget& budget,
                        ReductionStats* stats, const ReductionProgress& progress) {
    ReductionMeter meter(budget, stats, progress);
    TestCase out = ChoiceShrinker(replay, interesting, meter).run(tc);
    meter.exhausted();  // final elapsed time
    return out;
}

}  // namespace eriq
