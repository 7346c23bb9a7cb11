#include <re2/re2.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <limits>

#include "catalog/dialect.hpp"
#include "dsl/grammar.hpp"
#include "gen/case_generator.hpp"
#include "gen/rng.hpp"
#include "generation_fixture.hpp"

using namespace eriq;
using namespace eriq::test;

namespace {

std::string upper(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

}  // namespace

TEST_CASE("the same seed gives byte-identical SQL", "[gen]") {
    auto l = load("mariadb");
    auto a = generate(l, 42, 60);
    auto b = generate(l, 42, 60);
    auto c = generate(l, 43, 60);
    REQUIRE(a.size() == 60);
    REQUIRE(b.size() == 60);
    int differing = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        CHECK(a[i].schema == b[i].schema);
        CHECK(a[i].rows == b[i].rows);
        CHECK(a[i].intermediate == b[i].intermediate);
        CHECK(a[i].referencing == b[i].referencing);
        if (a[i].intermediate != c[i].intermediate) ++differing;
    }
    CHECK(differing > 50);
}

TEST_CASE("generated cases have aliased outputs, references to x and valid shapes", "[gen]") {
    for (const char* name : {"sqlite", "mariadb", "mysql"}) {
        INFO(name);
        auto l = load(name);
        auto cases = generate(l, 7, 400);
        REQUIRE(cases.size() == 400);
        int two_refs = 0, limits = 0;
        for (const auto& tc : cases) {
            INFO(tc.intermediate);
            INFO(tc.referencing);
            REQUIRE_FALSE(tc.columns.empty());
            for (const auto& col : tc.columns)
                CHECK(tc.intermediate.find("AS " + col.name) != std::string::npos);
            CHECK(tc.x_references >= 1);
            std::size_t refs = 0;
            for (std::size_t p = 0; (p = tc.referencing.find("{x}", p)) != std::string::npos; ++p)
                ++refs;
            CHECK(refs == static_cast<std::size_t>(tc.x_references));
            if (tc.x_references > 1) ++two_refs;
            // ORDER BY ... LIMIT orders by every output column, so no tie decides which rows
            // survive.
            auto limit = tc.intermediate.rfind(" LIMIT ");
            if (limit != std::string::npos &&
                tc.intermediate.find('(', limit) == std::string::npos) {
                ++limits;
                auto order = tc.intermediate.rfind(" ORDER BY ");
                REQUIRE(order != std::string::npos);
                std::string keys = tc.intermediate.substr(order, limit - order);
                for (const auto& col : tc.columns) CHECK(keys.find(col.name) != std::string::npos);
            }
        }
        CHECK(two_refs > 10);
        CHECK(limits > 5);
    }
}

TEST_CASE("no nondeterministic function is ever generated", "[gen]") {
    for (const char* name : {"sqlite", "mariadb", "mysql"}) {
        INFO(name);
        auto l = load(name);
        REQUIRE_FALSE(l.dialect.nondeterministic.empty());
        for (const auto& tc : generate(l, 99, 1500)) {
            std::string all = upper(tc.intermediate + " " + tc.referencing);
            for (const auto& fn : l.dialect.nondeterministic) {
                const RE2 call("\\b" + RE2::QuoteMeta(fn) + "\\s*\\(");
                INFO(fn << " in " << all);
                CHECK_FALSE(RE2::PartialMatch(all, call));
            }
        }
    }
}

TEST_CASE("setting a knob to zero removes the feature", "[gen]") {
    auto l = load("mariadb");
    auto count_matching = [](const std::vector<TestCase>& cases, const std::string& needle,
                             bool in_schema) {
        return std::count_if(cases.begin(), cases.end(), [&](const TestCase& tc) {
            std::string text = tc.intermediate + " " + tc.referencing;
            if (in_schema)
                for (const auto& s : tc.schema) text += " " + s;
            return text.find(needle) != std::string::npos;
        });
    };
    auto before = generate(l, 5, 400);
    CHECK(count_matching(before, " UNION ", false) > 20);
    CHECK(count_matching(before, " JSON", true) > 20);
    CHECK(count_matching(before, "LEFT JOIN", false) > 10);

    dsl::override_knob(l.grammar, "union", 0);
    dsl::override_knob(l.grammar, "family_json", 0);
    dsl::override_knob(l.grammar, "left_join", 0);
    auto after = generate(l, 5, 400);
    CHECK(count_matching(after, " UNION ", false) == 0);
    CHECK(count_matching(after, " JSON)", true) == 0);
    CHECK(count_matching(after, "LEFT JOIN", false) == 0);
    for (const auto& tc : after)
        for (const auto& s : tc.schema) CHECK(s.find(" JSON") == std::string::npos);
}

TEST_CASE("database state respects the table and row knobs and includes boundary values", "[gen]") {
    auto l = load("sqlite");
    CaseGenerator gen(l.grammar, l.dialect);
    bool saw_null = false, saw_two_tables = false;
    for (std::uint64_t s = 0; s < 50; ++s) {
        auto db = gen.database(s);
        REQUIRE(db.tables.size() >= 1);
        REQUIRE(db.tables.size() <= static_cast<std::size_t>(l.grammar.knob("tables_max", 0)));
        // One CREATE TABLE per table, then its indexes.
        CHECK(db.schema.size() >= db.tables.size());
        CHECK(std::count_if(db.schema.begin(), db.schema.end(), [](const std::string& s) {
                  return s.rfind("CREATE TABLE", 0) == 0;
              }) == static_cast<std::ptrdiff_t>(db.tables.size()));
        saw_two_tables = saw_two_tables || db.tables.size() == 2;
        for (const auto& r : db.rows) saw_null = saw_null || r.find("NULL") != std::string::npos;
    }
    CHECK(saw_null);
    CHECK(saw_two_tables);
}

TEST_CASE("boolean columns cannot make a derivation recurse without end", "[gen]") {
    // The shared grammar alone gives bool no short way out (expr_bool -> pred ->
    // comparisons over bool): the hard depth cap must end it, not the stack.
    Dialect d = load_dialect(source("dialects/postgres.toml"));
    dsl::Grammar g = dsl::load_grammar(source("grammars/common.toml"));
    REQUIRE_FALSE(d.types_of("bool").empty());
    CaseGenerator gen(g, d);
    int produced = 0;
    for (std::uint64_t round = 0; round < 30; ++round) {
        auto db = gen.database(round);
        for (int k = 0; k < 10; ++k)
            if (gen.generate(db, round, k)) ++produced;
    }
    CHECK(produced >= 250);
}

// Found while checking the fuzz helper's notes: @number over the whole int64 range made
// hi - lo overflow, and the optimized build divided by zero (SIGFPE).
TEST_CASE("Rng range covers the whole int64 range without overflow", "[gen]") {
    Rng rng(5);
    const auto lo = std::numeric_limits<std::int64_t>::min();
    const auto hi = std::numeric_limits<std::int64_t>::max();
    bool negative = false, positive = false;
    for (int i = 0; i < 200; ++i) {
        const std::int64_t v = rng.range(lo, hi);
        negative = negative || v < 0;
        positive = positive || v > 0;
    }
    CHECK((negative && positive));
    for (int i = 0; i < 200; ++i) {
        const std::int64_t v = rng.range(-3, 3);
        CHECK((v >= -3 && v <= 3));
    }
    CHECK(rng.range(hi - 1, hi) >= hi - 1);
    CHECK(rng.range(7, 7) == 7);
}
