#pragma once
// The one error type for malformed input files: the message always starts with
// "file:line:col: " so editors and users can jump to the spot.
#include <stdexcept>
#include <string>

#include <fmt/format.h>

namespace eriq {

struct LoadError : std::runtime_error {
    LoadError(const std::string& file, std::size_t line, std::size_t column,
              const std::string& what)
        : std::runtime_error(fmt::format("{}:{}:{}: {}", file, line, column, what)) {}
};

}  // namespace eriq
