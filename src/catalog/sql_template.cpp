#include "catalog/sql_template.hpp"

#include <cctype>
#include <stdexcept>

namespace eriq {

namespace {

// Length of the placeholder starting at tmpl[pos] ('{' digits '}'), or 0 if none starts there.
std::size_t placeholder_length(std::string_view tmpl, std::size_t pos, std::size_t& index) {
    if (tmpl[pos] != '{') return 0;
    std::size_t end = pos + 1;
    std::size_t value = 0;
    while (end < tmpl.size() && tmpl[end] >= '0' && tmpl[end] <= '9') {
        value = value * 10 + static_cast<std::size_t>(tmpl[end] - '0');
        ++end;
    }
    if (end == pos + 1 || end >= tmpl.size() || tmpl[end] != '}') return 0;
    index = value;
    return end + 1 - pos;
}

bool word_start(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}

bool word_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// Length of the named placeholder starting at tmpl[pos] ("{word}"), or 0 if none starts there.
std::size_t named_length(std::string_view tmpl, std::size_t pos) {
    if (tmpl[pos] != '{' || pos + 1 >= tmpl.size() || !word_start(tmpl[pos + 1])) return 0;
    std::size_t end = pos + 1;
    while (end < tmpl.size() && word_char(tmpl[end])) ++end;
    if (end >= tmpl.size() || tmpl[end] != '}') return 0;
    return end + 1 - pos;
}

}  // namespace

std::vector<std::string> named_placeholders(std::string_view tmpl) {
    std::vector<std::string> found;
    for (std::size_t pos = 0; pos < tmpl.size(); ++pos)
        if (std::size_t length = named_length(tmpl, pos)) {
            found.emplace_back(tmpl.substr(pos + 1, length - 2));
            pos += length - 1;
        }
    return found;
}

std::string fill_named(std::string_view tmpl, const NamedValues& values) {
    std::string out;
    out.reserve(tmpl.size() + 64);
    for (std::size_t pos = 0; pos < tmpl.size(); ++pos) {
        const std::size_t length = named_length(tmpl, pos);
        const std::string_view* value = nullptr;
        if (length != 0)
            for (const auto& [name, text] : values)
                if (name == tmpl.substr(pos + 1, length - 2)) value = &text;
        if (value == nullptr) {
            out += tmpl[pos];
            continue;
        }
        out += *value;
        pos += length - 1;
    }
    return out;
}

std::vector<TemplatePlaceholder> template_placeholders(std::string_view tmpl) {
    std::vector<TemplatePlaceholder> found;
    for (std::size_t pos = 0; pos < tmpl.size(); ++pos) {
        std::size_t index = 0;
        std::size_t length = placeholder_length(tmpl, pos, index);
        if (length == 0) continue;
        found.push_back({index, pos});
        pos += length - 1;
    }
    return found;
}

std::string fill_template(std::string_view tmpl, const std::vector<std::string>& args) {
    std::string out;
    out.reserve(tmpl.size() + 16 * args.size());
    for (std::size_t pos = 0; pos < tmpl.size(); ++pos) {
        std::size_t index = 0;
        std::size_t length = placeholder_length(tmpl, pos, index);
        if (length == 0) {
            out += tmpl[pos];
            continue;
        }
        if (index >= args.size())
            throw std::out_of_range("template placeholder {" + std::to_string(index) +
                                    "} has no argument");
        out += args[index];
        pos += length - 1;
    }
    return out;
}

}  // namespace eriq
