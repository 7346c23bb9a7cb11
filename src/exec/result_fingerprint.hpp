#pragma once
// An order-independent fingerprint of a result's rows, computed from the driver's values
// without building rows. Equal raw results have equal fingerprints, and equal raw values
// normalize to equal values, so a case whose variants all share one fingerprint is
// consistent without a single row being copied, normalized or sorted. Any difference (even
// one that normalization would erase) sends the case down the full path.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "model/result_set.hpp"

namespace eriq {

struct ResultFingerprint {
    std::size_t rows = 0;
    // Two sums of independently mixed row hashes: 128 bits, so that two different multisets
    // share a fingerprint with a chance far below one in 2^64.
    std::uint64_t sum_a = 0;
    std::uint64_t sum_b = 0;
    // The row hashes chained in the order the rows came: equal for two results with the
    // same rows in the same order. Not part of ==, which compares multisets.
    std::uint64_t sequence = 0;
    bool operator==(const ResultFingerprint& o) const {
        return rows == o.rows && sum_a == o.sum_a && sum_b == o.sum_b;
    }
    bool same_sequence(const ResultFingerprint& o) const {
        return *this == o && sequence == o.sequence;
    }
};

// Feeds a result value by value, row by row. Values hash by kind and bytes; columns are
// position-dependent within a row, rows are order-independent (but for `sequence`).
class FingerprintBuilder {
  public:
    void add(ValueKind kind, std::string_view bytes);
    void add(ValueKind kind, std::uint64_t bits);  // a number by its machine representation
    void end_row();
    const ResultFingerprint& result() const { return f_; }

  private:
    void add_hash(std::uint64_t h);

    ResultFingerprint f_;
    std::uint64_t row_a_ = kRowSeedA;
    std::uint64_t row_b_ = kRowSeedB;
    static constexpr std::uint64_t kRowSeedA = 0x243f6a8885a308d3ULL;
    static constexpr std::uint64_t kRowSeedB = 0x13198a2e03707344ULL;
};

ResultFingerprint fingerprint(const ResultSet& rs);

}  // namespace eriq
