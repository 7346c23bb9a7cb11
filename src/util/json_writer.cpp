#include "util/json_writer.hpp"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "util/utf8.hpp"

namespace eriq {

namespace {

void append_byte_escape(std::string& out, unsigned char b) {
    out += fmt::format("\\u{:04x}", b);
}

}  // namespace

std::string json_quote(std::string_view s) {
    std::string out = "\"";
    out.reserve(s.size() + 2);
    std::size_t pos = 0;
    while (pos < s.size()) {
        const char c = s[pos];
        const auto b = static_cast<unsigned char>(c);
        if (b >= 0x80) {
            const std::size_t length = utf8_sequence_length(s, pos);
            if (length == 0) {
                append_byte_escape(out, b);
                ++pos;
            } else {
                out.append(s.substr(pos, length));
                pos += length;
            }
            continue;
        }
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            default:
                if (b < 0x20 || b == 0x7F) {
                    append_byte_escape(out, b);
                } else {
                    out += c;
                }
        }
        ++pos;
    }
    return out + "\"";
}

void JsonWriter::newline_and_indent() {
    if (!pretty_) return;
    out_ += '\n';
    out_.append(stack_.size() * 2, ' ');
}

void JsonWriter::before_value() {
    if (after_key_) {
        after_key_ = false;
        return;
    }
    if (stack_.empty()) {
        if (!out_.empty()) throw std::logic_error("JsonWriter: a second top-level value");
        return;
    }
    Container& top = stack_.back();
    if (top.is_object) throw std::logic_error("JsonWriter: object value without a key");
    if (!top.empty) out_ += ',';
    top.empty = false;
    newline_and_indent();
}

void JsonWriter::key(std::string_view name) {
    if (stack_.empty() || !stack_.back().is_object || after_key_) {
        throw std::logic_error("JsonWriter: key outside an object");
    }
    Container& top = stack_.back();
    if (!top.empty) out_ += ',';
    top.empty = false;
    newline_and_indent();
    out_ += json_quote(name);
    out_ += pretty_ ? ": " : ":";
    after_key_ = true;
}

void JsonWriter::open(char bracket, bool is_object) {
    before_value();
    out_ += bracket;
    stack_.push_back({is_object});
}

void JsonWriter::close(char bracket) {
    const bool is_object = bracket == '}';
    if (stack_.empty() || stack_.back().is_object != is_object || after_key_) {
        throw std::logic_error("JsonWriter: unbalanced close");
    }
    const bool was_empty = stack_.back().empty;
    stack_.pop_back();
    if (!was_empty) newline_and_indent();
    out_ += bracket;
}

void JsonWriter::begin_object() {
    open('{', true);
}
void JsonWriter::end_object() {
    close('}');
}
void JsonWriter::begin_array() {
    open('[', false);
}
void JsonWriter::end_array() {
    close(']');
}

void JsonWriter::string(std::string_view s) {
    before_value();
    out_ += json_quote(s);
}

void JsonWriter::integer(std::int64_t n) {
    before_value();
    out_ += std::to_string(n);
}

void JsonWriter::unsigned_integer(std::uint64_t n) {
    before_value();
    out_ += std::to_string(n);
}

void JsonWriter::number(double x) {
    if (!std::isfinite(x)) {
        null();
        return;
    }
    before_value();
    out_ += fmt::format("{}", x);
}

void JsonWriter::boolean(bool b) {
    before_value();
    out_ += b ? "true" : "false";
}

void JsonWriter::null() {
    before_value();
    out_ += "null";
}

}  // namespace eriq
