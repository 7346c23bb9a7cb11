#pragma once
// The query_regex of a documented benign difference, compiled once with RE2: matching
// takes time linear in the query, whatever the pattern (the standard library's matcher
// recursed per character and backtracked exponentially on patterns such as (.|\s)*XYZ).
#include <memory>
#include <string>
#include <string_view>

namespace re2 {
class RE2;
}

namespace eriq {

class BenignPattern {
  public:
    BenignPattern() = default;  // matches nothing
    // Case-insensitive; throws std::invalid_argument with RE2's reason when the pattern is
    // not valid RE2 syntax.
    explicit BenignPattern(const std::string& regex);

    // Whether the pattern occurs anywhere in `text`.
    bool found_in(std::string_view text) const;

  private:
    std::shared_ptr<const re2::RE2> re_;
};

}  // namespace eriq
