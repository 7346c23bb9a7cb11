// Reading a server's error log for the crash site of a server fault (exec/server_log.hpp),
// on a MariaDB 10.11.19 log with two crashes of the ST_Distance site.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <catch2/catch.hpp>

#include "exec/server_log.hpp"
#include "test_files.hpp"

using namespace eriq;

namespace {

std::string fixture_log(const std::string& name = "mariadb_10_11_two_crashes.log") {
    std::ifstream in(std::filesystem::path(ERIQ_SOURCE_DIR) / "tests/data/logs" / name);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

TEST_CASE("the last crash report of a MariaDB log names the crashed frames", "[server_log]") {
    const std::string log = fixture_log();
    REQUIRE(log.size() > 1000);
    auto report = last_crash_report(log);
    REQUIRE(report);
    CHECK(report->signal == 11);
    REQUIRE(report->frames.size() >= 4);
    // The handler's frames (my_print_stacktrace, handle_fatal_signal, __restore_rt) and the
    // unnamed ones (+0x86f790) are gone; the second crash, not the first, is read.
    CHECK(report->frames[0] == "Item_func_distance::val_real");
    CHECK(report->frames[1] == "Arg_comparator::compare_real");
    CHECK(report->frames[2] == "Item_func_eq::val_bool");
    CHECK(report->frames[3] == "Item_bool_func2::remove_eq_conds");
    CHECK(report->frames.back() == "handle_one_connection");
    CHECK_FALSE(last_crash_report("2026-12-07 [Note] mariadbd: ready for connections.\n"));
}

TEST_CASE("an abort from glibc's heap check is placed in the server's frame", "[server_log]") {
    // Seed 35: `munmap_chunk(): invalid pointer` while a view was parsed. The innermost frames
    // were pthread_kill, raise, abort and glibc's malloc checks, so every abort of the server
    // would have had one crash site.
    auto report = last_crash_report(fixture_log("mariadb_10_11_heap_abort.log"));
    REQUIRE(report);
    CHECK(report->signal == 6);
    REQUIRE(report->frames.size() >= 3);
    CHECK(report->frames[0] == "parse_sql");
    CHECK(report->frames[1] == "mysql_make_view");
    CHECK(report->frames[2] == "open_table");
    for (const std::string& frame : report->frames) CHECK_FALSE(frame.starts_with("__"));
}

TEST_CASE("backtrace lines give their function without parameters", "[server_log]") {
    CHECK(
        backtrace_function("mariadbd(_ZN18Item_func_distance8val_realEv+0x3ae)[0x55bde705951e]") ==
        "Item_func_distance::val_real");
    CHECK(backtrace_function("/usr/sbin/mariadbd(_Z10do_commandP3THDb+0x13f)[0x55bde6d9561f]") ==
          "do_command");
    // addr2line-resolved frames (a server with debug symbols).
    CHECK(backtrace_function("sql/item_geofunc.cc:2571(Item_func_distance::val_real())[0x55b]") ==
          "Item_func_distance::val_real");
    // MySQL 8 writes demangled names with their parameters and a space before the address.
    CHECK(backtrace_function("/usr/sbin/mysqld(Item_func_eq::val_int()+0x9d) [0x55f3c7e1a2bd]") ==
          "Item_func_eq::val_int");
    CHECK(backtrace_function("/usr/sbin/mysqld(my_print_stacktrace(unsigned char const*, unsigned "
                             "long)+0x41) [0x55f3c8e6a8b1]")
              .empty());
    CHECK(backtrace_function("/usr/sbin/mysqld(print_fatal_signal(int)+0x2a2) [0x55f3c7d6b2e2]")
              .empty());
    CHECK(backtrace_function("/lib/x86_64-linux-gnu/libpthread.so.0(+0x12980) [0x7f0c]").empty());
    CHECK(backtrace_function("mariadbd(+0x86f790)[0x55bde6dc7790]").empty());
    CHECK(backtrace_function("libc_sigaction.c:0(__restore_rt)[0x7f4a9765a050]").empty());
    CHECK(
        backtrace_function("nptl/pthread_kill.c:44(__pthread_kill_implementation)[0x7f4]").empty());
    CHECK(backtrace_function("malloc/malloc.c:5666(malloc_printerr)[0x7f4a9e2b286a]").empty());
    CHECK(backtrace_function("stdlib/abort.c:81(__GI_abort)[0x7f4a9e244472]").empty());
    CHECK(backtrace_function("mariadbd(handle_fatal_signal+0x1c7)[0x55bde6fce057]").empty());
    CHECK(backtrace_function("Thread pointer: 0x774a40000c68").empty());
}

TEST_CASE("a server log reports only the crashes written after it was opened", "[server_log]") {
    const auto dir = eriq::test::fresh_dir("server-log");
    const auto path = dir / "error.log";
    const std::string log = fixture_log();
    std::ofstream(path) << log;  // an old crash, before eriq started

    ServerLog server_log(path);
    CHECK_FALSE(server_log.crash_since_last_read(std::chrono::milliseconds(0)));
    std::ofstream(path, std::ios::app) << "2026-12-07 [Note] restarted\n" << log;
    auto report = server_log.crash_since_last_read(std::chrono::milliseconds(0));
    REQUIRE(report);
    CHECK(report->frames.front() == "Item_func_distance::val_real");
    CHECK_FALSE(server_log.crash_since_last_read(std::chrono::milliseconds(0)));
    // A missing log is no crash, not an error.
    ServerLog absent(dir / "missing.log");
    CHECK_FALSE(absent.crash_since_last_read(std::chrono::milliseconds(0)));
    std::filesystem::remove_all(dir);
}
