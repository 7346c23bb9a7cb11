// The formats of random literals: grammar data ([literals]) with common.toml's values as
// the defaults, checked when the grammar loads, and used by make_literal.
#include <catch2/catch.hpp>

#include <fstream>

#include "dsl/grammar.hpp"
#include "gen/rng.hpp"
#include "gen/value_generator.hpp"
#include "test_files.hpp"
#include "util/load_error.hpp"

using namespace eriq;

namespace {

std::string shape_text(const dsl::JsonShape& shape) {
    std::string out;
    for (const auto& p : shape.pieces) {
        switch (p.kind) {
            case dsl::JsonPiece::Kind::Text:
                out += p.text;
                break;
            case dsl::JsonPiece::Kind::Number:
                out += "@number(" + std::to_string(p.lo) + "," + std::to_string(p.hi) + ")";
                break;
            case dsl::JsonPiece::Kind::String:
                out += "@string(" + std::to_string(p.length) + ")";
                break;
            case dsl::JsonPiece::Kind::Bool:
                out += "@bool";
                break;
        }
    }
    return out;
}

std::string grammar_with_literals(const std::string& literals) {
    const auto dir = test::fresh_dir("literal-formats");
    const auto path = (dir / "g.toml").string();
    std::ofstream(path) << "include = [\"" << test::source("grammars/common.toml") << "\"]\n"
                        << "[literals]\n"
                        << literals;
    return path;
}

std::string load_error_of(const std::string& path) {
    try {
        dsl::load_grammar(path);
    } catch (const LoadError& e) {
        return e.what();
    }
    return "no error";
}

TypeInfo random_type(const std::string& kind, int length = 0) {
    TypeInfo t;
    t.name = "T";
    t.family = "string";
    t.values = {"NULL"};
    t.random.kind = kind;
    t.random.length = length;
    return t;
}

}  // namespace

TEST_CASE("common.toml's literal formats are the built-in defaults", "[gen][literals]") {
    const dsl::Grammar g = dsl::load_grammar(test::source("grammars/common.toml"));
    const dsl::LiteralFormats& d = dsl::default_literal_formats();
    CHECK(g.literals.string_alphabet == d.string_alphabet);
    CHECK(g.literals.date_year_min == d.date_year_min);
    CHECK(g.literals.date_year_max == d.date_year_max);
    REQUIRE(g.literals.json_shapes.size() == d.json_shapes.size());
    for (std::size_t i = 0; i < d.json_shapes.size(); ++i)
        CHECK(shape_text(g.literals.json_shapes[i]) == shape_text(d.json_shapes[i]));
    CHECK(shape_text(d.json_shapes.back()) ==
          R"j({"a": [@number(0,9), "@string(3)"], "b": null})j");
}

TEST_CASE("random literals follow the grammar's formats", "[gen][literals]") {
    const auto path = grammar_with_literals(
        "string_alphabet = \"xy\"\ndate_years = [2001, 2001]\njson_shapes = ['[@bool, "
        "@number(5,6)]']\n");
    const dsl::LiteralFormats f = dsl::load_grammar(path).literals;
    Rng rng(11);
    bool saw_nonempty = false;
    for (int i = 0; i < 200; ++i) {
        const std::string s = make_literal(random_type("string", 6), rng, 0.0, false, f);
        REQUIRE(s.size() >= 2);
        CHECK(s.find_first_not_of("xy", 1) == s.size() - 1);  // only x and y inside the quotes
        saw_nonempty = saw_nonempty || s.size() > 2;
        const std::string date = make_literal(random_type("datetime"), rng, 0.0, false, f);
        CHECK(date.rfind("'2001-", 0) == 0);
        const std::string json = make_literal(random_type("json"), rng, 0.0, false, f);
        CHECK((json == "'[true, 5]'" || json == "'[true, 6]'" || json == "'[false, 5]'" ||
               json == "'[false, 6]'"));
    }
    CHECK(saw_nonempty);
}

TEST_CASE("bad literal formats are load errors with their position", "[gen][literals]") {
    auto path = grammar_with_literals("string_alphabet = \"a\\\\b\"\n");
    CHECK(load_error_of(path).rfind(path + ":3:19: string_alphabet holds '\\'", 0) == 0);
    path = grammar_with_literals("date_years = [1970]\n");
    CHECK(load_error_of(path) ==
          path + ":3:14: date_years must be two years [first, last], e.g. [1970, 2038]");
    path = grammar_with_literals("date_years = [0, 10]\n");
    CHECK(load_error_of(path) ==
          path + ":3:15: a year in date_years must be a whole number from 1 to 9999");
    path = grammar_with_literals("json_shapes = []\n");
    CHECK(load_error_of(path) == path + ":3:15: json_shapes must be a non-empty array of strings");
    path = grammar_with_literals("json_shapes = ['[@number(3,1)]']\n");
    CHECK(load_error_of(path) == path + ":3:18: json shape: @number(lo,hi) needs lo <= hi");
    path = grammar_with_literals("json_shapes = ['[@string(0)]']\n");
    CHECK(load_error_of(path) == path + ":3:18: json shape: @string(n) needs n from 1 to 1000");
    path = grammar_with_literals("json_shapes = ['@number(1)']\n");
    CHECK(load_error_of(path) == path + ":3:17: json shape: @number takes 2 numbers");
}
