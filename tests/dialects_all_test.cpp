// Every dialect file under dialects/ with its grammar under grammars/: it loads, passes the
// grammar check, generates cases, and every production of its grammar can be reached from the
// entry points (walked statically: which productions are derived is not visible from outside).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "catalog/dialect.hpp"
#include "dsl/grammar.hpp"
#include "gen/builtin_names.hpp"
#include "gen/case_generator.hpp"
#include "gen/grammar_productivity.hpp"
#include "gen/rng.hpp"

using namespace eriq;

namespace {

std::string source(const std::string& rel) {
    return std::string(ERIQ_SOURCE_DIR) + "/" + rel;
}

std::vector<std::string> dialect_names() {
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(source("dialects")))
        if (entry.path().extension() == ".toml") names.push_back(entry.path().stem().string());
    std::sort(names.begin(), names.end());
    return names;
}

bool concrete_family(const std::string& f) {
    return !f.empty() && f != "any" && !std::isupper(static_cast<unsigned char>(f[0]));
}

// Productions reachable from `intermediate` and `referencing`. A reference with a concrete
// family reaches name_family when it exists (else name); an unknown family (inherited from
// an unknown context, "any", a type variable, a built-in's argument) reaches name and every
// name_family variant, as the derivation may ask for any of them.
std::set<std::string> reachable_productions(const dsl::Grammar& g) {
    std::set<std::pair<std::string, std::string>> seen;  // (production, family context)
    std::vector<std::pair<std::string, std::string>> todo;
    auto reach = [&](const std::string& name, const std::string& family) {
        if (concrete_family(family)) {
            const std::string typed = name + "_" + family;
            todo.push_back({g.find(typed) ? typed : name, family});
            return;
        }
        todo.push_back({name, ""});
        for (const auto& f : all_families())
            if (g.find(name + "_" + f)) todo.push_back({name + "_" + f, f});
    };
    for (const std::string& entry : entry_productions()) reach(entry, "");
    std::set<std::string> names;
    while (!todo.empty()) {
        auto [name, family] = todo.back();
        todo.pop_back();
        if (!seen.insert({name, family}).second) continue;
        const dsl::Production* p = g.find(name);
        if (!p) continue;
        names.insert(name);
        std::vector<const dsl::Item*> items;
        for (const auto& alt : p->alternatives)
            for (const auto& item : alt.items) items.push_back(&item);
        while (!items.empty()) {
            const dsl::Item* item = items.back();
            items.pop_back();
            if (item->kind == dsl::ItemKind::Optional) {
                for (const auto& inner : item->body) items.push_back(&inner);
            } else if (item->kind == dsl::ItemKind::NonTerminal) {
                reach(item->text, item->family.empty() ? family : item->family);
            } else if (item->kind == dsl::ItemKind::Builtin &&
                       builtin_takes_production(item->text) && !item->args.empty()) {
                reach(item->args[0], "");
            }
        }
    }
    return names;
}

}  // namespace

TEST_CASE("every dialect file loads with its grammar and generates 200 cases", "[gen][dialects]") {
    const auto names = dialect_names();
    for (const char* expected : {"sqlite", "mariadb", "mysql", "tidb", "oceanbase"})
        CHECK(std::count(names.begin(), names.end(), expected) == 1);
    for (const auto& name : names) {
        INFO("dialect " << name);
        Dialect d = load_dialect(source("dialects/" + name + ".toml"));
        CHECK(d.name == name);
        REQUIRE(std::filesystem::exists(source("grammars/" + name + ".toml")));
        dsl::Grammar g = dsl::load_grammar(source("grammars/" + name + ".toml"));
        CHECK(g.dialect == name);
        CaseGenerator gen(g, d);
        int produced = 0, with_rows = 0;
        for (std::uint64_t round = 0; produced < 200 && round < 100; ++round) {
            const auto seed = mix_seed(11, round);
            const GeneratedDatabase db = gen.database(seed);
            REQUIRE_FALSE(db.tables.empty());
            with_rows += db.rows.empty() ? 0 : 1;
            for (int k = 0; k < 10 && produced < 200; ++k) {
                auto tc = gen.generate(db, seed, k);
                if (!tc) continue;
                ++produced;
                CHECK(tc->intermediate.rfind("SELECT", 0) == 0);
                CHECK(tc->referencing.find("{x}") != std::string::npos);
            }
        }
        CHECK(produced == 200);
        CHECK(with_rows > 0);
    }
}

TEST_CASE("every production of every grammar is reachable from the entry points",
          "[gen][dialects]") {
    int grammars = 0;
    for (const auto& entry : std::filesystem::directory_iterator(source("grammars"))) {
        if (entry.path().extension() != ".toml" || entry.path().stem() == "common") continue;
        ++grammars;
        INFO("grammar " << entry.path().filename().string());
        dsl::Grammar g = dsl::load_grammar(entry.path().string());
        const auto reachable = reachable_productions(g);
        for (const auto& [name, production] : g.productions) {
            INFO("production " << name);
            CHECK(reachable.count(name) == 1);
        }
        for (const char* feature : {"window_expr_int", "rank_fn", "range_frame", "q_derived_group"})
            CHECK(reachable.count(feature) == 1);
    }
    CHECK(grammars >= 5);
}

TEST_CASE("the reachability walk finds a production that nothing references", "[gen][dialects]") {
    dsl::Grammar g = dsl::load_grammar(source("grammars/sqlite.toml"));
    dsl::Production orphan;
    orphan.name = "orphan";
    orphan.alternatives.emplace_back();
    g.productions["orphan"] = orphan;
    const auto reachable = reachable_productions(g);
    CHECK(reachable.count("orphan") == 0);
    CHECK(reachable.count("window_agg_decimal") == 1);
}
