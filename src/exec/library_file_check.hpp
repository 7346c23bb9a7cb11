#pragma once
// Checks a driver library file before dlopen maps it: dlopen blocks on a FIFO, and a file
// shorter than its own program headers say gets mapped past its end, so the first touch of
// the missing pages kills the process with SIGBUS. Read with pread only (nothing mapped).
#include <optional>
#include <string>

namespace eriq {

// Why the file at `path` cannot be a loadable shared library: not a regular file (a FIFO,
// a directory, a device), no 64-bit ELF header of this machine's byte order, not a shared
// object, or truncated (a PT_LOAD segment or the section header table past the end of the
// file). nullopt when it passes, or when it cannot be opened at all (dlopen then says why).
std::optional<std::string> library_file_problem(const std::string& path);

}  // namespace eriq
