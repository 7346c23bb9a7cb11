#include "exec/result_fingerprint.hpp"

#include <functional>

namespace eriq {
namespace {

// The splitmix64 finalizer: spreads every input bit over the whole word.
std::uint64_t mix(std::uint64_t x) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

std::uint64_t tagged(ValueKind kind, std::uint64_t h, std::uint64_t form) {
    return mix(h + (static_cast<std::uint64_t>(kind) * 2 + form) * 0x9e3779b97f4a7c15ULL);
}

}  // namespace

void FingerprintBuilder::add_hash(std::uint64_t h) {
    // Two position-dependent row hashes: a chained mix and a polynomial, mixed at the row's end.
    row_a_ = mix(row_a_ ^ h);
    row_b_ = row_b_ * 0x100000001b3ULL + h;
}

void FingerprintBuilder::add(ValueKind kind, std::string_view bytes) {
    add_hash(tagged(kind, std::hash<std::string_view>{}(bytes), 0));
}

void FingerprintBuilder::add(ValueKind kind, std::uint64_t bits) {
    add_hash(tagged(kind, mix(bits), 1));
}

void FingerprintBuilder::end_row() {
    ++f_.rows;
    f_.sum_a += row_a_;
    f_.sequence = mix(f_.sequence ^ row_a_);
    f_.sum_b += mix(row_b_ ^ 0xa4093822299f31d0ULL);
    row_a_ = kRowSeedA;
    row_b_ = kRowSeedB;
}

ResultFingerprint fingerprint(const ResultSet& rs) {
    FingerprintBuilder builder;
    for (const auto& row : rs.rows) {
        for (const Value& v : row) builder.add(v.kind, std::string_view(v.text));
        builder.end_row();
    }
    return builder.result();
}

}  // namespace eriq
