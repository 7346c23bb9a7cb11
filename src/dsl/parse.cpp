#include "dsl/parse.hpp"

#include <tao/pegtl.hpp>

#include "dsl/grammar_rules.hpp"
#include "dsl/parse_actions.hpp"
#include "util/load_error.hpp"

namespace eriq::dsl {

Production parse_production(const std::string& name, std::string_view text, const std::string& file,
                            Pos origin) {
    ParseState state;
    state.origin = origin;
    state.production.name = name;
    state.production.file = file;
    state.production.pos = origin;
    tao::pegtl::memory_input in(text.data(), text.size(), file);
    try {
        tao::pegtl::parse<rules::production, action, rules::control>(in, state);
    } catch (const tao::pegtl::parse_error& e) {
        const auto& p = e.positions().front();
        Pos at = state.map(p);
        throw LoadError(file, at.line, at.column,
                        fmt::format("in production '{}': {}", name, e.message()));
    }
    return std::move(state.production);
}

}  // namespace eriq::dsl
