#include "oracle/fingerprint.hpp"

#include <functional>
#include <string_view>

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

std::uint64_t value_hash(const Value& v) {
    const std::uint64_t text = std::hash<std::string_view>{}(v.text);
    return mix(text + static_cast<std::uint64_t>(v.kind) * 0x9e3779b97f4a7c15ULL);
}

}  // namespace

ResultFingerprint fingerprint(const ResultSet& rs) {
    ResultFingerprint f;
    f.rows = rs.rows.size();
    for (const auto& row : rs.rows) {
        // Position-dependent within a row (columns are ordered), order-independent across rows.
        std::uint64_t a = 0x243f6a8885a308d3ULL;
        std::uint64_t b = 0x13198a2e03707344ULL;
        for (const Value& v : row) {
            const std::uint64_t h = value_hash(v);
            a = mix(a ^ h);
            b = mix(b + (h ^ 0xa4093822299f31d0ULL));
        }
        f.sum_a += a;
        f.sum_b += b;
    }
    return f;
}

}  // namespace eriq
