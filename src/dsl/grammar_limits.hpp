#pragma once
// Size limits of a grammar file, checked at load with file:line:col: far above what any
// shipped grammar needs, low enough that no accepted grammar can make loading or a single
// derivation slow (per-derivation budgets: gen/derivation.hpp).
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace eriq::dsl {

inline constexpr std::size_t kMaxNameLength = 64;             // production, knob, built-in
inline constexpr std::size_t kMaxProductions = 2000;          // over a grammar and its includes
inline constexpr std::size_t kMaxProductionText = 64 * 1024;  // DSL text of one production
inline constexpr std::size_t kMaxLiteralLength = 4096;        // a literal or a separator
inline constexpr std::size_t kMaxOptionalNesting = 32;        // [ ... [ ... ] ... ]

// Why `name` cannot name a `what` ("production", "knob", "dialect"): empty, longer than
// kMaxNameLength, or not letters, digits and '_' starting with a letter or '_'.
std::optional<std::string> name_problem(std::string_view what, std::string_view name);

}  // namespace eriq::dsl
