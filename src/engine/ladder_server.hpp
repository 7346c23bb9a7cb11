#pragma once
// The server of one PostgreSQL ladder rung, for `eriq-gen replay --ladder postgres`: started
// by tools/start-postgres.sh BINDIR (a private data directory on tmpfs, loopback, as an
// unprivileged user when run as root) and stopped by tools/stop-postgres.sh with its PID when
// this object goes away.
#include <filesystem>
#include <string>

namespace eriq {

class RungServer {
  public:
    // Throws std::runtime_error with the script's last line when the server does not start.
    explicit RungServer(const std::filesystem::path& bindir);
    ~RungServer();
    RungServer(const RungServer&) = delete;
    RungServer& operator=(const RungServer&) = delete;

    // postgres://eriq:...@127.0.0.1:PORT/eriq_test
    const std::string& url() const { return url_; }

  private:
    std::filesystem::path bindir_;
    std::string pid_;
    std::string dir_;
    std::string url_;
};

}  // namespace eriq
