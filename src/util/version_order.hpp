#pragma once
// Ordering of DBMS release numbers as the servers and libraries report them ("SQLite 3.40.1",
// "10.11.19-MariaDB-0+deb12u1", "PostgreSQL 15.14 (Debian ...)"): the first run of dotted
// numbers in the text, compared component by component (3.9 < 3.40; a missing component
// counts as 0, so 3.43 = 3.43.0).
#include <optional>
#include <string_view>
#include <vector>

namespace eriq {

// The first dotted number in `text` ("SQLite 3.40.1" -> {3, 40, 1}); nullopt when none.
std::optional<std::vector<unsigned long>> release_number(std::string_view text);

// Whether the release `version_text` names is below `bound` (a dotted number such as
// "3.43.0"). False when either names no release: an unknown version is not "before".
bool release_before(std::string_view version_text, std::string_view bound);

}  // namespace eriq
