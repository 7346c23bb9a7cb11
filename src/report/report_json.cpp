#include <string_view>
#include <vector>

#include "report/report_files.hpp"
#include "util/json_writer.hpp"

namespace eriq {

namespace {

void write_string_array(JsonWriter& w, const std::vector<std::string>& items) {
    w.begin_array();
    for (const auto& item : items) w.string(item);
    w.end_array();
}

void write_rows(JsonWriter& w, const NormResult& result) {
    w.begin_array();
    for (const auto& row : result.rows) {
        w.begin_array();
        for (const auto& value : row) {
            if (is_null(value)) {
                w.null();
            } else {
                w.string(value.text);
            }
        }
        w.end_array();
    }
    w.end_array();
}

void write_variant(JsonWriter& w, const VariantOutcome& outcome) {
    const Variant& v = outcome.variant;
    std::vector<std::string> statements = v.setup;
    statements.push_back(v.query);
    statements.insert(statements.end(), v.teardown.begin(), v.teardown.end());

    w.begin_object();
    w.key("representation");
    w.string(v.representation);
    w.key("statements");
    write_string_array(w, statements);
    w.key("ok");
    w.boolean(outcome.ok);
    w.key("error_kind");
    w.string(outcome.error_kind);
    w.key("error");
    w.string(outcome.error);
    w.key("row_count");
    if (outcome.ok) {
        w.unsigned_integer(outcome.result.rows.size());
    } else {
        w.null();
    }
    w.key("rows");
    write_rows(w, outcome.result);
    if (!outcome.order.empty()) {
        w.key("order");  // the ORDER BY key values, in the order the rows came
        write_rows(w, NormResult{outcome.order});
    }
    w.end_object();
}

const std::string& dialect_of(const TestCase& tc, const ReportContext& ctx) {
    return ctx.dialect.empty() ? tc.dialect : ctx.dialect;
}

}  // namespace

const char* verdict_name(Verdict v) {
    switch (v) {
        case Verdict::Consistent:
            return "consistent";
        case Verdict::Inconsistent:
            return "inconsistent";
        case Verdict::Discarded:
            return "discarded";
        case Verdict::Benign:
            return "benign";
        case Verdict::ServerFault:
            return "server_fault";
    }
    return "unknown";
}

namespace {

// `text` with every `placeholder` shown as `shown`.
std::string displayed(const std::string& text, std::string_view placeholder, char shown) {
    std::string out;
    std::size_t pos = 0;
    for (std::size_t hit; (hit = text.find(placeholder, pos)) != std::string::npos;
         pos = hit + placeholder.size()) {
        out.append(text, pos, hit - pos);
        out += shown;
    }
    out.append(text, pos);
    return out;
}

}  // namespace

std::string referencing_for_display(const std::string& q) {
    return displayed(q, "{x}", 'x');
}

std::string outer_for_display(const std::string& outer) {
    return displayed(outer, "{Q}", 'Q');
}

namespace {

void write_columns(JsonWriter& w, const std::vector<OutputColumn>& columns) {
    w.begin_array();
    for (const auto& column : columns) {
        w.begin_object();
        w.key("name");
        w.string(column.name);
        w.key("family");
        w.string(column.family);
        w.end_object();
    }
    w.end_array();
}

}  // namespace

std::string report_json(const std::string& id, const std::string& signature, const TestCase& tc,
                        const CaseOutcome& outcome, const ReportContext& ctx) {
    JsonWriter w;
    w.begin_object();
    w.key("id");
    w.string(id);
    w.key("dialect");
    w.string(dialect_of(tc, ctx));
    w.key("driver");
    w.string(ctx.driver);
    w.key("server_version");
    w.string(ctx.server_version);
    w.key("driver_library");
    w.string(ctx.driver_library);
    w.key("driver_source_id");
    w.string(ctx.driver_source_id);
    w.key("connection");
    w.string(ctx.connection);
    w.key("seed");
    w.unsigned_integer(tc.seed);
    w.key("case_index");
    w.integer(tc.index);
    w.key("query_index");
    w.integer(tc.query_index);
    w.key("pattern");
    w.string(outcome.classification.pattern);
    w.key("signature");
    w.string(signature);
    w.key("verdict");
    w.string(verdict_name(outcome.verdict));
    if (outcome.verdict == Verdict::Benign) {
        w.key("benign_reason");
        w.string(outcome.benign_reason);
    } else if (!outcome.benign_reason.empty()) {
        // A [[benign]] entry matched this case but not its reduction (engine/benign_check).
        w.key("benign_entry_not_needed");
        w.string(outcome.benign_reason);
    }
    if (!outcome.crash_frames.empty()) {  // the server's log named the crash (--server-log)
        w.key("crash_frames");
        write_string_array(w, outcome.crash_frames);
    }
    w.key("minority");
    write_string_array(w, outcome.classification.minority);
    w.key("schema");
    write_string_array(w, tc.schema);
    w.key("rows");
    write_string_array(w, tc.rows);
    w.key("intermediate");
    w.string(tc.intermediate);
    w.key("intermediate_columns");
    write_columns(w, tc.columns);
    w.key("referencing");
    w.string(referencing_for_display(tc.referencing));
    if (!tc.outer.empty()) {
        w.key("outer");
        w.string(outer_for_display(tc.outer));
    }
    w.key("ordered");
    w.boolean(tc.ordered);
    w.key("order_keys");
    write_string_array(w, outcome.order_keys);
    if (!outcome.order_key_not_compared.empty()) {
        w.key("order_key_not_compared");
        w.string(outcome.order_key_not_compared);
    }
    w.key("skipped");
    write_string_array(w, outcome.skipped);
    w.key("variants");
    w.begin_array();
    for (const auto& variant : outcome.variants) write_variant(w, variant);
    w.end_array();
    w.end_object();
    return w.str() + "\n";
}

std::string index_line(const std::string& id, const std::string& signature, const TestCase& tc,
                       const CaseOutcome& outcome, const ReportContext& ctx,
                       const std::string& run_id) {
    JsonWriter w(false);
    w.begin_object();
    w.key("id");
    w.string(id);
    w.key("pattern");
    w.string(outcome.classification.pattern);
    w.key("signature");
    w.string(signature);
    w.key("seed");
    w.unsigned_integer(tc.seed);
    w.key("case_index");
    w.integer(tc.index);
    w.key("query_index");
    w.integer(tc.query_index);
    w.key("dialect");
    w.string(dialect_of(tc, ctx));
    if (!run_id.empty()) {
        w.key("run");
        w.string(run_id);
    }
    w.end_object();
    return w.str() + "\n";
}

}  // namespace eriq
