#pragma once
// SQL literals for a type of the dialect: its declared boundary values (NULL,
// '', 0, negatives, extremes) or a random value drawn from its RandomSpec in the
// grammar's literal formats (string alphabet, date years, JSON shapes).
#include <string>

#include "catalog/dialect.hpp"
#include "dsl/literal_formats.hpp"
#include "gen/choice_source.hpp"
#include "gen/rng.hpp"

namespace eriq {

// `boundary_share`: chance of taking one of the declared values. `Source` is an Rng (the
// database) or a ChoiceSource (queries, whose draws are recorded and replayed).
template <class Source>
std::string make_literal(const TypeInfo& type, Source& rng, double boundary_share, bool allow_null,
                         const dsl::LiteralFormats& formats);

}  // namespace eriq
