#include "exec/server_log.hpp"

#include <cxxabi.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <thread>

namespace eriq {
namespace {

// Frames of the signal handler and of the C library, not of the code that crashed.
constexpr std::array<std::string_view, 12> kHandlerFrames = {"my_print_stacktrace",
                                                             "handle_fatal_signal",
                                                             "print_fatal_signal",
                                                             "__restore_rt",
                                                             "start_thread",
                                                             "clone",
                                                             "clone3",
                                                             "abort",
                                                             "raise",
                                                             "malloc_printerr",
                                                             "free",
                                                             "malloc"};

// glibc's source folders, as addr2line names its frames ("malloc/malloc.c:3388(...)"): an
// abort() from glibc's heap checks or assert() has these innermost, above the server's frame.
constexpr std::array<std::string_view, 9> kLibcSourceFolders = {
    "nptl/", "posix/", "stdlib/", "malloc/", "assert/", "string/", "signal/", "libio/", "sysdeps/"};

bool is_libc_frame(std::string_view module, std::string_view name) {
    if (module.find("libc") != std::string_view::npos) return true;
    for (std::string_view folder : kLibcSourceFolders)
        if (module.starts_with(folder)) return true;
    // Names starting with "__" are reserved for the implementation (__GI_raise,
    // __pthread_kill_implementation, __libc_message, __GI___libc_free).
    return name.starts_with("__");
}

std::string demangled(const std::string& symbol) {
    if (!symbol.starts_with("_Z")) return symbol;
    int status = 0;
    std::unique_ptr<char, decltype(&std::free)> name(
        abi::__cxa_demangle(symbol.c_str(), nullptr, nullptr, &status), &std::free);
    return status == 0 && name ? std::string(name.get()) : symbol;
}

// "Item_func_distance::val_real() const" -> "Item_func_distance::val_real".
std::string without_parameters(std::string name) {
    if (name.ends_with(" const")) name.resize(name.size() - 6);
    if (name.empty() || name.back() != ')') return name;
    int depth = 0;
    for (std::size_t i = name.size(); i-- > 0;) {
        if (name[i] == ')') ++depth;
        if (name[i] == '(' && --depth == 0) return name.substr(0, i);
    }
    return name;
}

// The report is complete once the crashed thread's status or query is written, or the note
// about the core file that follows them.
bool complete(std::string_view report) {
    return report.find("\nStatus:") != std::string_view::npos ||
           report.find("\nQuery (") != std::string_view::npos ||
           report.find("\nWriting a core file") != std::string_view::npos;
}

}  // namespace

std::string backtrace_function(std::string_view line) {
    // module(symbol+offset)[address] (MariaDB) or module(symbol+offset) [address] (MySQL):
    // the symbol is inside the last parentheses before the address.
    std::size_t bracket = line.rfind(")[0x");
    if (bracket == std::string_view::npos) bracket = line.rfind(") [0x");
    if (bracket == std::string_view::npos) return "";
    int depth = 0;
    std::size_t open = std::string_view::npos;
    for (std::size_t i = bracket + 1; i-- > 0;) {
        if (line[i] == ')') ++depth;
        if (line[i] == '(' && --depth == 0) {
            open = i;
            break;
        }
    }
    if (open == std::string_view::npos) return "";
    std::string symbol(line.substr(open + 1, bracket - open - 1));
    const std::size_t plus = symbol.rfind("+0x");
    if (plus != std::string::npos) symbol.resize(plus);
    if (symbol.empty()) return "";
    const std::string_view module = line.substr(0, open);
    std::string name = without_parameters(demangled(symbol));
    if (is_libc_frame(module, name) ||
        std::find(kHandlerFrames.begin(), kHandlerFrames.end(), name) != kHandlerFrames.end())
        return "";
    return name;
}

std::optional<CrashReport> last_crash_report(std::string_view log_text) {
    const std::size_t at = log_text.rfind("got signal ");
    if (at == std::string_view::npos) return std::nullopt;
    CrashReport report;
    report.signal = std::atoi(std::string(log_text.substr(at + 11, 4)).c_str());
    std::size_t pos = log_text.find('\n', at);
    while (pos != std::string_view::npos && pos + 1 < log_text.size()) {
        const std::size_t end = log_text.find('\n', pos + 1);
        const std::string_view line = log_text.substr(
            pos + 1, (end == std::string_view::npos ? log_text.size() : end) - pos - 1);
        // The stack ends at the first line after it that is no frame (an empty line).
        if (line.empty() && !report.frames.empty()) break;
        if (std::string name = backtrace_function(line); !name.empty())
            report.frames.push_back(std::move(name));
        pos = end;
    }
    return report;
}

ServerLog::ServerLog(std::filesystem::path path) : path_(std::move(path)) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(path_, ec);
    offset_ = ec ? 0 : size;
}

std::string ServerLog::read_new_text() {
    std::ifstream in(path_, std::ios::binary);
    if (!in) return "";
    in.seekg(0, std::ios::end);
    const auto size = static_cast<std::uintmax_t>(in.tellg());
    if (size < offset_) offset_ = 0;  // a new log (rotated, or the server's directory reset)
    in.seekg(static_cast<std::streamoff>(offset_));
    std::string text(size - offset_, '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(in.gcount()));
    offset_ += text.size();
    return text;
}

std::optional<CrashReport> ServerLog::crash_since_last_read(std::chrono::milliseconds wait) {
    const auto deadline = std::chrono::steady_clock::now() + wait;
    std::string text = read_new_text();
    for (;;) {
        const std::size_t at = text.rfind("got signal ");
        if (at != std::string::npos && complete(std::string_view(text).substr(at)))
            return last_crash_report(text);
        if (std::chrono::steady_clock::now() >= deadline)
            return at == std::string::npos ? std::nullopt : last_crash_report(text);
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        text += read_new_text();
    }
}

}  // namespace eriq
