#pragma once
// What values a grammar knob may take. Every knob is a finite, non-negative number no
// larger than kMaxWeight; the knobs the generator reads as counts are whole numbers
// within caps that keep memory and time bounded, shares are at most 1, and min/max
// pairs must be ordered.
#include <optional>
#include <string>

namespace eriq::dsl {

struct Grammar;

inline constexpr double kMaxWeight = 1e6;

// Whether the generator itself reads the knob (a count or a share; family_<name> aside).
bool generator_reads_knob(const std::string& name);

// What is wrong with `value` for the knob `name`, or nullopt when it is fine.
std::optional<std::string> knob_value_problem(const std::string& name, double value);

// Checks the min/max pairs of a grammar whose overrides are applied. Throws LoadError at
// the knob that made a pair disordered (std::invalid_argument when a --weight did).
void check_knob_ranges(const Grammar& g);

}  // namespace eriq::dsl
