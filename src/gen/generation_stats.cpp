#include "gen/generation_stats.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "util/json_writer.hpp"

namespace eriq {
namespace {

void bump(std::vector<UsageCount>& counts, const std::vector<int>& ids, bool invalid) {
    for (int id : ids) {
        auto& c = counts[static_cast<std::size_t>(id)];
        ++c.generated;
        if (invalid) ++c.invalid;
    }
}

void write_usage(JsonWriter& w, const char* key, const std::vector<std::string>& names,
                 const std::vector<UsageCount>& counts) {
    w.key(key);
    w.begin_object();
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (names[i].empty()) continue;
        w.key(names[i]);
        w.begin_object();
        w.key("generated");
        w.integer(counts[i].generated);
        w.key("invalid");
        w.integer(counts[i].invalid);
        w.end_object();
    }
    w.end_object();
}

struct Coverage {
    std::size_t generated = 0;
    std::size_t total = 0;
    std::string missing;  // names never generated, comma-separated
};

// Entries with an empty name (type families the dialect lacks) are not counted.
Coverage coverage(const std::vector<std::string>& names, const std::vector<UsageCount>& counts) {
    Coverage c;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (names[i].empty()) continue;
        ++c.total;
        if (counts[i].generated > 0)
            ++c.generated;
        else
            c.missing += (c.missing.empty() ? "" : ", ") + names[i];
    }
    return c;
}

void write_coverage(JsonWriter& w, const char* key, const Coverage& c) {
    w.key(key);
    w.begin_object();
    w.key("generated");
    w.integer(static_cast<std::int64_t>(c.generated));
    w.key("total");
    w.integer(static_cast<std::int64_t>(c.total));
    w.end_object();
}

std::string never_line(const char* what, const Coverage& c) {
    const double share =
        c.total ? 100.0 * static_cast<double>(c.generated) / static_cast<double>(c.total) : 100.0;
    return fmt::format("  {:<12} {:>4} of {:<4} generated ({:.1f}%){}{}\n", what, c.generated,
                       c.total, share, c.missing.empty() ? "" : "; never: ", c.missing);
}

// The `limit` entries with the highest invalid share.
std::string worst_rows(const char* what, const std::vector<std::string>& names,
                       const std::vector<UsageCount>& counts, std::size_t limit) {
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < names.size(); ++i)
        if (!names[i].empty() && counts[i].invalid > 0) order.push_back(i);
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return counts[a].invalid_share() > counts[b].invalid_share();
    });
    if (order.size() > limit) order.resize(limit);
    std::string out;
    for (std::size_t i : order)
        out +=
            fmt::format("    {:<10} {:<32} {:>9} {:>9} {:>7.1f}%\n", what, names[i],
                        counts[i].generated, counts[i].invalid, 100.0 * counts[i].invalid_share());
    return out;
}

}  // namespace

void write_down_weighted(JsonWriter& w, const std::vector<DownWeight>& down_weighted) {
    w.begin_array();
    for (const auto& d : down_weighted) {
        w.begin_object();
        w.key("kind");
        w.string(d.kind);
        w.key("name");
        w.string(d.name);
        w.key("generated");
        w.integer(d.usage.generated);
        w.key("invalid");
        w.integer(d.usage.invalid);
        w.key("factor");
        w.number(d.factor);
        w.key("at_case");
        w.integer(d.at_case);
        w.end_object();
    }
    w.end_array();
}

GenerationStats::GenerationStats(const GrammarIndex& index)
    : index_(index),
      productions_(index.production_names.size()),
      functions_(index.function_names.size()),
      families_(all_families().size()) {
    for (std::size_t i = 0; i < all_families().size(); ++i)
        family_names_.push_back(index.family_usable[i] ? all_families()[i] : std::string());
}

void GenerationStats::record(const CaseFeatures& features, bool invalid) {
    ++cases_.generated;
    if (invalid) ++cases_.invalid;
    bump(productions_, features.productions, invalid);
    bump(functions_, features.functions, invalid);
    bump(families_, features.families, invalid);
}

std::string GenerationStats::json(const std::vector<DownWeight>& down_weighted,
                                  const PredicateCheckStats* predicates) const {
    JsonWriter w;
    w.begin_object();
    w.key("cases");
    w.integer(cases_.generated);
    w.key("invalid");
    w.integer(cases_.invalid);
    write_usage(w, "productions", index_.production_names, productions_);
    write_usage(w, "functions", index_.function_names, functions_);
    write_usage(w, "types", family_names_, families_);
    w.key("coverage");
    w.begin_object();
    write_coverage(w, "productions", coverage(index_.production_names, productions_));
    write_coverage(w, "functions", coverage(index_.function_names, functions_));
    write_coverage(w, "types", coverage(family_names_, families_));
    w.end_object();
    w.key("down_weighted");
    write_down_weighted(w, down_weighted);
    if (predicates) {
        w.key("predicates");
        w.begin_object();
        for (int v = 0; v < 4; ++v) {
            w.key(predicate_verdict_name(static_cast<PredicateVerdict>(v)));
            w.integer(predicates->verdicts[v].load());
        }
        w.key("redraws");
        w.integer(predicates->redraws.load());
        w.key("seconds");
        w.number(static_cast<double>(predicates->nanoseconds.load()) * 1e-9);
        w.end_object();
    }
    w.end_object();
    return w.str() + "\n";
}

std::string predicate_stats_text(const PredicateCheckStats& p) {
    std::int64_t total = 0;
    for (const auto& v : p.verdicts) total += v.load();
    const auto share = [&](PredicateVerdict v) {
        return total ? 100.0 * static_cast<double>(p.verdicts[static_cast<int>(v)].load()) /
                           static_cast<double>(total)
                     : 0.0;
    };
    return fmt::format(
        "  z3 predicates: {} checked: {:.1f}% contradiction, {:.1f}% tautology, {:.1f}% "
        "contingent, {:.1f}% unknown; {} re-drawn; {:.2f} s in Z3\n",
        total, share(PredicateVerdict::Contradiction), share(PredicateVerdict::Tautology),
        share(PredicateVerdict::Contingent), share(PredicateVerdict::Unknown), p.redraws.load(),
        static_cast<double>(p.nanoseconds.load()) * 1e-9);
}

std::string GenerationStats::text(const std::vector<DownWeight>& down_weighted,
                                  const PredicateCheckStats* predicates) const {
    std::string out = fmt::format("generation stats over {} cases ({} invalid):\n",
                                  cases_.generated, cases_.invalid);
    out += never_line("productions", coverage(index_.production_names, productions_));
    out += never_line("functions", coverage(index_.function_names, functions_));
    out += never_line("types", coverage(family_names_, families_));
    out += fmt::format("  highest invalid shares:\n    {:<10} {:<32} {:>9} {:>9} {:>8}\n", "kind",
                       "name", "generated", "invalid", "share");
    out += worst_rows("production", index_.production_names, productions_, 10);
    out += worst_rows("function", index_.function_names, functions_, 10);
    out += worst_rows("type", family_names_, families_, 10);
    if (!down_weighted.empty()) {
        out += "  down-weighted during the campaign:\n";
        for (const auto& d : down_weighted)
            out += fmt::format("    {:<10} {:<32} x{:<5} after {} of {} cases invalid\n", d.kind,
                               d.name, d.factor, d.usage.invalid, d.usage.generated);
    }
    if (predicates) out += predicate_stats_text(*predicates);
    return out;
}

}  // namespace eriq
