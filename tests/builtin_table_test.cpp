// The DSL's built-ins are one table: the names the grammar check accepts, which of them
// take a production, and a handler for each.
#include <catch2/catch.hpp>

#include "gen/builtin_names.hpp"
#include "gen/builtins.hpp"

using namespace eriq;

TEST_CASE("the built-in table names every built-in once, each with a handler", "[gen][builtins]") {
    const std::set<std::string> expected{
        "column", "literal",    "func",         "agg",      "select_list", "alias",
        "table",  "x",          "derived",      "group_by", "group_key",   "order_by_all",
        "number", "order_keys", "outer_column", "outer",    "q",           "skip_representation"};
    CHECK(builtin_names() == expected);
    REQUIRE(builtin_table().size() == expected.size());
    for (const auto& [name, entry] : builtin_table()) {
        INFO(name);
        CHECK(entry.handler != nullptr);
        const bool takes =
            name == "func" || name == "agg" || name == "select_list" || name == "derived";
        CHECK(builtin_takes_production(name) == takes);
    }
    CHECK_FALSE(builtin_takes_production("no_such_builtin"));
}
