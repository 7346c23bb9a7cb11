// Predicate sanity during generation: a WHERE/ON/HAVING predicate is shown to the check's
// PredicateChecker; a contradiction or tautology is re-drawn with the check's share (a chance
// draw, so a replay of the recorded draws with the same check derives the same SQL).
#include <algorithm>
#include <cctype>
#include <chrono>
#include <set>

#include "gen/derivation.hpp"
#include "util/strict_number.hpp"

namespace eriq {
namespace {

constexpr int kMaxRedraws = 3;

// "WHERE", "ON" or "HAVING" when `text` ends with that word; "" otherwise.
std::string trailing_keyword(const std::string& text) {
    size_t end = text.find_last_not_of(" \t\r\n");
    if (end == std::string::npos) return "";
    size_t begin = end + 1;
    while (begin > 0 && std::isalpha(static_cast<unsigned char>(text[begin - 1]))) --begin;
    std::string word = text.substr(begin, end + 1 - begin);
    for (char& c : word) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return word == "WHERE" || word == "ON" || word == "HAVING" ? word : "";
}

// The integer range a type's listed boundary values and random draws span.
void integer_range(const TypeInfo& type, PredicateColumn& column) {
    std::optional<double> lo, hi;
    auto widen = [&](double v) {
        lo = lo ? std::min(*lo, v) : v;
        hi = hi ? std::max(*hi, v) : v;
    };
    for (const std::string& v : type.values)
        if (auto n = parse_finite_number(v)) widen(*n);
    if (type.random.kind == "int") {
        widen(type.random.min);
        widen(type.random.max);
    }
    // Beyond +-2^62 a double no longer names the boundary exactly: leave that side open.
    constexpr double kExact = 4.6e18;
    if (lo && *lo > -kExact) column.min = static_cast<std::int64_t>(*lo);
    if (hi && *hi < kExact) column.max = static_cast<std::int64_t>(*hi);
}

}  // namespace

std::vector<PredicateColumn> Derivation::predicate_columns(bool on_clause) const {
    std::vector<PredicateColumn> out;
    if (state_.get().scopes.empty()) return out;
    const auto& columns = state_.get().scopes.back().columns;
    // After an outer join a NOT NULL column may read NULL: in a WHERE or HAVING over more than
    // one table its NOT NULL is not trusted. An ON reads the joined rows themselves.
    std::set<std::string> sources;
    for (const ScopeColumn& c : columns) sources.insert(c.ref.substr(0, c.ref.find('.')));
    const bool trust_not_null = on_clause || sources.size() <= 1;
    for (const ScopeColumn& c : columns) {
        PredicateColumn p{c.ref, c.family, trust_not_null && c.not_null, {}, {}};
        if (c.family == "int" && !c.type.empty())
            for (const TypeInfo& t : d_.types)
                if (t.name == c.type) integer_range(t, p);
        out.push_back(std::move(p));
    }
    return out;
}

std::optional<std::string> Derivation::derive_sequence_item(const std::vector<dsl::Item>& items,
                                                            std::size_t i,
                                                            const std::string& family,
                                                            Bindings& bindings, int depth) {
    const dsl::Item& item = items[i];
    if (predicate_check_ && item.kind == dsl::ItemKind::NonTerminal && i > 0 &&
        items[i - 1].kind == dsl::ItemKind::Text)
        if (std::string kw = trailing_keyword(items[i - 1].text); !kw.empty())
            return derive_checked_predicate(item, family, bindings, depth, kw == "ON");
    return derive_item(item, family, bindings, depth);
}

std::optional<std::string> Derivation::derive_checked_predicate(const dsl::Item& item,
                                                                const std::string& family,
                                                                Bindings& bindings, int depth,
                                                                bool on_clause) {
    PredicateCheckStats* stats = predicate_check_->stats;
    for (int redraws = 0;; ++redraws) {
        const auto point = state_.save();
        const auto mark = trace_mark();
        const Bindings saved = bindings;
        auto r = derive_item(item, family, bindings, depth);
        if (!r) {
            state_.release(point);
            return r;
        }
        const auto start = std::chrono::steady_clock::now();
        const PredicateVerdict v =
            predicate_check_->checker->classify(*r, predicate_columns(on_clause));
        if (stats) {
            stats->nanoseconds += std::chrono::duration_cast<std::chrono::nanoseconds>(
                                      std::chrono::steady_clock::now() - start)
                                      .count();
            ++stats->verdicts[static_cast<int>(v)];
        }
        const bool degenerate =
            v == PredicateVerdict::Contradiction || v == PredicateVerdict::Tautology;
        if (!degenerate || redraws == kMaxRedraws ||
            !choices_->chance(predicate_check_->redraw_share)) {
            state_.release(point);
            return r;
        }
        if (stats) ++stats->redraws;
        state_.restore(point);
        trace_rollback(mark);
        bindings = saved;
    }
}

}  // namespace eriq
