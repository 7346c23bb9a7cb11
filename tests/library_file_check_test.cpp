// A driver library file is checked before dlopen (exec/library_file_check.hpp): a FIFO, a
// directory, a device, a file that is no ELF shared library and truncated copies of a real
// library are refused at once with the reason, never a hang or SIGBUS; the real one passes.
#include <catch2/catch.hpp>

#include <elf.h>
#include <sys/stat.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include "exec/library_file_check.hpp"
#include "exec/library_loader.hpp"
#include "exec/sqlite_library.hpp"
#include "test_files.hpp"

using namespace eriq;
using eriq::test::fresh_dir;

namespace {

std::string problem_of(const std::filesystem::path& path) {
    return library_file_problem(path.string()).value_or("passes");
}

std::string bytes_of(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write(const std::filesystem::path& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary) << bytes;
}

}  // namespace

TEST_CASE("a FIFO as a driver library is refused at once, not waited on", "[exec][library]") {
    const auto dir = fresh_dir("library-fifo");
    const auto fifo = dir / "libsqlite3.so";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    const auto start = std::chrono::steady_clock::now();
    std::string error;
    CHECK(open_library(fifo.string(), error) == nullptr);
    CHECK(error == "a FIFO, not a shared library file");
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
}

TEST_CASE("a directory, a device or a text file as a driver library is refused",
          "[exec][library]") {
    const auto dir = fresh_dir("library-kinds");
    CHECK(problem_of(dir) == "a directory, not a shared library file");
    CHECK(problem_of("/dev/zero") == "a character device, not a shared library file");
    write(dir / "text.so", "this is no library, but long enough for an ELF header to be read");
    CHECK(problem_of(dir / "text.so") == "invalid ELF header");
    write(dir / "empty.so", "");
    CHECK(problem_of(dir / "empty.so") == "invalid ELF header");
    CHECK(problem_of(dir / "missing.so") == "passes");  // dlopen says why it cannot open it
}

TEST_CASE("truncated copies of the SQLite library are refused before dlopen maps them",
          "[exec][library]") {
    const std::string real = SqliteLibrary::load("").info().path;
    const std::string bytes = bytes_of(real);
    REQUIRE(bytes.size() > 4096);
    CHECK(problem_of(real) == "passes");
    const auto dir = fresh_dir("library-truncated");

    write(dir / "tiny.so", bytes.substr(0, 40));
    CHECK(problem_of(dir / "tiny.so") == "truncated: 40 bytes, shorter than an ELF header");

    const std::string half = bytes.substr(0, bytes.size() / 2);
    write(dir / "half.so", half);
    CHECK_THAT(problem_of(dir / "half.so"),
               Catch::StartsWith("truncated: its section header table ends past the file's"));
    std::string error;
    CHECK(open_library((dir / "half.so").string(), error) == nullptr);
    CHECK_THAT(error, Catch::StartsWith("truncated"));

    // Without a section header table to give it away, the loadable segments still do.
    std::string no_sections = half;
    Elf64_Ehdr header;
    std::memcpy(&header, no_sections.data(), sizeof header);
    header.e_shoff = 0;
    header.e_shnum = 0;
    std::memcpy(no_sections.data(), &header, sizeof header);
    write(dir / "no-sections.so", no_sections);
    CHECK_THAT(problem_of(dir / "no-sections.so"),
               Catch::StartsWith("truncated: a loadable segment ends at byte"));

    // The whole file, copied, still passes and loads.
    write(dir / "whole.so", bytes);
    CHECK(problem_of(dir / "whole.so") == "passes");
}
