#pragma once
// Applies a dialect's capabilities to a grammar: what the grammar's [requires] table says
// needs a capability the dialect lacks is weighted 0, so no separate knob has to turn it off.
#include "catalog/dialect.hpp"
#include "dsl/grammar.hpp"

namespace eriq {

// The grammar with, for every capability of [requires] that the dialect does not have, the
// listed knobs set to 0 and every alternative (or optional part) that names one of the listed
// productions weighted 0. Throws LoadError (file:line:col) for a capability eriq does not
// know, or a knob or production the grammar does not have. Applying it twice changes nothing.
dsl::Grammar with_capabilities(dsl::Grammar g, const Dialect& d);

}  // namespace eriq
