#pragma once
// Remembers which representation rules were proved sound, so that the Z3 proof (about 0.1 s
// per rule, most of eriq-gen's start-up) runs once per rule text and eriq binary instead of at
// every start. A proof is a file named by the hash of what it depends on: the templates' text,
// the Z3 version and the identity of the running binary (its size and modification time, so a
// rebuilt prover proves again). Only successful proofs are kept; a rule that is not shown
// sound is checked again at every load. The folder is $ERIQ_CACHE_DIR, else
// $XDG_CACHE_HOME/eriq, else $HOME/.cache/eriq; ERIQ_CACHE_DIR=off turns caching off, and a
// folder that cannot be written only costs the proof.
#include <filesystem>
#include <string>
#include <utility>

namespace eriq {

class SoundnessCache {
  public:
    // No folder: nothing is remembered.
    SoundnessCache() = default;
    explicit SoundnessCache(std::filesystem::path folder) : folder_(std::move(folder)) {}
    static SoundnessCache from_environment();

    // `proof_key` is the verifier's key of the rule (verify::soundness_proof_key).
    bool proved(const std::string& proof_key) const;
    void remember(const std::string& proof_key) const;

    const std::filesystem::path& folder() const { return folder_; }

  private:
    static std::string content(const std::string& proof_key);
    std::filesystem::path entry(const std::string& content) const;
    std::filesystem::path folder_;
};

}  // namespace eriq
