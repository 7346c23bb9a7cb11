// Entry point of the live PostgreSQL tests: they run only when a server is named,
// and report "skipped" (exit 77) rather than "passed" when it is not.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>

int main(int argc, char* argv[]) {
    const char* url = std::getenv("ERIQ_POSTGRES_URL");
    if (url == nullptr || *url == '\0') {
        const char* required = std::getenv("ERIQ_REQUIRE_POSTGRES");
        if (required != nullptr && std::string(required) == "1") {
            std::fprintf(stderr,
                         "ERROR: ERIQ_REQUIRE_POSTGRES=1 but ERIQ_POSTGRES_URL is not set\n");
            return 1;
        }
        std::printf("SKIPPED: ERIQ_POSTGRES_URL not set (tools/test.sh starts a server)\n");
        return 77;
    }
    return Catch::Session().run(argc, argv);
}
