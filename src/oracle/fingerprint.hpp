#pragma once
// An order-independent fingerprint of a raw result's rows. Equal raw results have equal
// fingerprints, and equal raw values normalize to equal values, so a case whose variants all
// share one fingerprint is consistent without normalizing or sorting a single row. Any
// difference (even one that normalization would erase) sends the case down the full path.
#include <cstddef>
#include <cstdint>

#include "exec/result_set.hpp"

namespace eriq {

struct ResultFingerprint {
    std::size_t rows = 0;
    // Two sums of independently mixed row hashes: 128 bits, so that two different multisets
    // share a fingerprint with a chance far below one in 2^64.
    std::uint64_t sum_a = 0;
    std::uint64_t sum_b = 0;
    bool operator==(const ResultFingerprint&) const = default;
};

ResultFingerprint fingerprint(const ResultSet& rs);

}  // namespace eriq
