#include "engine/ladder_server.hpp"

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include <fmt/format.h>

namespace eriq {

namespace fs = std::filesystem;

namespace {

// 'text' for sh, with any ' inside closed, escaped and reopened.
std::string shell_quote(const std::string& text) {
    std::string out = "'";
    for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

fs::path script(const char* name) {
    return fs::path(ERIQ_SOURCE_DIR) / "tools" / name;
}

// Runs `command` with sh, stdout and stderr together; its output, and its exit status.
std::string run_command(const std::string& command, int* status) {
    FILE* pipe = popen((command + " 2>&1").c_str(), "r");
    if (pipe == nullptr) throw std::runtime_error("cannot run " + command);
    std::string output;
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;)
        output.append(buffer, n);
    const int raw = pclose(pipe);
    *status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128;
    return output;
}

// The value of NAME=value on a line of the script's output ("" when absent).
std::string assignment(const std::string& output, const std::string& name) {
    const std::string prefix = name + "=";
    std::size_t at = 0;
    while (at < output.size()) {
        std::size_t end = output.find('\n', at);
        if (end == std::string::npos) end = output.size();
        if (output.compare(at, prefix.size(), prefix) == 0)
            return output.substr(at + prefix.size(), end - at - prefix.size());
        at = end + 1;
    }
    return "";
}

std::string last_line(std::string text) {
    while (!text.empty() && text.back() == '\n') text.pop_back();
    return text.substr(text.rfind('\n') + 1);
}

}  // namespace

RungServer::RungServer(const fs::path& bindir) : bindir_(bindir) {
    int status = 0;
    const std::string output = run_command(
        shell_quote(script("start-postgres.sh").string()) + " " + shell_quote(bindir.string()),
        &status);
    pid_ = assignment(output, "ERIQ_POSTGRES_PID");
    dir_ = assignment(output, "ERIQ_POSTGRES_DIR");
    url_ = assignment(output, "ERIQ_POSTGRES_URL");
    if (status != 0 || pid_.empty() || url_.empty())
        throw std::runtime_error(fmt::format(
            "the server did not start (tools/start-postgres.sh: {})", last_line(output)));
}

RungServer::~RungServer() {
    int status = 0;
    run_command(shell_quote(script("stop-postgres.sh").string()) + " " + shell_quote(pid_) + " " +
                    shell_quote(dir_) + " " + shell_quote(bindir_.string()),
                &status);
}

}  // namespace eriq
