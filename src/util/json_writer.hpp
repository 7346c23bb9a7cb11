#pragma once
// A minimal streaming JSON writer for reports. Hand-written because no JSON
// library is among the Debian packages this project may use.
//
//   JsonWriter w;
//   w.begin_object();
//   w.key("id");  w.string("000001-ab12");
//   w.key("rows"); w.begin_array(); w.integer(3); w.end_array();
//   w.end_object();
//   w.str();  // pretty-printed with a 2-space indent (or one line if !pretty)
//
// Strings are escaped fully: quote, backslash, control characters (\n, \r, \t
// short forms, others as \u00XX); valid UTF-8 passes through; bytes that are
// not valid UTF-8 are escaped as \u00XX of the byte so the output stays valid.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace eriq {

// The quoted, escaped JSON form of `s`.
std::string json_quote(std::string_view s);

class JsonWriter {
  public:
    explicit JsonWriter(bool pretty = true) : pretty_(pretty) {}

    void begin_object();
    void end_object();
    void begin_array();
    void end_array();
    // Inside an object: the name of the next value.
    void key(std::string_view name);

    void string(std::string_view s);
    void integer(std::int64_t n);
    void unsigned_integer(std::uint64_t n);
    void number(double x);  // NaN and infinities are not JSON: written as null
    void boolean(bool b);
    void null();

    // The document so far; complete once every container is closed.
    const std::string& str() const { return out_; }

  private:
    struct Container {
        bool is_object;
        bool empty = true;
    };

    void before_value();
    void open(char bracket, bool is_object);
    void close(char bracket);
    void newline_and_indent();

    bool pretty_;
    bool after_key_ = false;
    std::string out_;
    std::vector<Container> stack_;
};

}  // namespace eriq
