#include "exec/fault_injecting_backend.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <utility>

namespace eriq {

namespace {

void change_value(Value& value) {
    switch (value.kind) {
        case ValueKind::Null:
            value = {ValueKind::Int, "1"};
            return;
        case ValueKind::Int: {
            long long number = 0;
            const char* end = value.text.data() + value.text.size();
            auto parsed = std::from_chars(value.text.data(), end, number);
            if (parsed.ec == std::errc() && parsed.ptr == end) {
                bool at_max = number == std::numeric_limits<long long>::max();
                value.text = std::to_string(at_max ? number - 1 : number + 1);
                return;
            }
            break;  // beyond 64 bits (unsigned BIGINT): a textual change still differs
        }
        case ValueKind::Float:
        case ValueKind::Decimal: {
            char* end = nullptr;
            double number = std::strtod(value.text.c_str(), &end);
            if (end != value.text.c_str() && *end == '\0') {
                char buffer[32];
                std::snprintf(buffer, sizeof buffer, "%.17g", number + 1);
                value.text = buffer;
                return;
            }
            break;
        }
        default:
            break;
    }
    value.text += "_fault";
}

// Returns whether the result changed (an empty result has nothing to perturb).
bool apply(FaultInjectingBackend::Fault fault, ResultSet& result) {
    using Fault = FaultInjectingBackend::Fault;
    if (result.rows.empty()) return false;
    switch (fault) {
        case Fault::DropLastRow:
            result.rows.pop_back();
            break;
        case Fault::DuplicateFirstRow:
            result.rows.push_back(result.rows.front());
            break;
        case Fault::ChangeFirstValue:
            if (result.rows.front().empty()) return false;
            change_value(result.rows.front().front());
            break;
        case Fault::ReverseRows:
            if (result.rows.size() < 2) return false;
            std::reverse(result.rows.begin(), result.rows.end());
            break;
        case Fault::RaiseError:
        case Fault::LoseConnection:
        case Fault::LoseConnectionOnReset:
            break;  // raised before the query runs, or by reset_workspace()
    }
    return true;
}

}  // namespace

FaultInjectingBackend::FaultInjectingBackend(Backend& inner, std::vector<Rule> rules)
    : inner_(&inner), rules_(std::move(rules)) {
    sync_counters();
}

FaultInjectingBackend::FaultInjectingBackend(std::unique_ptr<Backend> inner,
                                             std::vector<Rule> rules)
    : owned_(std::move(inner)), inner_(owned_.get()), rules_(std::move(rules)) {
    sync_counters();
}

void FaultInjectingBackend::sync_counters() {
    driver_seconds_ = inner_->driver_seconds();
    statements_ = inner_->statements();
}

template <typename Call>
decltype(auto) FaultInjectingBackend::forwarded(Call&& call) {
    // The counters follow the inner backend even when the call throws.
    struct Sync {
        FaultInjectingBackend* self;
        ~Sync() { self->sync_counters(); }
    } sync{this};
    return call();
}

void FaultInjectingBackend::execute(const std::string& sql) {
    last_executed_ = sql;
    forwarded([&] { inner_->execute(sql); });
}

namespace {

BackendError lost_connection(const FaultInjectingBackend::Rule& rule) {
    BackendError lost("connection_lost", "a lost connection injected for the test", true);
    lost.crash_frames = rule.crash_frames;
    return lost;
}

}  // namespace

ResultSet FaultInjectingBackend::query(const std::string& sql) {
    last_queried_ = sql;
    auto applies = [&](const Rule& rule) {
        const std::string& text = rule.after_statement ? last_executed_ : sql;
        return text.find(rule.sql_marker) != std::string::npos;
    };
    for (const Rule& rule : rules_) {
        if (rule.fault == Fault::RaiseError && applies(rule)) {
            ++faults_injected_;
            throw BackendError("injected:error", "an error injected for the test");
        }
        if (rule.fault == Fault::LoseConnection && applies(rule)) {
            ++faults_injected_;
            throw lost_connection(rule);
        }
    }
    ResultSet result = forwarded([&] { return inner_->query(sql); });
    for (const Rule& rule : rules_) {
        if (applies(rule) && apply(rule.fault, result)) {
            ++faults_injected_;
        }
    }
    return result;
}

bool FaultInjectingBackend::set_optimizations_off(std::uint64_t mask) {
    return forwarded([&] { return inner_->set_optimizations_off(mask); });
}

void FaultInjectingBackend::reset_workspace() {
    for (const Rule& rule : rules_) {
        if (rule.fault == Fault::LoseConnectionOnReset &&
            last_queried_.find(rule.sql_marker) != std::string::npos) {
            ++faults_injected_;
            throw lost_connection(rule);
        }
    }
    forwarded([&] { inner_->reset_workspace(); });
}

}  // namespace eriq
