// Fuzz target: a grammar file (grammars/<dialect>.toml), loaded and checked
// against the dialect it names (sqlite when it names none that ships).
#include <map>

#include "catalog/dialect.hpp"
#include "dsl/grammar.hpp"
#include "fuzz_input.hpp"
#include "gen/case_generator.hpp"

namespace {

const eriq::Dialect& dialect_for(const std::string& name) {
    static std::map<std::string, eriq::Dialect> loaded;
    const std::string use =
        name.empty() || name.find_first_not_of("abcdefghijklmnopqrstuvwxyz") != std::string::npos
            ? "sqlite"
            : name;
    auto it = loaded.find(use);
    if (it != loaded.end()) return it->second;
    std::string path = std::string(ERIQ_SOURCE_DIR) + "/dialects/" + use + ".toml";
    if (!std::filesystem::exists(path)) return dialect_for("sqlite");
    return loaded.emplace(use, eriq::load_dialect(path)).first->second;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    auto path = eriq::fuzz::write_input(data, size, "input.toml", true);
    return eriq::fuzz::guarded([&] {
        auto g = eriq::dsl::load_grammar(path);
        eriq::check_grammar(g, dialect_for(g.dialect));
    });
}
