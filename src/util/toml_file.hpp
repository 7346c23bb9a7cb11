#pragma once
// Reads a TOML file, turning a syntax error into LoadError with its file:line:col.
// Include only from .cpp files: it pulls in toml++.
#include <string>

#include <toml++/toml.h>

#include "util/load_error.hpp"

namespace eriq {

inline toml::table parse_toml_file(const std::string& path) {
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
