#include "report/triage_page.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "report/group_signature.hpp"

namespace eriq {

namespace fs = std::filesystem;

namespace {

std::string html_escape(std::string_view s) {
    std::string out;
    for (char c : s) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

struct Sample {
    double t = 0;
    double cases = 0;
    double valid = 0;
};

// Reads the numbers after "key": in one progress.jsonl line (eriq writes these lines itself).
double field(const std::string& line, const std::string& key) {
    const auto at = line.find("\"" + key + "\":");
    return at == std::string::npos ? 0 : std::strtod(line.c_str() + at + key.size() + 3, nullptr);
}

std::vector<Sample> read_samples(const std::vector<fs::path>& out_dirs) {
    std::vector<Sample> samples;
    for (const auto& dir : out_dirs) {
        std::ifstream in(dir / "progress.jsonl");
        for (std::string line; std::getline(in, line);)
            samples.push_back({field(line, "t"), field(line, "cases"), field(line, "valid")});
    }
    return samples;
}

// An SVG line chart of (x, y) points, scaled to its box.
std::string line_chart(const std::string& id, const std::string& title,
                       const std::vector<std::pair<double, double>>& points) {
    constexpr double kW = 420, kH = 140, kPad = 28;
    double max_x = 1, max_y = 1e-9;
    for (const auto& [x, y] : points) {
        max_x = std::max(max_x, x);
        max_y = std::max(max_y, y);
    }
    std::string line;
    for (const auto& [x, y] : points)
        line += fmt::format("{:.1f},{:.1f} ", kPad + x / max_x * (kW - 2 * kPad),
                            kH - kPad - y / max_y * (kH - 2 * kPad));
    return fmt::format(
        "<figure class=\"chart\" id=\"{}\"><figcaption>{}</figcaption>"
        "<svg width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" role=\"img\">"
        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#888\"/>"
        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#888\"/>"
        "<polyline fill=\"none\" stroke=\"#1a5fb4\" stroke-width=\"2\" points=\"{}\"/>"
        "<text x=\"{}\" y=\"{}\" font-size=\"10\">{:.3g}</text>"
        "<text x=\"{}\" y=\"{}\" font-size=\"10\" text-anchor=\"end\">{:.0f} "
        "s</text></svg></figure>\n",
        id, html_escape(title), kW, kH, kW, kH, kPad, kH - kPad, kW - kPad, kH - kPad, kPad, kPad,
        kPad, kH - kPad, line, 2, kPad - 4, max_y, kW - kPad, kH - 8, max_x);
}

std::string charts(const Triage& t, const std::vector<Sample>& samples) {
    std::vector<std::pair<double, double>> rate, valid, groups;
    for (std::size_t i = 1; i < samples.size(); ++i) {
        const double dt = samples[i].t - samples[i - 1].t;
        if (dt > 0 && samples[i].cases >= samples[i - 1].cases)
            rate.emplace_back(samples[i].t, (samples[i].cases - samples[i - 1].cases) / dt);
        if (samples[i].cases > 0)
            valid.emplace_back(samples[i].t, samples[i].valid / samples[i].cases);
    }
    std::vector<std::string> first_seen;
    for (const auto& g : t.groups) first_seen.push_back(g.first_seen);
    std::sort(first_seen.begin(), first_seen.end());
    for (std::size_t i = 0; i < first_seen.size(); ++i)
        groups.emplace_back(static_cast<double>(i), static_cast<double>(i + 1));
    return line_chart("chart-rate", "cases per second", rate) +
           line_chart("chart-valid", "valid share", valid) +
           line_chart("chart-groups", "root-cause groups, in the order found", groups);
}

std::string slurp(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// Each representation's rows side by side; a row is highlighted in a representation whose
// rows differ from the largest group of equal results.
std::string results_table(const FindingRecord& r) {
    std::map<std::vector<std::string>, int> votes;
    for (const auto& [name, rows] : r.results) ++votes[rows];
    std::vector<std::string> majority;
    int best = 0;
    for (const auto& [rows, n] : votes)
        if (n > best) best = n, majority = rows;
    const std::multiset<std::string> expected(majority.begin(), majority.end());
    std::string out = "<table class=\"results\"><tr>";
    for (const auto& [name, rows] : r.results) out += "<th>" + html_escape(name) + "</th>";
    out += "</tr><tr>";
    for (const auto& [name, rows] : r.results) {
        out += "<td>";
        std::multiset<std::string> left = expected;
        for (const auto& row : rows) {
            auto hit = left.find(row);
            const bool differs = hit == left.end();
            if (!differs) left.erase(hit);
            out += fmt::format("<div class=\"{}\">{}</div>", differs ? "row diff" : "row",
                               html_escape(row));
        }
        if (rows.empty()) out += "<div class=\"row empty\">(no rows)</div>";
        out += "</td>";
    }
    return out + "</tr></table>\n";
}

}  // namespace

std::string triage_page(const Triage& t, const std::vector<fs::path>& out_dirs) {
    std::string out =
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<title>eriq triage</title><style>"
        "body{font-family:sans-serif;margin:1.5em;max-width:70em}"
        ".chart{display:inline-block;margin:0 1em 1em 0}"
        ".group{border:1px solid #ccc;border-radius:6px;padding:0.6em 1em;margin:1em 0}"
        ".status-new{color:#a51d2d}.status-reported{color:#c64600}.status-fixed{color:#26a269}"
        ".status-not_a_bug{color:#555}pre{background:#f6f6f6;padding:0.5em;overflow-x:auto}"
        "table.results td{vertical-align:top;padding:0 1em 0 0;font-family:monospace}"
        ".row.diff{background:#ffd6d6}"
        "</style></head><body>\n";
    out += fmt::format("<h1>eriq triage</h1><p id=\"summary\">{} finding(s) in {} group(s)</p>\n",
                       t.findings, t.groups.size());
    out += charts(t, read_samples(out_dirs));
    for (const TriageGroup& g : t.groups) {
        out += fmt::format(
            "<section class=\"group\" data-signature=\"{}\"><h2>{} — {} finding(s)</h2>",
            html_escape(g.signature), html_escape(g.signature), g.members.size());
        out += fmt::format(
            "<p>pattern <b>{}</b>, {} {}, status <span class=\"status-{}\">{}</span>{}</p>",
            html_escape(g.pattern), html_escape(g.dialect),
            html_escape(g.versions.empty() ? "" : g.versions.front()), html_escape(g.status),
            html_escape(g.status), g.known_id.empty() ? "" : " (" + html_escape(g.known_id) + ")");
        out +=
            fmt::format("<p class=\"verdict\">verdict: <b>{}</b> — {}</p>",
                        html_escape(verdict_headline(g.verdict)), html_escape(g.verdict.because));
        std::string features;
        for (const auto& f : g.features) features += (features.empty() ? "" : ", ") + f;
        out += "<p>features: " + html_escape(features) + "</p>";
        if (g.resembles)
            out += fmt::format(
                "<p class=\"resembles\">resembles known bug <b>{}</b> ({} of {} features "
                "shared, {:.0f}% by weight; a hint, not a match)</p>",
                html_escape(g.resembles->id), g.resembles->shared, g.resembles->of,
                100 * g.resembles->share);
        out += "<p class=\"ladder\">releases: " + html_escape(group_ladder_text(g)) + "</p>";
        if (!g.crash_frames.empty())
            out +=
                "<p class=\"crash\">crash site: " + html_escape(crash_site_text(g.crash_frames)) +
                "</p>";
        if (g.settings_measured) {
            std::string settings;
            for (const auto& setting : g.settings)
                settings += (settings.empty() ? "" : ", ") + setting;
            out += "<p class=\"settings\">depends on settings: " +
                   html_escape(settings.empty() ? "none of the optimizer variants" : settings) +
                   "</p>";
        }
        out += fmt::format("<p>smallest member{}: <code>{}</code></p>",
                           g.reduced ? " (reduced)" : "", html_escape(g.smallest.string()));
        out += "<pre class=\"case\">" + html_escape(slurp(g.smallest / "case.toml")) + "</pre>";
        if (auto record = read_finding_record(g.smallest)) out += results_table(*record);
        out += "</section>\n";
    }
    return out + "</body></html>\n";
}

}  // namespace eriq
