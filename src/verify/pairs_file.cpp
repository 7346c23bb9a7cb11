#include "verify/pairs_file.hpp"

#include <cctype>
#include <stdexcept>

#include <fmt/format.h>

namespace eriq::verify {
namespace {

class Reader {
  public:
    explicit Reader(std::string_view text) : text_(text) {}

    void skip() {
        while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    }
    bool peek(char c) {
        skip();
        return pos_ < text_.size() && text_[pos_] == c;
    }
    void expect(char c) {
        if (!peek(c)) fail(fmt::format("expected '{}'", c));
        ++pos_;
    }
    [[noreturn]] void fail(const std::string& what) {
        size_t line = 1, column = 1;
        for (size_t i = 0; i < pos_ && i < text_.size(); ++i) {
            column = text_[i] == '\n' ? 1 : column + 1;
            line += text_[i] == '\n' ? 1 : 0;
        }
        throw std::runtime_error(fmt::format("{}:{}: {}", line, column, what));
    }
    std::string string() {
        expect('"');
        std::string out;
        while (pos_ < text_.size() && text_[pos_] != '"') {
            char c = text_[pos_++];
            if (c != '\\') {
                out += c;
                continue;
            }
            if (pos_ >= text_.size()) fail("unterminated escape");
            char e = text_[pos_++];
            switch (e) {
                case 'n':
                    out += '\n';
                    break;
                case 't':
                    out += '\t';
                    break;
                case 'r':
                    out += '\r';
                    break;
                case 'b':
                    out += '\b';
                    break;
                case 'f':
                    out += '\f';
                    break;
                case 'u': {
                    if (pos_ + 4 > text_.size()) fail("short \\u escape");
                    unsigned code = 0;
                    for (char h : text_.substr(pos_, 4)) {
                        if (!std::isxdigit(static_cast<unsigned char>(h))) fail("bad \\u escape");
                        code = code * 16 + static_cast<unsigned>(
                                               std::isdigit(h) ? h - '0' : (h | 0x20) - 'a' + 10);
                    }
                    pos_ += 4;
                    if (code < 0x80) {
                        out += static_cast<char>(code);
                    } else if (code < 0x800) {
                        out += static_cast<char>(0xC0 | (code >> 6));
                        out += static_cast<char>(0x80 | (code & 0x3F));
                    } else {
                        out += static_cast<char>(0xE0 | (code >> 12));
                        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
                        out += static_cast<char>(0x80 | (code & 0x3F));
                    }
                    break;
                }
                default:
                    out += e;
            }
        }
        expect('"');
        return out;
    }
    bool at_end() {
        skip();
        return pos_ == text_.size();
    }

  private:
    std::string_view text_;
    size_t pos_ = 0;
};

}  // namespace

std::vector<QueryPair> parse_pairs(std::string_view json) {
    Reader r(json);
    std::vector<QueryPair> pairs;
    r.expect('[');
    while (!r.peek(']')) {
        if (!pairs.empty()) r.expect(',');
        r.expect('{');
        QueryPair p;
        bool first = true;
        while (!r.peek('}')) {
            if (!first) r.expect(',');
            first = false;
            std::string key = r.string();
            r.expect(':');
            std::string value = r.string();
            if (key == "name")
                p.name = value;
            else if (key == "q1")
                p.q1 = value;
            else if (key == "q2")
                p.q2 = value;
            else
                r.fail("unknown key \"" + key + "\" (a pair has name, q1 and q2)");
        }
        if (p.q1.empty() || p.q2.empty()) r.fail("a pair without q1 or q2");
        r.expect('}');
        pairs.push_back(std::move(p));
    }
    r.expect(']');
    if (!r.at_end()) r.fail("trailing text");
    return pairs;
}

}  // namespace eriq::verify
