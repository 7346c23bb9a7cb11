#include "engine/stop_signals.hpp"

#include <unistd.h>

namespace eriq {
namespace {

std::atomic<bool>* g_stop_flag = nullptr;
std::atomic<int> g_signals_received{0};

// Only async-signal-safe calls: atomics, write and _exit.
extern "C" void on_stop_signal(int signal_number) {
    if (g_signals_received.fetch_add(1) > 0) {
        static const char message[] = "\neriq: second signal, exiting now\n";
        const ssize_t ignored = ::write(STDERR_FILENO, message, sizeof message - 1);
        (void)ignored;
        ::_exit(128 + signal_number);
    }
    if (g_stop_flag != nullptr) g_stop_flag->store(true);
}

}  // namespace

StopSignals::StopSignals(std::atomic<bool>& stop) {
    g_stop_flag = &stop;
    g_signals_received.store(0);
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, &previous_int_);
    sigaction(SIGTERM, &action, &previous_term_);
}

StopSignals::~StopSignals() {
    sigaction(SIGINT, &previous_int_, nullptr);
    sigaction(SIGTERM, &previous_term_, nullptr);
    g_stop_flag = nullptr;
}

}  // namespace eriq
