#pragma once
// Reads a TOML file, turning a syntax error into LoadError with its file:line:col.
// Include only from .cpp files: it pulls in toml++.
#include <filesystem>
#include <string>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "util/load_error.hpp"

namespace eriq {

// Far above any data file eriq ships; a bigger file is a mistake, not data.
inline constexpr std::uintmax_t kMaxTomlFileBytes = 16u << 20;

// A folder read as a file parses as an empty document, and a FIFO blocks: only regular files.
inline toml::table parse_toml_file(const std::string& path) {
    std::error_code error;
    const auto status = std::filesystem::status(path, error);
    if (!std::filesystem::exists(status)) throw LoadError(path, 1, 1, "no such file");
    if (!std::filesystem::is_regular_file(status))
        throw LoadError(path, 1, 1,
                        std::filesystem::is_directory(status)
                            ? "a folder, not a TOML file"
                            : "not a regular file (a FIFO, a socket or a device), not a TOML file");
    const std::uintmax_t size = std::filesystem::file_size(path, error);
    if (!error && size > kMaxTomlFileBytes)
        throw LoadError(path, 1, 1,
                        fmt::format("{} bytes: larger than the limit of {} for a TOML file", size,
                                    kMaxTomlFileBytes));
    try {
        return toml::parse_file(path);
    } catch (const toml::parse_error& e) {
        const auto& b = e.source().begin;
        throw LoadError(path, b.line, b.column, std::string(e.description()));
    } catch (const std::exception& e) {
        throw LoadError(path, 1, 1, e.what());
    }
}

}  // namespace eriq
