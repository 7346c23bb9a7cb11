#include "report/finding_evidence.hpp"

#include <array>
#include <utility>

namespace eriq {

namespace {

using State = DeoptimizedReference::State;
using Unread = UnreadColumnsCheck::State;

// The names finding.toml writes for each state, and the lookups both ways.
template <typename E, std::size_t N>
using NameTable = std::array<std::pair<E, const char*>, N>;

constexpr NameTable<State, 5> kNames{{
    {State::NotMeasured, "not measured"},
    {State::NoSettings, "no settings"},
    {State::OneResult, "one result"},
    {State::Split, "split"},
    {State::Failed, "failed"},
}};

constexpr NameTable<Unread, 4> kUnreadNames{{
    {Unread::NotMeasured, "not measured"},
    {Unread::NoneUnread, "none unread"},
    {Unread::Explained, "explained"},
    {Unread::NotExplained, "not explained"},
}};

template <typename E, std::size_t N>
const char* name_in(const NameTable<E, N>& table, E s) {
    for (const auto& [state, name] : table)
        if (state == s) return name;
    return table.front().second;
}

template <typename E, std::size_t N>
bool state_in(const NameTable<E, N>& table, const std::string& name, E& out) {
    for (const auto& [state, text] : table)
        if (name == text) {
            out = state;
            return true;
        }
    return false;
}

}  // namespace

const char* unread_state_name(Unread s) {
    return name_in(kUnreadNames, s);
}

bool unread_state_from_name(const std::string& name, Unread& out) {
    return state_in(kUnreadNames, name, out);
}

const char* deoptimized_state_name(State s) {
    return name_in(kNames, s);
}

bool deoptimized_state_from_name(const std::string& name, State& out) {
    return state_in(kNames, name, out);
}

}  // namespace eriq
