#include "rules/placeholders.hpp"

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
                               bool backslash_escapes) {
    const std::string_view kReference = reference;
    std::string out;
    out.reserve(q.size() + 4 * x.size());
    std::size_t i = 0;
    // Copies q[i] up to and including the end of a quoted run that starts at q[i].
    auto copy_quoted = [&](char close, bool escapes) {
        out += q[i++];
        while (i < q.size()) {
            char c = q[i];
            out += c;
            ++i;
            if (escapes && c == '\\' && i < q.size()) {
                out += q[i++];
            } else if (c == close) {
                if (i < q.size() && q[i] == close) {
                    out += q[i++];  // a doubled quote stands for itself
                } else {
                    return;
                }
            }
        }
    };
    auto copy_until = [&](std::string_view end) {
        std::size_t stop = q.find(end, i);
        stop = stop == std::string_view::npos ? q.size() : stop + end.size();
        out.append(q.substr(i, stop - i));
        i = stop;
    };
    while (i < q.size()) {
        char c = q[i];
        if (c == '\'') {
            copy_quoted('\'', backslash_escapes);
        } else if (c == '"' || c == '`') {
            copy_quoted(c, false);
        } else if (c == '-' && i + 1 < q.size() && q[i + 1] == '-') {
            copy_until("\n");
        } else if (c == '/' && i + 1 < q.size() && q[i + 1] == '*') {
            copy_until("*/");
        } else if (q.substr(i, kReference.size()) == kReference) {
            out.append(x);
            i += kReference.size();
        } else {
            out += c;
            ++i;
        }
    }
    return out;
}

std::string replace_x_references(std::string_view q, std::string_view x, bool backslash_escapes) {
    return replace_references(q, "{x}", x, backslash_escapes);
}

}  // namespace eriq
