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

}  // namespace

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
