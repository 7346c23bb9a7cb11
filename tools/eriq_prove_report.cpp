#include "eriq_prove_report.hpp"

#include <fmt/format.h>

namespace eriq::prove_tool {
namespace {

using verify::ProveResult;

std::string row_text(const refute::Row& row) {
    std::string out = "(";
    for (size_t i = 0; i < row.size(); ++i) out += (i ? ", " : "") + row[i];
    return out + ")";
}

std::string rows_text(const std::vector<refute::Row>& rows) {
    if (rows.empty()) return "no rows";
    std::string out;
    for (size_t i = 0; i < rows.size() && i < 10; ++i) out += (i ? " " : "") + row_text(rows[i]);
    if (rows.size() > 10) out += fmt::format(" ... ({} rows)", rows.size());
    return out;
}

std::string rows_json(const std::vector<refute::Row>& rows) {
    std::string out = "[";
    for (size_t i = 0; i < rows.size(); ++i) {
        out += i ? ", [" : "[";
        for (size_t j = 0; j < rows[i].size(); ++j) out += (j ? ", " : "") + json_quote(rows[i][j]);
        out += "]";
    }
    return out + "]";
}

}  // namespace

std::string Verdict::name() const {
    if (refuted()) return "not equivalent";
    return verify::status_name(proof.status);
}

std::string Verdict::detail() const {
    if (refuted()) return "";
    if (proof.status == ProveResult::Status::Proved) return proof.detail;
    std::string d = proof.detail;
    if (search && search->skipped.empty())
        d += fmt::format("{}no counterexample in {} random databases", d.empty() ? "" : "; ",
                         search->databases);
    else if (search)
        d += (d.empty() ? "" : "; ") + std::string("no counterexample search: ") + search->skipped;
    return d;
}

int Verdict::exit_code() const {
    if (refuted()) return kExitNotEquivalent;
    switch (proof.status) {
        case ProveResult::Status::Proved:
            return kExitProved;
        case ProveResult::Status::NotProved:
            return kExitUnknown;
        case ProveResult::Status::Unsupported:
            return kExitUnsupported;
        case ProveResult::Status::ParseError:
            return kExitParseError;
    }
    return kExitUnknown;
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

std::string verdict_text(const Verdict& v) {
    std::string out = v.name();
    std::string detail = v.detail();
    if (!detail.empty()) out += ": " + detail;
    out += "\n";
    if (v.refuted()) {
        const refute::Counterexample& c = *v.search->counterexample;
        out += fmt::format(
            "-- a database on which the two queries differ ({}), confirmed on {}, found in "
            "{:.3f} s after {} random databases:\n",
            c.rows == 0   ? "every table empty"
            : c.rows == 1 ? "1 row; tables not listed are empty"
                          : fmt::format("{} rows; tables not listed are empty", c.rows),
            c.sqlite_version, v.search->seconds, v.search->databases);
        for (const std::string& insert : c.inserts) out += insert + "\n";
        out += "-- first query: " + rows_text(c.left) + "\n";
        out += "-- second query: " + rows_text(c.right) + "\n";
    }
    return out + fmt::format("({:.3f} s)\n", v.seconds());
}

std::string verdict_json(const Verdict& v, const std::string& name) {
    std::string out = "{";
    if (!name.empty()) out += "\"name\": " + json_quote(name) + ", ";
    out += fmt::format("\"result\": {}, \"detail\": {}, \"seconds\": {:.4f}", json_quote(v.name()),
                       json_quote(v.detail()), v.seconds());
    if (v.refuted()) {
        const refute::Counterexample& c = *v.search->counterexample;
        std::string inserts;
        for (const std::string& i : c.inserts)
            inserts += (inserts.empty() ? "" : ", ") + json_quote(i);
        out += fmt::format(
            ", \"counterexample\": {{\"rows\": {}, \"sql\": [{}], \"first\": {}, \"second\": {}, "
            "\"sqlite\": {}, \"search_seconds\": {:.4f}, \"databases\": {}}}",
            c.rows, inserts, rows_json(c.left), rows_json(c.right), json_quote(c.sqlite_version),
            v.search->seconds, v.search->databases);
    }
    return out + "}";
}

}  // namespace eriq::prove_tool
