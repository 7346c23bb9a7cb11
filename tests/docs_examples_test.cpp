// Every ```toml example of docs/dsl.md is a grammar file that loads, passes the checks
// eriq-gen runs before a campaign, and derives cases.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "catalog/dialect.hpp"
#include "dsl/grammar.hpp"
#include "gen/case_generator.hpp"
#include "generation_fixture.hpp"
#include "test_files.hpp"

using namespace eriq;

namespace {

struct Example {
    int line;  // of the opening fence in docs/dsl.md
    std::string text;
};

std::vector<Example> toml_examples(const std::string& markdown) {
    std::vector<Example> out;
    std::istringstream in(markdown);
    std::string line;
    int number = 0;
    Example* open = nullptr;
    while (std::getline(in, line)) {
        ++number;
        if (!open && line == "```toml") {
            open = &out.emplace_back(Example{number, ""});
        } else if (open && line == "```") {
            open = nullptr;
        } else if (open) {
            open->text += line + "\n";
        }
    }
    REQUIRE(open == nullptr);  // every example is closed
    return out;
}

}  // namespace

TEST_CASE("every toml example of docs/dsl.md loads, checks and generates", "[dsl][docs]") {
    const auto examples = toml_examples(test::slurp(test::source("docs/dsl.md")));
    REQUIRE(examples.size() >= 7);
    const auto dir = test::fresh_dir("docs-examples");
    // Next to the shipped grammars, so `include = ["sqlite.toml"]` finds them.
    for (const auto& entry : std::filesystem::directory_iterator(test::source("grammars")))
        std::filesystem::copy_file(entry.path(), dir / entry.path().filename());
    for (const Example& example : examples) {
        INFO("docs/dsl.md example at line " << example.line << ":\n" << example.text);
        const auto path = dir / ("example-" + std::to_string(example.line) + ".toml");
        std::ofstream(path) << example.text;
        test::Loaded loaded;
        REQUIRE_NOTHROW(loaded.grammar = dsl::load_grammar(path.string()));
        REQUIRE_FALSE(loaded.grammar.dialect.empty());
        loaded.dialect = load_dialect(test::source("dialects/" + loaded.grammar.dialect + ".toml"));
        REQUIRE_NOTHROW(check_grammar(loaded.grammar, loaded.dialect));
        CHECK(test::generate(loaded, 7, 5).size() == 5);
    }
}
