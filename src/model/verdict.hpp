#pragma once
// What running one test case through every representation produced.
#include <string>
#include <vector>

#include "model/classification.hpp"
#include "model/norm_result.hpp"
#include "model/variant.hpp"

namespace eriq {

struct VariantOutcome {
    Variant variant;
    bool ok = false;
    std::string error_kind;  // set when !ok
    std::string error;       // driver message when !ok
    NormResult result;       // normalized rows (sorted), when ok
    KeySequence order;       // when the case is ordered: the ORDER BY key values in row order
};

// ServerFault: the connection was lost or the server crashed while the case
// ran; a finding of its own (with the statements in flight), never a logic bug.
enum class Verdict { Consistent, Inconsistent, Discarded, Benign, ServerFault };

struct CaseOutcome {
    Verdict verdict = Verdict::Discarded;
    Classification classification;  // when Inconsistent or Benign
    std::vector<VariantOutcome> variants;
    std::vector<std::string> skipped;
    std::string discard_kind;   // when Discarded or ServerFault: error kind of the failing variant
    std::string benign_reason;  // when Benign
    // When ServerFault and the server's error log reported a crash: the crashed thread's
    // functions, innermost first (exec/server_log.hpp).
    std::vector<std::string> crash_frames;
    // When the case is ordered: the keys whose values were compared in order, e.g.
    // "vc_1 DESC NULLS LAST" (empty when Q's ORDER BY names no output column).
    std::vector<std::string> order_keys;
    // When the case is ordered and a key names no output column: that key, as written. It
    // and the keys after it only split ties, so their order is not compared.
    std::string order_key_not_compared;
};

}  // namespace eriq
