#pragma once
// What one derive_query or derive_outer may spend (gen/derivation.hpp): productions derived
// and bytes of SQL. A grammar the loader accepts can still grow exponentially within
// max_depth (two recursive references per alternative with a large weight) or repeat a long
// separator; past either limit the derivation fails, and the generator drops the case and
// counts it (CaseGenerator::over_budget). The shipped grammars stay far below both.
#include <cstddef>

namespace eriq {

inline constexpr long kMaxDerivationSteps = 10000;
inline constexpr std::size_t kMaxDerivedSqlBytes = 256 * 1024;

}  // namespace eriq
