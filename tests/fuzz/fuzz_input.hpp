#pragma once
// Shared by the fuzz targets: the loaders read paths, so each input is written to
// a file in a directory private to the process; LoadError is the expected way
// for a loader to refuse an input, anything else escaping a target is a finding.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <string>
#include <typeinfo>

#include <unistd.h>

#include "util/load_error.hpp"

namespace eriq::fuzz {

// The directory the inputs are written to (created once, removed at exit).
// `with_grammars`: shipped grammar files are copied next to the input, so
// `include = ["common.toml"]` in an input resolves.
inline const std::filesystem::path& work_dir(bool with_grammars = false) {
    namespace fs = std::filesystem;
    static const fs::path dir = [&] {
        const char* base = std::getenv("ERIQ_FUZZ_TMP");
        fs::path root = base && *base                  ? fs::path(base)
                        : fs::is_directory("/dev/shm") ? fs::path("/dev/shm")
                                                       : fs::temp_directory_path();
        fs::path d = root / ("eriq-fuzz-" + std::to_string(getpid()));
        fs::remove_all(d);
        fs::create_directories(d);
        if (with_grammars)
            for (const auto& e : fs::directory_iterator(fs::path(ERIQ_SOURCE_DIR) / "grammars"))
                if (e.path().extension() == ".toml")
                    fs::copy_file(e.path(), d / e.path().filename());
        return d;
    }();
    // Removes the directory at exit. Constructed after `dir`, so destroyed before it (an
    // atexit handler registered while `dir` was being built ran after `dir` was gone, and
    // left the directories behind).
    struct Remover {
        fs::path path;
        ~Remover() {
            std::error_code ec;
            fs::remove_all(path, ec);
        }
    };
    static const Remover remover{dir};
    return dir;
}

// Writes the input to `name` in the work directory; returns its path.
inline std::string write_input(const std::uint8_t* data, std::size_t size, const std::string& name,
                               bool with_grammars = false) {
    auto path = (work_dir(with_grammars) / name).string();
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    return path;
}

// Runs one load; a LoadError is a refusal, not a finding. Any other exception
// aborts (the fuzzer then keeps the input as a crash) with its message.
template <typename F>
int guarded(F&& load) {
    try {
        load();
    } catch (const LoadError&) {
    } catch (const std::exception& e) {
        std::fprintf(stderr, "eriq fuzz: uncaught %s: %s\n", typeid(e).name(), e.what());
        std::abort();
    }
    return 0;
}

}  // namespace eriq::fuzz
