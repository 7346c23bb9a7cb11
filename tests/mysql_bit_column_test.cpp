#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "exec/mysql_bit_column.hpp"

using eriq::BitColumnWire;

namespace {

std::vector<std::string> decode(unsigned long bits, bool binary_flag,
                                const std::vector<std::string>& payloads) {
    BitColumnWire wire(bits, binary_flag);
    for (const auto& p : payloads) wire.observe(p);
    std::vector<std::string> out;
    for (const auto& p : payloads) out.push_back(wire.value_text(p));
    return out;
}

}  // namespace

TEST_CASE("a BIT table column sends bytes", "[mysql][bit]") {
    CHECK(decode(8, false, {std::string(1, '\0'), "0", "\xff"}) ==
          std::vector<std::string>{"0", "48", "255"});
    CHECK(decode(16, false, {std::string("\x01\x00", 2)}) == std::vector<std::string>{"256"});
}

TEST_CASE("a BIT(8) expression whose payloads are one digit each is decimal text", "[mysql][bit]") {
    // MariaDB 10.11: IF(1, c0, NULL) over BIT(8) values 0 and 7 sends "0" and "7"; read as
    // bytes they were 48 and 55 (the campaign's false positive).
    CHECK(decode(8, true, {"0", "7"}) == std::vector<std::string>{"0", "7"});
}

TEST_CASE("one payload that can only be text decides the whole column", "[mysql][bit]") {
    CHECK(decode(8, true, {"0", "48", "255"}) == std::vector<std::string>{"0", "48", "255"});
    CHECK(decode(8, false, {"5", "48"}) == std::vector<std::string>{"5", "48"});
    CHECK(decode(1, false, {"0", "1"}) == std::vector<std::string>{"0", "1"});
}

TEST_CASE("one payload that can only be bytes decides the whole column", "[mysql][bit]") {
    // A UNION of BIT expressions is stored in a BIT column and sends bytes although its
    // metadata carries BINARY_FLAG like the expression's.
    CHECK(decode(8, true, {"0", std::string(1, '\0')}) == std::vector<std::string>{"48", "0"});
    CHECK(decode(16, true, {"00", "\x01\x02"}) == std::vector<std::string>{"12336", "258"});
}
