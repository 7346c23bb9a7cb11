// Entry point of the live-server tests: they run only when a server is named,
// and report "skipped" (exit 77) rather than "passed" when it is not.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>

int main(int argc, char* argv[]) {
    const char* url = std::getenv("ERIQ_MARIADB_URL");
    if (url == nullptr || *url == '\0') {
        const char* required = std::getenv("ERIQ_REQUIRE_MARIADB");
        if (required != nullptr && std::string(required) == "1") {
            std::fprintf(stderr, "ERROR: ERIQ_REQUIRE_MARIADB=1 but ERIQ_MARIADB_URL is not set\n");
            return 1;
        }
        std::printf("SKIPPED: ERIQ_MARIADB_URL not set (tools/test.sh starts a server)\n");
        return 77;
    }
    return Catch::Session().run(argc, argv);
}
