#include "exec/library_loader.hpp"

#include <dlfcn.h>
#include <link.h>

#include <filesystem>

namespace eriq {

void* open_library(const std::string& name) {
    return dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
}

std::string loader_error(const std::string& name) {
    const char* raw = dlerror();
    std::string message = raw != nullptr ? raw : "unknown error";
    if (message.starts_with(name + ": ")) message.erase(0, name.size() + 2);
    return message;
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
