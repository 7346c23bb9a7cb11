// eriq-prove's schema reader: CREATE TABLE only, read with eriq's one SQL lexer, errors at
// line:column.
#include <catch2/catch.hpp>

#include "verify/schema.hpp"

using eriq::verify::parse_schema;
using eriq::verify::SchemaError;

namespace {

std::string error_of(const std::string& sql) {
    try {
        parse_schema(sql);
    } catch (const SchemaError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("schema: tables, quoted names and comments are read") {
    const auto s = parse_schema(
        "/* emp */ CREATE TABLE \"Emp\"\"s\" (a INT, -- the key\n \"b c\" VARCHAR(5), "
        "PRIMARY KEY (a));\nCREATE TEMP TABLE t (x INT)");
    REQUIRE(s.tables.count("EMP\"S") == 1);
    CHECK(s.tables.at("EMP\"S") == std::vector<std::string>{"A", "B C"});
    CHECK(s.types.at("EMP\"S") == std::vector<std::string>{"INT", "VARCHAR"});
    CHECK(s.tables.at("T") == std::vector<std::string>{"X"});
}

TEST_CASE("schema: a quote or comment left open is an error where it starts") {
    CHECK(error_of("CREATE TABLE t (a INT);\n  CREATE TABLE \"u (a INT)") ==
          "2:16: unterminated quote");
    CHECK(error_of("CREATE TABLE t (a INT); /* x") == "1:25: unterminated comment");
    // A doubled quote inside a name does not close it.
    CHECK(error_of("CREATE TABLE \"t\"\"") == "1:14: unterminated quote");
}

TEST_CASE("schema: anything but CREATE TABLE is refused with its position") {
    CHECK(error_of("CREATE TABLE t (a INT);\nDROP TABLE t") ==
          "2:1: expected CREATE TABLE (the schema holds only CREATE TABLE statements), found "
          "'DROP'");
    CHECK(error_of("CREATE TABLE t (a INT, a INT)") == "1:24: column A defined twice");
}
