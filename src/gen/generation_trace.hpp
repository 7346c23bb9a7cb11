#pragma once
// What one derivation used: production, function and type-family ids (numbers
// from GrammarIndex). A failed alternative rolls the trace back to a mark, so
// the trace holds exactly what the final SQL contains.
#include <algorithm>
#include <cstddef>
#include <vector>

#include "model/case_features.hpp"

namespace eriq {

class GenerationTrace {
  public:
    struct Mark {
        std::size_t productions = 0, functions = 0, families = 0;
    };

    void production(int id) { productions_.push_back(id); }
    void function(int id) { functions_.push_back(id); }
    void family(int id) { families_.push_back(id); }

    Mark mark() const { return {productions_.size(), functions_.size(), families_.size()}; }
    void rollback(const Mark& m) {
        productions_.resize(m.productions);
        functions_.resize(m.functions);
        families_.resize(m.families);
    }

    CaseFeatures features() const {
        return {distinct(productions_), distinct(functions_), distinct(families_)};
    }

  private:
    static std::vector<int> distinct(std::vector<int> ids) {
        std::sort(ids.begin(), ids.end());
        ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
        return ids;
    }

    std::vector<int> productions_;
    std::vector<int> functions_;
    std::vector<int> families_;
};

}  // namespace eriq
