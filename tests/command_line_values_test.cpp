// Strict numbers and durations for the command line (util/strict_number, util/duration).
#include <chrono>
#include <limits>
#include <stdexcept>

#include <catch2/catch.hpp>

#include "util/duration.hpp"
#include "util/strict_number.hpp"

using namespace eriq;
using namespace std::chrono_literals;

TEST_CASE("decimal unsigned integers are read from the whole token", "[cli]") {
    CHECK(parse_decimal_unsigned("0") == 0u);
    CHECK(parse_decimal_unsigned("42") == 42u);
    CHECK(parse_decimal_unsigned("18446744073709551615") ==
          std::numeric_limits<std::uint64_t>::max());
    for (const char* bad : {"", "-1", "+1", " 1", "1 ", "2x", "1e3", "0x10", "1.0",
                            "18446744073709551616", "99999999999999999999999"})
        CHECK_FALSE(parse_decimal_unsigned(bad).has_value());
}

TEST_CASE("finite numbers reject nan, inf, overflow and trailing text", "[cli]") {
    CHECK(parse_finite_number("3") == 3.0);
    CHECK(parse_finite_number("0.25") == 0.25);
    CHECK(parse_finite_number("1e3") == 1000.0);
    CHECK(parse_finite_number("-1.5") == -1.5);
    for (const char* bad :
         {"", "nan", "NaN", "inf", "-inf", "infinity", "1e309", "1,5", "2x", " 1", "0x1p3"})
        CHECK_FALSE(parse_finite_number(bad).has_value());
}

TEST_CASE("durations take units, plain seconds and compounds", "[cli]") {
    CHECK(parse_duration("90") == 90s);
    CHECK(parse_duration("20s") == 20s);
    CHECK(parse_duration("5m") == 5min);
    CHECK(parse_duration("2h") == 2h);
    CHECK(parse_duration("250ms") == 250ms);
    CHECK(parse_duration("1h30m") == 90min);
    CHECK(parse_duration("0.5s") == 500ms);
    CHECK(parse_duration("0") == 0ms);
    CHECK(parse_duration("30d") == kMaxDuration);
}

TEST_CASE("durations refuse what is not one, with the reason", "[cli]") {
    auto reason = [](const char* text) {
        try {
            parse_duration(text);
        } catch (const std::invalid_argument& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    CHECK_THAT(reason("."), Catch::Contains("is not a duration"));
    CHECK_THAT(reason(""), Catch::Contains("empty"));
    CHECK_THAT(reason("-5s"), Catch::Contains("negative"));
    CHECK_THAT(reason("nan"), Catch::Contains("is not a duration"));
    CHECK_THAT(reason("inf"), Catch::Contains("is not a duration"));
    CHECK_THAT(reason("5x"), Catch::Contains("unknown unit 'x'"));
    CHECK_THAT(reason("5.s"), Catch::Contains("is not a duration"));
    CHECK_THAT(reason("1h30"), Catch::Contains("needs a unit"));
    CHECK_THAT(reason("30d1s"), Catch::Contains("maximum of 30 days"));
    CHECK_THAT(reason("0.0001s"), Catch::Contains("shorter than 1 ms"));
    CHECK_THAT(reason("99999999999h"), Catch::Contains("maximum of 30 days"));
    CHECK_THAT(reason("1e308"), Catch::Contains("unknown unit 'e'"));
    CHECK_THAT(reason("99999999999999999999999999999999999999999999999999999999999999999999999999"
                      "99999999999999999999999999999999999999999999999999999999999999999999999999"
                      "99999999999999999999999999999999999999999999999999999999999999999999999999"
                      "99999999999999999999999999999999999999999999999999999999999999999999999999"
                      "99999999999999999999999999999999999999999999"),
               Catch::Contains("maximum of 30 days"));
}
