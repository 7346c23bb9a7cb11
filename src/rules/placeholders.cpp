#include "rules/placeholders.hpp"

#include "util/sql_tokens.hpp"

namespace eriq {

std::string fill_placeholders(std::string_view tmpl, const PlaceholderValues& values) {
    std::string out;
    out.reserve(tmpl.size() + 256);
    std::size_t pos = 0;
    while (pos < tmpl.size()) {
        std::size_t open = tmpl.find('{', pos);
        if (open == std::string_view::npos) break;
        std::size_t close = tmpl.find('}', open + 1);
        if (close == std::string_view::npos) break;
        std::string_view word = tmpl.substr(open + 1, close - open - 1);
        const std::string_view* value = nullptr;
        for (const auto& [name, text] : values)
            if (name == word) value = &text;
        if (value == nullptr) {
            out.append(tmpl.substr(pos, open + 1 - pos));
            pos = open + 1;
            continue;
        }
        out.append(tmpl.substr(pos, open - pos));
        out.append(*value);
        pos = close + 1;
    }
    out.append(tmpl.substr(pos));
    return out;
}

std::string replace_references(std::string_view q, std::string_view reference, std::string_view x,
                               const SqlLexis& lexis) {
    std::string out;
    out.reserve(q.size() + 4 * x.size());
    // A run of code between literals, quoted names and comments, where references count.
    std::string code;
    auto flush = [&] {
        for (std::size_t at = 0;;) {
            const std::size_t found = code.find(reference, at);
            out.append(code, at, found == std::string::npos ? std::string::npos : found - at);
            if (found == std::string::npos) break;
            out.append(x);
            at = found + reference.size();
        }
        code.clear();
    };
    for (const SqlToken& t : scan_sql(q, lexis)) {
        const bool opaque =
            t.kind == SqlTokenKind::String || t.kind == SqlTokenKind::QuotedIdentifier ||
            t.kind == SqlTokenKind::Comment || t.kind == SqlTokenKind::ExecutableComment;
        if (!opaque) {
            code.append(t.text);
            continue;
        }
        flush();
        out.append(t.text);
    }
    flush();
    return out;
}

std::string replace_x_references(std::string_view q, std::string_view x, const SqlLexis& lexis) {
    return replace_references(q, "{x}", x, lexis);
}

}  // namespace eriq
