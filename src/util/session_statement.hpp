#pragma once
// Session statements eriq may send (the statement gate's SET, RESET and PRAGMA part):
//   SET [SESSION | LOCAL] name {= | TO} value [, name = value ...]   (also @@name, @@session.name)
//   SET NAMES charset [COLLATE collation]        SET TIME ZONE value
//   RESET name                                   PRAGMA [main.]name [= value | (value)]
// where every name is on the dialect's list of session settings and every value is a literal
// (a string, a number, a word such as DEFAULT or off), never an expression or a subquery.
// GLOBAL, PERSIST, PASSWORD, ROLE, user variables and anything else are refused.
#include <optional>
#include <string_view>

#include "util/statement_gate.hpp"

namespace eriq {

std::optional<GateRefusal> session_statement_refusal(std::string_view sql, const GateRules& rules);

}  // namespace eriq
