#pragma once
// Value normalization (ERIQ paper 3.4): turns driver values into stable strings
// so that representational differences (2.0000 vs 2, 1e0 vs 1.0, bytes) vanish.
#include <string>

#include "model/norm_result.hpp"
#include "model/normalization_rules.hpp"
#include "model/result_set.hpp"

namespace eriq {

// Whether a normalized result holds inf, -inf or nan (as normalize() spells them).
bool has_non_finite(const NormResult& r);

NormValue normalize_value(const Value& v, const NormalizationRules& rules);
NormValue normalize_value(Value&& v, const NormalizationRules& rules);
// Takes the result by value and normalizes its rows in place.
NormResult normalize(ResultSet rs, const NormalizationRules& rules);
std::string to_display(const NormValue& v);  // NULL or the text, for printing

}  // namespace eriq
