#include <fmt/format.h>
#include <catch2/catch.hpp>

#include "oracle/classify.hpp"
#include "oracle/normalize.hpp"

using namespace eriq;

namespace {

const NormalizationRules kDefaults;

std::string norm(ValueKind kind, const std::string& text,
                 const NormalizationRules& rules = kDefaults) {
    const NormValue v = normalize_value(Value{kind, text}, rules);
    REQUIRE_FALSE(is_null(v));
    return v.text;
}

ResultSet one_column(const std::vector<Value>& values) {
    ResultSet rs;
    rs.columns = {"vc_0"};
    for (const auto& v : values) rs.rows.push_back({v});
    return rs;
}

Value int_value(int n) {
    return Value{ValueKind::Int, std::to_string(n)};
}

// A result of single-int rows, for classification tests.
NamedResult named(const std::string& name, const std::vector<int>& values) {
    std::vector<Value> row_values;
    for (const int n : values) row_values.push_back(int_value(n));
    return {name, normalize(one_column(row_values), kDefaults), {}};
}

using Names = std::vector<std::string>;

}  // namespace

TEST_CASE("multiset comparison ignores order but counts duplicates", "[oracle]") {
    const auto a = normalize(one_column({int_value(1), int_value(2), int_value(1)}), kDefaults);
    const auto reordered =
        normalize(one_column({int_value(2), int_value(1), int_value(1)}), kDefaults);
    const auto fewer = normalize(one_column({int_value(1), int_value(2)}), kDefaults);
    const auto other_duplicate =
        normalize(one_column({int_value(1), int_value(2), int_value(2)}), kDefaults);
    CHECK(same_multiset(a, reordered));
    CHECK_FALSE(same_multiset(a, fewer));
    CHECK_FALSE(same_multiset(a, other_duplicate));
    CHECK(same_multiset(NormResult{}, NormResult{}));
    CHECK_FALSE(same_multiset(a, NormResult{}));
}

TEST_CASE("multiset comparison works on unsorted hand built results", "[oracle]") {
    NormResult unsorted{{{{ValueKind::Text, "b"}}, {{ValueKind::Text, "a"}}}};
    NormResult sorted{{{{ValueKind::Text, "a"}}, {{ValueKind::Text, "b"}}}};
    CHECK(same_multiset(unsorted, sorted));
    CHECK(same_multiset(sorted, unsorted));
}

TEST_CASE("normalize sorts rows and keeps every column", "[oracle]") {
    ResultSet rs;
    rs.columns = {"vc_0", "vc_1"};
    rs.rows = {{int_value(2), Value{ValueKind::Text, "b"}}, {int_value(1), Value::null()}};
    const NormResult r = normalize(rs, kDefaults);
    REQUIRE(r.rows.size() == 2);
    CHECK(r.rows[0] == NormRow{{ValueKind::Text, "1"}, Value::null()});
    CHECK(r.rows[1] == NormRow{{ValueKind::Text, "2"}, {ValueKind::Text, "b"}});
}

TEST_CASE("equal numbers of different kinds normalize alike", "[oracle]") {
    CHECK(norm(ValueKind::Float, "1.0") == "1");
    CHECK(norm(ValueKind::Float, "1") == "1");
    CHECK(norm(ValueKind::Float, "1e0") == "1");
    CHECK(norm(ValueKind::Int, "1") == "1");
    CHECK(norm(ValueKind::Decimal, "1.0000") == "1");
    CHECK(norm(ValueKind::Decimal, "001.000") == "1");
    CHECK(norm(ValueKind::Decimal, "0.5") == norm(ValueKind::Float, "0.5"));
    CHECK(norm(ValueKind::Decimal, "-2.250") == norm(ValueKind::Float, "-2.25"));
    CHECK(norm(ValueKind::Float, "123456789012345.0") == norm(ValueKind::Int, "123456789012345"));
    CHECK(norm(ValueKind::Float, "2.5") != norm(ValueKind::Int, "2"));
}

TEST_CASE("float noise beyond twelve significant digits is ignored", "[oracle]") {
    const std::string sum = fmt::format("{:.17g}", 0.1 + 0.2);
    REQUIRE(sum == "0.30000000000000004");
    CHECK(norm(ValueKind::Float, sum) == "3.00000000000e-01");
    CHECK(norm(ValueKind::Float, sum) == norm(ValueKind::Float, "0.3"));
    CHECK(norm(ValueKind::Float, sum) == norm(ValueKind::Decimal, "0.3"));
    CHECK(norm(ValueKind::Float, "0.9999999999999999") == "1");
    CHECK(norm(ValueKind::Float, "0.3000001") != norm(ValueKind::Float, "0.3"));
    CHECK(norm(ValueKind::Float, "1.5e300") == "1.50000000000e+300");
}

TEST_CASE("float digits setting controls the precision", "[oracle]") {
    NormalizationRules rules;
    rules.float_digits = 3;
    CHECK(norm(ValueKind::Float, "3.14159", rules) == "3.14e+00");
    CHECK(norm(ValueKind::Float, "3.14159", rules) == norm(ValueKind::Float, "3.1409", rules));
    rules.unify_numeric = false;
    CHECK(norm(ValueKind::Float, "2", rules) == "2.00e+00");
}

TEST_CASE("zero never prints with a sign", "[oracle]") {
    CHECK(norm(ValueKind::Float, "-0.0") == "0");
    CHECK(norm(ValueKind::Float, "-0") == "0");
    CHECK(norm(ValueKind::Float, "1e-13") == "0");
    CHECK(norm(ValueKind::Float, "-1e-300") == "0");
    CHECK(norm(ValueKind::Decimal, "-0.000") == "0");
    CHECK(norm(ValueKind::Int, "-0") == "0");
    CHECK(norm(ValueKind::Int, "+0042") == "42");
    CHECK(norm(ValueKind::Int, "-007") == "-7");
}

TEST_CASE("non finite floats have fixed names", "[oracle]") {
    CHECK(norm(ValueKind::Float, "inf") == "inf");
    CHECK(norm(ValueKind::Float, "-Infinity") == "-inf");
    CHECK(norm(ValueKind::Float, "nan") == "nan");
    CHECK(norm(ValueKind::Float, "not a number") == "not a number");
}

TEST_CASE("decimals are canonical", "[oracle]") {
    NormalizationRules exact;
    exact.unify_numeric = false;
    CHECK(norm(ValueKind::Decimal, "2.0000", exact) == "2");
    CHECK(norm(ValueKind::Decimal, "-0.50", exact) == "-0.5");
    CHECK(norm(ValueKind::Decimal, "007", exact) == "7");
    CHECK(norm(ValueKind::Decimal, "+12.50", exact) == "12.5");
    CHECK(norm(ValueKind::Decimal, ".5", exact) == "0.5");
    CHECK(norm(ValueKind::Decimal, "5.", exact) == "5");
    // With unify_numeric a fractional decimal takes the float form.
    CHECK(norm(ValueKind::Decimal, "-0.50") == "-5.00000000000e-01");
    // More digits than a double holds: stays exact.
    CHECK(norm(ValueKind::Decimal, "1.2345678901234567890") == "1.234567890123456789");
    CHECK(norm(ValueKind::Decimal, "1.2345678901234567890") !=
          norm(ValueKind::Decimal, "1.2345678901234567891"));
    NormalizationRules raw = exact;
    raw.canonical_decimals = false;
    CHECK(norm(ValueKind::Decimal, "2.0000", raw) == "2.0000");
}

TEST_CASE("bytes become hex or text", "[oracle]") {
    NormalizationRules hex;
    hex.bytes = "hex";
    NormalizationRules text;
    text.bytes = "text";
    CHECK(norm(ValueKind::Bytes, "AB", hex) == "x'4142'");
    CHECK(norm(ValueKind::Bytes, std::string("\x00\xff", 2), hex) == "x'00ff'");
    CHECK(norm(ValueKind::Bytes, "AB", text) == "AB");
    CHECK(norm(ValueKind::Bytes, "AB") == "AB");
    CHECK(norm(ValueKind::Bytes, "tab\tand\nnewline") == "tab\tand\nnewline");
    CHECK(norm(ValueKind::Bytes, "caf\xc3\xa9") == "caf\xc3\xa9");
    CHECK(norm(ValueKind::Bytes, std::string("\x00\x01", 2)) == "x'0001'");
    CHECK(norm(ValueKind::Bytes, "\xff\xfe") == "x'fffe'");
    CHECK(norm(ValueKind::Bytes, "\xc0\xaf") == "x'c0af'");  // overlong '/'
    CHECK(norm(ValueKind::Bytes, "a\x7f") == "x'617f'");
}

TEST_CASE("json spacing does not matter but string contents do", "[oracle]") {
    CHECK(norm(ValueKind::Json, "{\"a\": 1, \"b\": [1, 2]}") == "{\"a\":1,\"b\":[1,2]}");
    CHECK(norm(ValueKind::Json, "{\n  \"a\" : \"x y\"\n}") == "{\"a\":\"x y\"}");
    CHECK(norm(ValueKind::Json, "{\"a\": \"q\\\" z\", \"b\": 1}") == "{\"a\":\"q\\\" z\",\"b\":1}");
    CHECK(norm(ValueKind::Json, "[\"\\\\\", 1]") == "[\"\\\\\",1]");
    NormalizationRules keep;
    keep.compact_json = false;
    CHECK(norm(ValueKind::Json, "{\"a\": 1}", keep) == "{\"a\": 1}");
}

// From the seed-35 MariaDB campaign: DISTINCT cuts JSON_ARRAY_APPEND's result short (a known
// bug) in every representation; the merged forms send it JSON-typed, the temporary table as
// text. Only a whole document is compacted, whichever way it arrives.
TEST_CASE("a JSON value cut short is compared as written, typed JSON or text", "[oracle]") {
    CHECK(norm(ValueKind::Json, "[0, \"\\u00") == norm(ValueKind::Text, "[0, \"\\u00"));
    CHECK(norm(ValueKind::Json, "[0, \"\\u00") == "[0, \"\\u00");
    CHECK(norm(ValueKind::Json, "[0, \"\\u0000\"]") == norm(ValueKind::Text, "[0,\"\\u0000\"]"));
}

// From a MariaDB campaign: JSON_ARRAY('', c) over a temporary table whose c came from
// `NULL AS c` (CREATE TABLE AS types it BINARY(0)) arrives as a binary string, spaced
// differently from the same document built over the merged forms.
TEST_CASE("a JSON document that arrives as printable bytes is compared as JSON text", "[oracle]") {
    CHECK(norm(ValueKind::Bytes, "[\"\", null]") == norm(ValueKind::Text, "[\"\",null]"));
    CHECK(norm(ValueKind::Bytes, "{\"k\": 0.0}") == norm(ValueKind::Text, "{\"k\":0}"));
    NormalizationRules hex;
    hex.bytes = "hex";
    CHECK(norm(ValueKind::Bytes, "[1, 2]", hex) == "x'5b312c20325d'");
    CHECK(norm(ValueKind::Bytes, std::string("[\x00 ]", 4)) == "x'5b00205d'");
}

// From a MariaDB campaign: CASE WHEN ... THEN X'00' ELSE c END is VARBINARY over a literal c
// and VARCHAR over a stored column; both hold the one byte 0.
TEST_CASE("text with control bytes compares like the equal byte string", "[oracle]") {
    CHECK(norm(ValueKind::Text, std::string("\0", 1)) ==
          norm(ValueKind::Bytes, std::string("\0", 1)));
    CHECK(norm(ValueKind::Text, std::string("a\x01", 2)) == "x'6101'");
    CHECK(norm(ValueKind::Text, "tab\tand\nnewline") == "tab\tand\nnewline");
    NormalizationRules text;
    text.bytes = "text";
    CHECK(norm(ValueKind::Text, std::string("\0", 1), text) == std::string("\0", 1));
}

// False positives from a SQLite campaign: the boundary value 1e15 as REAL on one side and
// as INTEGER (NUMERIC affinity of a materialized column) on the other.
TEST_CASE("whole floats at or above 1e15 match the equal integer", "[oracle]") {
    CHECK(norm(ValueKind::Float, "1e15") == norm(ValueKind::Int, "1000000000000000"));
    CHECK(norm(ValueKind::Float, "1.0E+15") == "1000000000000000");
    CHECK(norm(ValueKind::Float, "-1e18") == norm(ValueKind::Int, "-1000000000000000000"));
    // Still twelve significant digits: float noise stays hidden, other numbers differ.
    CHECK(norm(ValueKind::Float, "1000000000000002") == norm(ValueKind::Float, "1e15"));
    CHECK(norm(ValueKind::Float, "2e15") != norm(ValueKind::Int, "1000000000000000"));
    // Beyond 64-bit integers no INT can meet them: scientific as before.
    CHECK(norm(ValueKind::Float, "1e19") == "1.00000000000e+19");
}

// From a SQLite campaign: CAST(702.27 * 99999999999999.99 AS NUMERIC) is the REAL
// 7.0227e16 in the merged forms and the INTEGER 70226999999999984 it equals once a
// NUMERIC-affinity column stores it.
TEST_CASE("an integer a double holds exactly matches that whole float", "[oracle]") {
    CHECK(norm(ValueKind::Int, "70226999999999984") ==
          norm(ValueKind::Float, "7.0226999999999984e16"));
    CHECK(norm(ValueKind::Int, "-70226999999999984") ==
          norm(ValueKind::Float, "-7.0226999999999984e16"));
    // Integers a double cannot hold stay exact: 2^63-1 and 2^63-2 still differ.
    CHECK(norm(ValueKind::Int, "9223372036854775807") == "9223372036854775807");
    CHECK(norm(ValueKind::Int, "9223372036854775806") !=
          norm(ValueKind::Int, "9223372036854775807"));
    CHECK(norm(ValueKind::Int, "9007199254740993") == "9007199254740993");  // 2^53+1
    // Below 1e15 integers print as they are.
    CHECK(norm(ValueKind::Int, "999999999999999") == "999999999999999");
}

TEST_CASE("numbers inside JSON text normalize like SQL numbers", "[oracle]") {
    CHECK(norm(ValueKind::Json, "{\"k\":0.0}") == norm(ValueKind::Json, "{\"k\":0}"));
    CHECK(norm(ValueKind::Text, "[1.50, -2e0, 1e15]") == "[1.50000000000e+00,-2,1000000000000000]");
    CHECK(norm(ValueKind::Json, "{\"k\":\"0.0\"}") != norm(ValueKind::Json, "{\"k\":\"0\"}"));
    CHECK(norm(ValueKind::Json, "{\"k\":1}") != norm(ValueKind::Json, "{\"k\":1.5}"));
    // A bare JSON scalar stays as written: MariaDB sends it as JSON from a view and as text
    // from a temporary table (false positive of a MariaDB campaign).
    CHECK(norm(ValueKind::Json, "1.5") == norm(ValueKind::Text, "1.5"));
}

TEST_CASE("null differs from the string NULL", "[oracle]") {
    const NormValue null = normalize_value(Value::null(), kDefaults);
    const NormValue text = normalize_value(Value{ValueKind::Text, "NULL"}, kDefaults);
    CHECK(is_null(null));
    CHECK_FALSE(is_null(text));
    CHECK(null != text);
    CHECK(to_display(null) == "NULL");
    CHECK(to_display(text) == "NULL");
    CHECK_FALSE(same_multiset(normalize(one_column({Value::null()}), kDefaults),
                              normalize(one_column({Value{ValueKind::Text, "NULL"}}), kDefaults)));
    CHECK(normalize_value(Value{ValueKind::Text, ""}, kDefaults) != null);
}

TEST_CASE("text and temporal values are kept as they are", "[oracle]") {
    CHECK(norm(ValueKind::Text, " a  b ") == " a  b ");
    CHECK(norm(ValueKind::Text, "1.0") == "1.0");
    CHECK(norm(ValueKind::Temporal, "2024-01-01 00:00:00") == "2024-01-01 00:00:00");
}

TEST_CASE("all equal results are consistent", "[classify]") {
    const auto c =
        classify({named("VIEW", {1, 2}), named("CTE", {2, 1}), named("TEMPT", {1, 2})}, {});
    CHECK(c.consistent);
    CHECK(c.pattern.empty());
    CHECK(c.minority.empty());
    CHECK(c.groups == std::vector<Names>{{"VIEW", "CTE", "TEMPT"}});
}

TEST_CASE("fewer than two results are consistent", "[classify]") {
    CHECK(classify({}, {}).consistent);
    const auto c = classify({named("VIEW", {1})}, {"TEMPT"});
    CHECK(c.consistent);
    CHECK(c.pattern.empty());
}

TEST_CASE("three results with one odd give the paper patterns", "[classify]") {
    SECTION("CTE differs") {
        const auto c = classify({named("VIEW", {1}), named("CTE", {2}), named("TEMPT", {1})}, {});
        CHECK_FALSE(c.consistent);
        CHECK(c.pattern == "VIEW=TEMPT\u2260CTE");
        CHECK(c.minority == Names{"CTE"});
        CHECK(c.groups == std::vector<Names>{{"VIEW", "TEMPT"}, {"CTE"}});
    }
    SECTION("TEMPT differs") {
        const auto c =
            classify({named("VIEW", {1}), named("CTE", {1}), named("TEMPT", {1, 1})}, {});
        CHECK(c.pattern == "VIEW=CTE\u2260TEMPT");
        CHECK(c.minority == Names{"TEMPT"});
    }
    SECTION("VIEW differs") {
        const auto c = classify({named("VIEW", {}), named("CTE", {3}), named("TEMPT", {3})}, {});
        CHECK(c.pattern == "CTE=TEMPT\u2260VIEW");
        CHECK(c.minority == Names{"VIEW"});
    }
}

TEST_CASE("three pairwise different results are all_diff", "[classify]") {
    const auto c = classify({named("VIEW", {1}), named("CTE", {2}), named("TEMPT", {3})}, {});
    CHECK_FALSE(c.consistent);
    CHECK(c.pattern == "all_diff");
    CHECK(c.minority == Names{"VIEW", "CTE", "TEMPT"});
    CHECK(c.groups.size() == 3);
}

TEST_CASE("skipped representations are appended to the pattern", "[classify]") {
    const auto c = classify({named("VIEW", {1}), named("CTE", {2})}, {"TEMPT"});
    CHECK_FALSE(c.consistent);
    CHECK(c.pattern == "VIEW\u2260CTE(TEMPT_SKIP)");
    CHECK(c.minority == Names{"CTE"});
    CHECK(classify({named("VIEW", {1}), named("CTE", {2})}, {}).pattern == "VIEW\u2260CTE");
    CHECK(classify({named("VIEW", {1}), named("CTE", {1})}, {"TEMPT"}).pattern.empty());
}

TEST_CASE("four representations group by equal result", "[classify]") {
    SECTION("VIEW alone") {
        const auto c = classify(
            {named("VIEW", {9}), named("CTE", {1}), named("TEMPT", {1}), named("DERIVED", {1})},
            {});
        CHECK(c.pattern == "CTE=TEMPT=DERIVED\u2260VIEW");
        CHECK(c.minority == Names{"VIEW"});
    }
    SECTION("two pairs keep input order") {
        const auto c = classify(
            {named("VIEW", {1}), named("CTE", {1}), named("TEMPT", {2}), named("DERIVED", {2})},
            {});
        CHECK(c.pattern == "VIEW=CTE\u2260TEMPT=DERIVED");
        CHECK(c.minority == Names{"TEMPT", "DERIVED"});
    }
    SECTION("a pair and two singles") {
        const auto c = classify(
            {named("VIEW", {1}), named("CTE", {2}), named("TEMPT", {1}), named("DERIVED", {3})},
            {});
        CHECK(c.pattern == "VIEW=TEMPT\u2260CTE\u2260DERIVED");
        CHECK(c.minority == Names{"CTE", "DERIVED"});
    }
    SECTION("all different") {
        const auto c = classify(
            {named("VIEW", {1}), named("CTE", {2}), named("TEMPT", {3}), named("DERIVED", {4})},
            {});
        CHECK(c.pattern == "all_diff");
        CHECK(c.minority == Names{"VIEW", "CTE", "TEMPT", "DERIVED"});
    }
}

TEST_CASE("an all-zero fraction of seconds is representational", "[oracle]") {
    NormalizationRules rules;
    auto text = [&](const char* s) { return normalize_value({ValueKind::Text, s}, rules).text; };
    auto temporal = [&](const char* s) {
        return normalize_value({ValueKind::Temporal, s}, rules).text;
    };
    CHECK(text("2011-06-03 10:58:48.000000") == "2011-06-03 10:58:48");
    CHECK(temporal("10:58:48.000") == "10:58:48");
    CHECK(temporal("2011-06-03 10:58:48.250000") == "2011-06-03 10:58:48.250000");
    CHECK(text("version 1:22:33.000") == "version 1:22:33.000");
    CHECK(text("12.000") == "12.000");
    rules.trim_zero_fraction = false;
    CHECK(temporal("10:58:48.000") == "10:58:48.000");
}
