#pragma once
// The formats of random literals, from a grammar's [literals] table: the characters
// of random strings, the years of random dates and the shapes of random JSON values.
// The defaults are grammars/common.toml's values.
//
//   [literals]
//   string_alphabet = "abc..."            # printable ASCII, no ' " or backslash
//   date_years = [1970, 2038]             # dates and datetimes: years in this range
//   json_shapes = ['{"a": @number(-10,10)}', '"@string(4)"', '@bool']
//
// A JSON shape is literal text with placeholders: @number(lo,hi) an integer in [lo, hi],
// @string(n) a string of 0..n characters
// of the alphabet, @bool true or false. One shape is picked
// uniformly; its placeholders are drawn from the last to the first (the order the seeds of
// earlier versions drew them in, so a seed keeps its values).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace eriq::dsl {

struct JsonPiece {
    enum class Kind { Text, Number, String, Bool };
    Kind kind = Kind::Text;
    std::string text;             // Text
    std::int64_t lo = 0, hi = 0;  // Number
    int length = 0;               // String: the longest
};

struct JsonShape {
    std::vector<JsonPiece> pieces;
};

struct LiteralFormats {
    std::string string_alphabet;
    std::int64_t date_year_min = 0, date_year_max = 0;
    std::vector<JsonShape> json_shapes;
};

// The formats grammars/common.toml declares, for grammars that do not.
const LiteralFormats& default_literal_formats();

// Parses one JSON shape; the error (with its offset in `text`) is thrown as
// JsonShapeError.
struct JsonShapeError {
    std::size_t offset;
    std::string what;
};
JsonShape parse_json_shape(std::string_view text);

// Why `alphabet` cannot be a string alphabet, or empty when it can.
std::string string_alphabet_problem(std::string_view alphabet);

}  // namespace eriq::dsl
