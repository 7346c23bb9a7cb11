#pragma once
// Soundness of a representation rule (issue 13 point 3): its templates, filled with a symbolic
// intermediate query I and referencing queries Q, must give a final query whose result is the
// bag of Q with x replaced by I. Named objects the rule creates (CREATE VIEW/TABLE ... AS,
// WITH name AS [MATERIALIZED] (...)) stand for the bag of their query, so they are inlined as
// derived tables; the prover (prover.hpp) then has to show the inlined final query equal to
// Q[x := (I)] for every symbolic pair. Not proved means not shown sound.
#include <string>
#include <vector>

namespace eriq::verify {

// The templates of one representation as the rules file spells them ({name}, {I}, {Q}; x is
// how Q's references to x are written).
struct RepresentationTemplates {
    std::string name;
    std::vector<std::string> setup;
    std::string x;
    std::string query;
};

struct SoundnessResult {
    bool sound = false;
    std::string reason;  // when not sound: which symbolic Q failed and why
};

// Templates longer than this (setup, x and query together) are not shown sound: the prover's
// time and stack grow with the query, and real representations are a few hundred bytes.
inline constexpr std::size_t kMaxSoundnessTemplateBytes = 16 * 1024;

SoundnessResult check_representation(const RepresentationTemplates& rep);

// Everything check_representation's answer depends on besides this build of eriq: the
// templates' text (not the name) and the Z3 version. A key for remembering proofs.
std::string soundness_proof_key(const RepresentationTemplates& rep);

}  // namespace eriq::verify
