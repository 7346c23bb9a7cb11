#include "exec/library_loader.hpp"

#include <dlfcn.h>
#include <link.h>

#include <filesystem>

#include "exec/library_file_check.hpp"

namespace eriq {

namespace {

// dlerror() without the "name: " prefix it starts with.
std::string loader_error(const std::string& name) {
    const char* raw = dlerror();
    std::string message = raw != nullptr ? raw : "unknown error";
    if (message.starts_with(name + ": ")) message.erase(0, name.size() + 2);
    return message;
}

}  // namespace

void* open_library(const std::string& name, std::string& error) {
    if (name.find('/') != std::string::npos)
        if (auto problem = library_file_problem(name)) {
            error = *problem;
            return nullptr;
        }
    void* handle = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) error = loader_error(name);
    return handle;
}

std::string loaded_file(void* handle, const std::string& fallback) {
    link_map* map = nullptr;
    if (dlinfo(handle, RTLD_DI_LINKMAP, &map) != 0 || map == nullptr || map->l_name == nullptr ||
        *map->l_name == '\0')
        return fallback;
    return std::filesystem::absolute(map->l_name).lexically_normal().string();
}

void close_library(void* handle) {
    dlclose(handle);
}

void* find_symbol(void* handle, const char* name) {
    return dlsym(handle, name);
}

}  // namespace eriq
