#include "report/finding_evidence.hpp"

#include <array>
#include <utility>

namespace eriq {

namespace {

using State = DeoptimizedReference::State;

constexpr std::array<std::pair<State, const char*>, 5> kNames{{
    {State::NotMeasured, "not measured"},
    {State::NoSettings, "no settings"},
    {State::OneResult, "one result"},
    {State::Split, "split"},
    {State::Failed, "failed"},
}};

using Unread = UnreadColumnsCheck::State;

constexpr std::array<std::pair<Unread, const char*>, 4> kUnreadNames{{
    {Unread::NotMeasured, "not measured"},
    {Unread::NoneUnread, "none unread"},
    {Unread::Explained, "explained"},
    {Unread::NotExplained, "not explained"},
}};

}  // namespace

const char* unread_state_name(Unread s) {
    for (const auto& [state, name] : kUnreadNames)
        if (state == s) return name;
    return "not measured";
}

bool unread_state_from_name(const std::string& name, Unread& out) {
    for (const auto& [state, text] : kUnreadNames)
        if (name == text) {
            out = state;
            return true;
        }
    return false;
}

const char* deoptimized_state_name(State s) {
    for (const auto& [state, name] : kNames)
        if (state == s) return name;
    return "not measured";
}

bool deoptimized_state_from_name(const std::string& name, State& out) {
    for (const auto& [state, text] : kNames)
        if (name == text) {
            out = state;
            return true;
        }
    return false;
}

}  // namespace eriq
