#pragma once
// The dialect's documented differences: a [[benign]] entry that explains a split, and an
// expected representation-specific error (dialects/<name>.toml).
#include <set>
#include <string>
#include <string_view>

#include "catalog/dialect.hpp"
#include "model/classification.hpp"
#include "model/test_case.hpp"
#include "model/verdict.hpp"

namespace eriq {

// The benign difference (from the dialect file) that explains `c`, if any: its pattern is
// found in I, Q or the outer query, its intermediate_regex (if any) in I, its rows_regex (if
// any) in the case's INSERT statements, the target's release (`target_version`, e.g. "SQLite
// 3.40.1") is below its before_version (if any; an unknown release is not), and the
// representations it lists are the odd ones out, or make up one side of a two-sided split
// together with representations whose side depends on Q (`side_depends_on_q`).
const BenignDifference* matching_benign(const Dialect& dialect, const TestCase& tc,
                                        const Classification& c,
                                        const std::set<std::string>& side_depends_on_q = {},
                                        std::string_view target_version = {});

// Whether some [[benign]] entry of `dialect` depends on the target's release.
bool benign_needs_version(const Dialect& dialect);

// The dialect's expected representation-specific error that `failed` raised, if any.
const ExpectedError* matching_expected_error(const Dialect& dialect, const VariantOutcome& failed);

}  // namespace eriq
