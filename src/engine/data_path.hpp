#pragma once
// Where eriq-gen finds the data it ships (dialects/, grammars/, rules/, known-bugs/ and the
// known bugs' cases under tests/data/cases/) when a path given to it does not exist as given:
//   1. $ERIQ_DATA_DIR, when set: then only there;
//   2. the share/eriq folder of an installed eriq (../share/eriq from the executable, found
//      through /proc/self/exe), when it exists: then only there;
//   3. the source tree eriq was built from (a build tree's eriq-gen).
#include <string>

namespace eriq {

// The folder the data is read from (one of the three above).
std::string data_dir();

// Finds a data file: as given when it exists or is absolute, else under data_dir() when it is
// there, else as given.
std::string resolve_data_path(const std::string& path);

}  // namespace eriq
