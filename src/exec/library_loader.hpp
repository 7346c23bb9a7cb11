#pragma once
// The dlopen part shared by the client libraries eriq loads at run time (SQLite, DuckDB):
// open a file or a name the loader searches for, find the file it opened, fill a table of
// functions by name.
#include <string>
#include <vector>

namespace eriq {

// dlopen(name, RTLD_NOW | RTLD_LOCAL): the library's symbols stay out of the global scope,
// so several versions of one library can be loaded at once. A name with a '/' is a file,
// checked first (exec/library_file_check.hpp). nullptr on failure; then `error` says why.
void* open_library(const std::string& name, std::string& error);
// The file the dynamic loader opened for `handle` (it may have searched for a bare name).
std::string loaded_file(void* handle, const std::string& fallback);
void close_library(void* handle);

void* find_symbol(void* handle, const char* name);

// Sets `slot` to the function `name` of `handle`, or records the name in `missing`.
template <class Function>
void bind_function(void* handle, Function& slot, const char* name,
                   std::vector<std::string>& missing) {
    void* symbol = find_symbol(handle, name);
    if (symbol == nullptr) {
        missing.emplace_back(name);
        return;
    }
    slot = reinterpret_cast<Function>(symbol);
}

}  // namespace eriq
