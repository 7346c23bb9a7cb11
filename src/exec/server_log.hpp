#pragma once
// A server's error log (MariaDB, MySQL), read for the crash reports a server appends when it
// dies on a signal: the signal and the crashed thread's stack. eriq cannot see why a
// connection was lost; with `--server-log FILE` it names the crash site, which groups crashes
// by where the server failed instead of by what is left of the query.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace eriq {

struct CrashReport {
    int signal = 0;
    // Function names of the crashed thread's stack, innermost first, without parameters
    // ("Item_func_distance::val_real"); the signal handler's own frames and libc's are left out.
    std::vector<std::string> frames;
};

// The last crash report in `log_text` ("... got signal N ;" and the backtrace after it);
// nullopt when there is none.
std::optional<CrashReport> last_crash_report(std::string_view log_text);

// The function name of one backtrace line, e.g. from
// "mariadbd(_ZN18Item_func_distance8val_realEv+0x3ae)[0x55a835bc851e]" or
// "sql/item.cc:120(Item_func_distance::val_real())[0x55...]": "Item_func_distance::val_real";
// "" when the line names none.
std::string backtrace_function(std::string_view line);

class ServerLog {
  public:
    // Reading starts at the end the file has now (a missing file counts as empty).
    explicit ServerLog(std::filesystem::path path);

    // The crash report the log gained since the last call (or since construction), waiting up
    // to `wait` for the server to finish writing it; nullopt when none came.
    std::optional<CrashReport> crash_since_last_read(std::chrono::milliseconds wait);

  private:
    std::string read_new_text();

    std::filesystem::path path_;
    std::uintmax_t offset_ = 0;
};

}  // namespace eriq
