// Backend::interrupt() from another thread, and which connection errors are refused
// credentials rather than an unreachable server.
#include <chrono>
#include <thread>

#include <catch2/catch.hpp>

#include "exec/fault_injecting_backend.hpp"
#include "exec/postgres_error_kind.hpp"
#include "exec/sqlite_backend.hpp"

using namespace eriq;
using namespace std::chrono_literals;

namespace {

// Runs for minutes on SQLite unless stopped.
const std::string kSlowQuery =
    "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < 3000000000) "
    "SELECT count(*) FROM r";

// Runs the slow query on `backend` while another thread interrupts `target` after 200 ms;
// returns the error kind and how long the query ran.
std::pair<std::string, std::chrono::milliseconds> interrupted_run(Backend& backend,
                                                                  Backend& target) {
    std::thread interrupter([&] {
        std::this_thread::sleep_for(200ms);
        target.interrupt();
    });
    const auto start = std::chrono::steady_clock::now();
    std::string kind = "none";
    try {
        backend.query(kSlowQuery);
    } catch (const BackendError& e) {
        kind = e.kind;
    }
    interrupter.join();
    return {kind, std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - start)};
}

}  // namespace

TEST_CASE("interrupt stops a running SQLite statement and every later one", "[interrupt]") {
    for (const auto timeout : {0ms, 60000ms}) {
        BackendOptions options;
        options.statement_timeout = timeout;  // 0: no timeout, the handler still runs
        SqliteBackend backend(":memory:", options);
        const auto [kind, took] = interrupted_run(backend, backend);
        CHECK(kind == kInterrupted);
        CHECK(took < 1500ms);
        CHECK(backend.interrupted());
        try {
            backend.execute("SELECT 1");
            FAIL("a statement ran after interrupt()");
        } catch (const BackendError& e) {
            CHECK(e.kind == kInterrupted);
            CHECK_FALSE(e.server_fault);
        }
    }
}

TEST_CASE("interrupting a wrapping backend interrupts the one it wraps", "[interrupt]") {
    SqliteBackend inner(":memory:", BackendOptions{});
    FaultInjectingBackend outer(inner, {});
    const auto [kind, took] = interrupted_run(outer, outer);
    CHECK(kind == kInterrupted);
    CHECK(took < 1500ms);
    CHECK(inner.interrupted());
}

TEST_CASE("PostgreSQL connection messages that mean refused credentials", "[interrupt]") {
    CHECK(is_authentication_failure_message(
        "connection to server at \"127.0.0.1\", port 5432 failed: FATAL:  password "
        "authentication failed for user \"eriq\""));
    CHECK(is_authentication_failure_message(
        "FATAL:  no pg_hba.conf entry for host \"10.0.0.2\", user \"eriq\", database \"x\""));
    CHECK(is_authentication_failure_message("FATAL:  role \"nobody\" does not exist"));
    CHECK(is_authentication_failure_message("fe_sendauth: no password supplied"));
    CHECK(is_authentication_failure_message("FATAL:  Peer authentication failed for user \"x\""));
    CHECK_FALSE(is_authentication_failure_message(
        "connection to server at \"127.0.0.1\", port 5432 failed: Connection refused"));
    CHECK_FALSE(is_authentication_failure_message("FATAL:  database \"eriq_x\" does not exist"));
    CHECK_FALSE(is_authentication_failure_message("FATAL:  the database system is starting up"));
}
