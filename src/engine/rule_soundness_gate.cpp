#include "engine/rule_soundness_gate.hpp"

#include <fmt/format.h>

#include "util/load_error.hpp"
#include "verify/rule_soundness.hpp"

namespace eriq {

SoundnessCheckCounts check_rule_soundness(const RuleSet& rules, const Dialect& dialect,
                                          std::FILE* warnings, const SoundnessCache& cache) {
    SoundnessCheckCounts counts;
    for (const Representation& rep : representations_for(rules, dialect)) {
        const verify::RepresentationTemplates templates{rep.name, rep.setup, rep.x, rep.query};
        const std::string key = verify::soundness_proof_key(templates);
        if (cache.proved(key)) {
            ++counts.remembered;
            continue;
        }
        const verify::SoundnessResult r = verify::check_representation(templates);
        if (r.sound) {
            cache.remember(key);
            ++counts.proved;
            continue;
        }
        const bool overridden = dialect.representations.count(rep.name) > 0;
        const std::string what = fmt::format(
            "representation '{}'{} is not shown to be a faithful embedding of I into Q: {}",
            rep.name, overridden ? fmt::format(" (as dialect {} spells it)", dialect.name) : "",
            r.reason);
        if (!rep.unverified)
            throw LoadError(rules.file, rep.line, rep.column,
                            what + "; mark it 'unverified = true' to load it anyway");
        fmt::print(warnings, "eriq: warning: {}:{}:{}: {} (loaded: unverified = true)\n",
                   rules.file, rep.line, rep.column, what);
        ++counts.unverified;
    }
    return counts;
}

}  // namespace eriq
