#include "dsl/literal_formats.hpp"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "util/strict_number.hpp"

namespace eriq::dsl {
namespace {

// A whole decimal integer with an optional '-', of at most 9 digits.
std::optional<std::int64_t> small_integer(std::string_view text) {
    const bool negative = !text.empty() && text[0] == '-';
    if (negative) text.remove_prefix(1);
    if (text.size() > 9) return std::nullopt;
    auto n = parse_decimal_unsigned(text);
    if (!n) return std::nullopt;
    return negative ? -static_cast<std::int64_t>(*n) : static_cast<std::int64_t>(*n);
}

bool starts_with(std::string_view text, std::size_t at, std::string_view prefix) {
    return text.substr(at, prefix.size()) == prefix;
}

// The comma-separated integers of "(a,b)" starting at `at`; `at` moves past ')'. Errors
// point at `start`, the placeholder's '@'.
std::vector<std::int64_t> placeholder_numbers(std::string_view text, std::size_t start,
                                              std::size_t& at, std::size_t count,
                                              std::string_view name) {
    if (at >= text.size() || text[at] != '(')
        throw JsonShapeError{start, fmt::format("expected '(' after @{}", name)};
    const std::size_t close = text.find(')', at);
    if (close == std::string_view::npos)
        throw JsonShapeError{start, fmt::format("expected ')' to close @{}(", name)};
    std::vector<std::int64_t> numbers;
    std::string_view inside = text.substr(at + 1, close - at - 1);
    for (std::size_t from = 0; from <= inside.size();) {
        std::size_t comma = inside.find(',', from);
        if (comma == std::string_view::npos) comma = inside.size();
        auto n = small_integer(inside.substr(from, comma - from));
        if (!n)
            throw JsonShapeError{start,
                                 fmt::format("@{} takes whole numbers of at most 9 digits", name)};
        numbers.push_back(*n);
        from = comma + 1;
    }
    if (numbers.size() != count)
        throw JsonShapeError{
            start, fmt::format("@{} takes {} number{}", name, count, count == 1 ? "" : "s")};
    at = close + 1;
    return numbers;
}

JsonPiece placeholder(std::string_view text, std::size_t& at) {
    const std::size_t start = at;
    JsonPiece p;
    if (starts_with(text, at, "@number")) {
        at += 7;
        auto n = placeholder_numbers(text, start, at, 2, "number");
        if (n[0] > n[1]) throw JsonShapeError{start, "@number(lo,hi) needs lo <= hi"};
        p.kind = JsonPiece::Kind::Number;
        p.lo = n[0];
        p.hi = n[1];
    } else if (starts_with(text, at, "@string")) {
        at += 7;
        auto n = placeholder_numbers(text, start, at, 1, "string");
        if (n[0] < 1 || n[0] > 1000)
            throw JsonShapeError{start, "@string(n) needs n from 1 to 1000"};
        p.kind = JsonPiece::Kind::String;
        p.length = static_cast<int>(n[0]);
    } else if (starts_with(text, at, "@bool")) {
        at += 5;
        p.kind = JsonPiece::Kind::Bool;
    } else {
        throw JsonShapeError{start,
                             "unknown placeholder: expected @number(lo,hi), @string(n) "
                             "or @bool"};
    }
    return p;
}

}  // namespace

JsonShape parse_json_shape(std::string_view text) {
    if (text.empty()) throw JsonShapeError{0, "a JSON shape must not be empty"};
    if (auto quote = text.find('\''); quote != std::string_view::npos)
        throw JsonShapeError{quote, "a JSON shape must not hold ' (it is quoted as SQL text)"};
    JsonShape shape;
    for (std::size_t at = 0; at < text.size();) {
        if (text[at] == '@') {
            shape.pieces.push_back(placeholder(text, at));
            continue;
        }
        const std::size_t next = std::min(text.find('@', at), text.size());
        shape.pieces.push_back({JsonPiece::Kind::Text, std::string(text.substr(at, next - at))});
        at = next;
    }
    return shape;
}

std::string string_alphabet_problem(std::string_view alphabet) {
    if (alphabet.empty()) return "string_alphabet must not be empty";
    for (char ch : alphabet) {
        const auto c = static_cast<unsigned char>(ch);
        if (c < 0x20 || c > 0x7e || ch == '\'' || ch == '"' || ch == '\\')
            return fmt::format(
                "string_alphabet holds '{}': only printable ASCII other than "
                "' \" and backslash",
                ch == '\n' ? std::string("\\n") : std::string(1, ch));
    }
    return {};
}

const LiteralFormats& default_literal_formats() {
    static const LiteralFormats formats = [] {
        LiteralFormats f;
        f.string_alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ";
        f.date_year_min = 1970;
        f.date_year_max = 2038;
        for (const char* shape : {
                 R"j({"a": @number(-10,10)})j",
                 R"j([@number(-10,10), @number(-10,10)])j",
                 R"j(@number(-100,100))j",
                 R"j("@string(4)")j",
                 R"j(@bool)j",
                 R"j({"a": [@number(0,9), "@string(3)"], "b": null})j",
             })
            f.json_shapes.push_back(parse_json_shape(shape));
        return f;
    }();
    return formats;
}

}  // namespace eriq::dsl
