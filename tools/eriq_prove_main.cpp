// eriq-prove: decides whether two SQL queries are equivalent under bag semantics (SPES-style,
// src/verify/). One pair: --left/--right or two positional queries; exit 0 proved, 1 not
// proved, 2 unsupported or parse error. A batch: --pairs FILE.json with a summary.
#include <algorithm>
#include <fstream>
#include <sstream>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "verify/pairs_file.hpp"
#include "verify/prover.hpp"

namespace {

using eriq::verify::ProveResult;

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string line_of(const ProveResult& r) {
    std::string text = eriq::verify::status_name(r.status);
    if (!r.detail.empty()) text += ": " + r.detail;
    return text;
}

std::string json_quote(std::string_view s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            out += fmt::format("\\u{:04x}", static_cast<unsigned>(c));
        } else {
            out += c;
        }
    }
    return out + "\"";
}

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    size_t m = v.size() / 2;
    return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

int run_batch(const eriq::verify::Schema& schema, const std::string& pairs_file, bool json,
              const eriq::verify::ProveOptions& options) {
    auto pairs = eriq::verify::parse_pairs(read_file(pairs_file));
    std::vector<ProveResult> results;
    std::vector<double> all, proved_times;
    size_t proved = 0, unsupported = 0, parse_errors = 0;
    for (const auto& p : pairs) {
        ProveResult r = eriq::verify::prove_pair(schema, p.q1, p.q2, options);
        all.push_back(r.seconds);
        if (r.status == ProveResult::Status::Proved) {
            ++proved;
            proved_times.push_back(r.seconds);
        }
        if (r.status == ProveResult::Status::Unsupported) ++unsupported;
        if (r.status == ProveResult::Status::ParseError) ++parse_errors;
        if (!json) fmt::print("{}: {} ({:.3f} s)\n", p.name, line_of(r), r.seconds);
        results.push_back(std::move(r));
    }
    double max = all.empty() ? 0 : *std::max_element(all.begin(), all.end());
    size_t supported = pairs.size() - unsupported - parse_errors;
    if (json) {
        fmt::print(
            "{{\"total\": {}, \"supported\": {}, \"proved\": {}, \"unsupported\": {}, "
            "\"parse_errors\": {}, \"median_seconds\": {:.4f}, "
            "\"median_proved_seconds\": {:.4f}, \"max_seconds\": {:.4f}, \"pairs\": [",
            pairs.size(), supported, proved, unsupported, parse_errors, median(all),
            median(proved_times), max);
        for (size_t i = 0; i < pairs.size(); ++i) {
            fmt::print(
                "{}\n  {{\"name\": {}, \"result\": {}, \"detail\": {}, \"seconds\": {:.4f}}}",
                i ? "," : "", json_quote(pairs[i].name),
                json_quote(eriq::verify::status_name(results[i].status)),
                json_quote(results[i].detail), results[i].seconds);
        }
        fmt::print("\n]}}\n");
    } else {
        fmt::print(
            "total {}, supported {}, proved {}, unsupported {}, parse errors {}; "
            "median {:.4f} s per pair ({:.4f} s per proved pair), max {:.4f} s\n",
            pairs.size(), supported, proved, unsupported, parse_errors, median(all),
            median(proved_times), max);
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"eriq-prove: SQL query equivalence under bag semantics (SPES-style, Z3)"};
    std::string schema_file, pairs_file, left, right;
    std::vector<std::string> positional;
    bool json = false;
    eriq::verify::ProveOptions options;
    app.add_option("--schema", schema_file, "CREATE TABLE statements")->required();
    app.add_option("--pairs", pairs_file, "JSON array of {name, q1, q2}");
    app.add_option("--left", left, "first query");
    app.add_option("--right", right, "second query");
    app.add_option("queries", positional, "the two queries (instead of --left/--right)")
        ->expected(0, 2);
    app.add_flag("--json", json, "batch result as JSON");
    app.add_option("--timeout-ms", options.timeout_ms, "time limit per pair (default 10000)");
    CLI11_PARSE(app, argc, argv);
    try {
        auto schema = eriq::verify::parse_schema(read_file(schema_file));
        if (!pairs_file.empty()) return run_batch(schema, pairs_file, json, options);
        if (positional.size() == 2) {
            left = positional[0];
            right = positional[1];
        }
        if (left.empty() || right.empty()) {
            fmt::print(stderr, "eriq-prove: give --pairs FILE, or two queries\n");
            return 2;
        }
        ProveResult r = eriq::verify::prove_pair(schema, left, right, options);
        fmt::print("{}\n({:.3f} s)\n", line_of(r), r.seconds);
        if (r.status == ProveResult::Status::Proved) return 0;
        return r.status == ProveResult::Status::NotProved ? 1 : 2;
    } catch (const std::exception& e) {
        fmt::print(stderr, "eriq-prove: {}\n", e.what());
        return 2;
    }
}
