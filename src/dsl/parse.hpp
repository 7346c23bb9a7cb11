#pragma once
// Parses the text of one production of the generation DSL.
//
//   production  := alternative ('|' alternative)*
//   alternative := [weight ':'] item*            weight: number (0..1e6) or knob name
//   item        := ['^'] atom [ '{' min ',' max [sep] '}' ]    counts at most 100
//   atom        := '<' ['!'] name [':' family] '>'       reference (family may be a variable T)
//                | '[' (number | knob ':') item* ']'    optional part with a probability
//                | '@' name ['(' arg (',' arg)* ')']     built-in
//                | 'text' | "text"                     quoted literal SQL
//                | word                                literal SQL up to whitespace or a DSL
//                character
#include <string>
#include <string_view>

#include "dsl/ast.hpp"

namespace eriq::dsl {

// `origin` is where the text starts inside `file`; errors are LoadError with
// the position in that file.
Production parse_production(const std::string& name, std::string_view text, const std::string& file,
                            Pos origin);

}  // namespace eriq::dsl
