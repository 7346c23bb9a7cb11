#pragma once
// choices.toml in a finding folder: the generator's draws that derived the I and Q of its
// case.toml (gen/choice_source.hpp), so `eriq-gen reduce` can shrink a finding of an
// earlier run on them. Only generated cases have one; a reduced folder has one while its
// draws still derive its I and Q.
//
//   intermediate = "3 0 1 5 ..."   # one decimal number per draw
//   referencing = "0 2 ..."
//   [knobs]                        # the grammar's knob values they were drawn under
//   family_spatial = 0.0
#include <filesystem>
#include <optional>
#include <string>

#include "model/choice_sequence.hpp"

namespace eriq {

std::string choices_toml(const ChoiceSequence& choices);

// Reads DIR/choices.toml; nullopt when DIR has none. Throws LoadError when it is malformed.
std::optional<ChoiceSequence> read_choices(const std::filesystem::path& dir);

}  // namespace eriq
