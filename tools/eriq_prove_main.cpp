// eriq-prove: decides whether two SQL queries are equivalent under bag semantics (SPES-style,
// src/verify/), and when it cannot prove them, searches for a small database on which they
// differ (src/refute/). One pair: --left/--right or two positional queries; a batch: --pairs
// FILE.json with a summary. Exit codes (eriq_prove_report.hpp): 0 proved, 1 not equivalent,
// 3 unknown, 4 unsupported, 5 parse error, 2 usage error.
#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "eriq_prove_report.hpp"
#include "verify/pairs_file.hpp"

namespace {

using eriq::prove_tool::Verdict;
using eriq::verify::ProveResult;

struct Options {
    eriq::verify::ProveOptions prove;
    eriq::refute::RefuteOptions search;
    bool json = false;
};

// A usage error: one line on stderr, exit 2.
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw UsageError("cannot read " + path);
    std::ostringstream s;
    s << in.rdbuf();
    if (!in.good() && !in.eof()) throw UsageError("cannot read " + path);
    return s.str();
}

Verdict decide(const eriq::verify::Schema& schema, const std::string& q1, const std::string& q2,
               const Options& options) {
    Verdict v{eriq::verify::prove_pair(schema, q1, q2, options.prove), std::nullopt};
    if (v.proof.status != ProveResult::Status::Proved && options.search.timeout_ms > 0)
        v.search = eriq::refute::find_counterexample(schema, q1, q2, options.search);
    return v;
}

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    size_t m = v.size() / 2;
    return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

int run_batch(const eriq::verify::Schema& schema, const std::string& pairs_file,
              const Options& options) {
    std::vector<eriq::verify::QueryPair> pairs;
    try {
        pairs = eriq::verify::parse_pairs(read_file(pairs_file));
    } catch (const UsageError&) {
        throw;
    } catch (const std::exception& e) {
        throw UsageError(pairs_file + ":" + e.what());
    }
    std::vector<double> all, proved_times;
    std::map<std::string, size_t> counts;
    std::string listing;
    for (const auto& p : pairs) {
        Verdict v = decide(schema, p.q1, p.q2, options);
        all.push_back(v.seconds());
        if (v.exit_code() == eriq::prove_tool::kExitProved) proved_times.push_back(v.seconds());
        ++counts[v.name()];
        if (options.json)
            listing += (listing.empty() ? "\n  " : ",\n  ") + verdict_json(v, p.name);
        else
            fmt::print("{}: {}", p.name, verdict_text(v));
    }
    double max = all.empty() ? 0 : *std::max_element(all.begin(), all.end());
    size_t unsupported = counts["unsupported"], parse_errors = counts["parse error"];
    if (options.json) {
        fmt::print(
            "{{\"total\": {}, \"supported\": {}, \"proved\": {}, \"not_equivalent\": {}, "
            "\"unknown\": {}, \"unsupported\": {}, \"parse_errors\": {}, \"median_seconds\": "
            "{:.4f}, \"median_proved_seconds\": {:.4f}, \"max_seconds\": {:.4f}, \"pairs\": "
            "[{}\n]}}\n",
            pairs.size(), pairs.size() - unsupported - parse_errors, counts["proved"],
            counts["not equivalent"], counts["unknown"], unsupported, parse_errors, median(all),
            median(proved_times), max, listing);
    } else {
        fmt::print(
            "total {}, proved {}, not equivalent {}, unknown {}, unsupported {}, parse errors {}; "
            "median {:.4f} s per pair ({:.4f} s per proved pair), max {:.4f} s\n",
            pairs.size(), counts["proved"], counts["not equivalent"], counts["unknown"],
            unsupported, parse_errors, median(all), median(proved_times), max);
    }
    return 0;
}

int run(int argc, char** argv) {
    CLI::App app{
        "eriq-prove: SQL query equivalence under bag semantics (SPES-style, Z3), with "
        "counterexamples run on SQLite"};
    std::string schema_file, pairs_file, left, right;
    std::vector<std::string> positional;
    Options options;
    app.add_option("--schema", schema_file, "CREATE TABLE statements")->required();
    app.add_option("--pairs", pairs_file, "JSON array of {name, q1, q2}");
    app.add_option("--left", left, "first query");
    app.add_option("--right", right, "second query");
    app.add_option("queries", positional, "the two queries (instead of --left/--right)")
        ->expected(0, 2);
    app.add_flag("--json", options.json, "the result as JSON");
    app.add_option("--timeout-ms", options.prove.timeout_ms,
                   "time limit of the proof per pair, parsing included (default 10000)")
        ->check(CLI::Range(1u, 86400000u));
    app.add_option("--search-ms", options.search.timeout_ms,
                   "time limit of the counterexample search per pair; 0: no search "
                   "(default 2000)")
        ->check(CLI::Range(0u, 86400000u));
    app.add_option("--seed", options.search.seed, "seed of the counterexample search (default 1)");
    try {
        app.parse(argc, argv);
    } catch (const CLI::Success& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        throw UsageError(std::string(e.what()) + " (see --help)");
    }
    auto schema = [&] {
        try {
            return eriq::verify::parse_schema(read_file(schema_file));
        } catch (const eriq::verify::SchemaError& e) {
            throw UsageError(schema_file + ":" + e.what());
        }
    }();
    if (!pairs_file.empty()) {
        if (!left.empty() || !right.empty() || !positional.empty())
            throw UsageError("give --pairs FILE or two queries, not both");
        return run_batch(schema, pairs_file, options);
    }
    if (!positional.empty() && (!left.empty() || !right.empty()))
        throw UsageError("give the queries as --left/--right or as two arguments, not both");
    if (positional.size() == 2) {
        left = positional[0];
        right = positional[1];
    }
    if (left.empty() || right.empty()) throw UsageError("give --pairs FILE, or two queries");
    Verdict v = decide(schema, left, right, options);
    if (options.json)
        fmt::print("{}\n", verdict_json(v, ""));
    else
        fmt::print("{}", verdict_text(v));
    return v.exit_code();
}

}  // namespace

int main(int argc, char** argv) {
    try {
        return run(argc, argv);
    } catch (const UsageError& e) {
        fmt::print(stderr, "eriq-prove: {}\n", e.what());
        return eriq::prove_tool::kExitUsage;
    } catch (const std::exception& e) {
        fmt::print(stderr, "eriq-prove: {}\n", e.what());
        return eriq::prove_tool::kExitUsage;
    }
}
