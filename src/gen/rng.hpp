#pragma once
// Deterministic random numbers (xoshiro256** seeded by splitmix64). The
// standard distributions are implementation-defined, so the mapping to ranges
// is done here: the same seed gives byte-identical SQL on every platform.
#include <cstdint>
#include <vector>

namespace eriq {

inline std::uint64_t splitmix64(std::uint64_t& x) {
    std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

// Derives an independent seed from a parent seed and an index.
inline std::uint64_t mix_seed(std::uint64_t seed, std::uint64_t index) {
    std::uint64_t x = seed ^ (index * 0xd1b54a32d192ed03ULL);
    splitmix64(x);
    return splitmix64(x);
}

class Rng {
  public:
    explicit Rng(std::uint64_t seed) {
        for (auto& s : state_) s = splitmix64(seed);
    }
    std::uint64_t next() {
        const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
        const std::uint64_t t = state_[1] << 17;
        state_[2] ^= state_[0];
        state_[3] ^= state_[1];
        state_[1] ^= state_[2];
        state_[0] ^= state_[3];
        state_[2] ^= t;
        state_[3] = rotl(state_[3], 45);
        return result;
    }
    // Uniform in [0, n); n > 0.
    std::uint64_t below(std::uint64_t n) { return n == 0 ? 0 : next() % n; }
    // Uniform in [lo, hi].
    std::int64_t range(std::int64_t lo, std::int64_t hi) {
        if (hi <= lo) return lo;
        // In unsigned arithmetic: hi - lo overflows int64 for wide ranges (signed overflow
        // is undefined, and the full range once became a division by zero).
        const std::uint64_t span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
        const std::uint64_t offset = span == UINT64_MAX ? next() : below(span + 1);
        return static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + offset);
    }
    // Uniform in [0, 1).
    double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
    bool chance(double p) { return p > 0 && unit() < p; }
    // Index drawn with probability proportional to weights; -1 when all are 0.
    int weighted(const std::vector<double>& weights) {
        double total = 0;
        for (double w : weights) total += w > 0 ? w : 0;
        if (total <= 0) return -1;
        double r = unit() * total;
        for (std::size_t i = 0; i < weights.size(); ++i) {
            if (weights[i] <= 0) continue;
            if (r < weights[i]) return static_cast<int>(i);
            r -= weights[i];
        }
        for (std::size_t i = weights.size(); i-- > 0;)
            if (weights[i] > 0) return static_cast<int>(i);
        return -1;
    }
    template <typename T>
    const T& pick(const std::vector<T>& v) {
        return v[below(v.size())];
    }

  private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint64_t state_[4];
};

}  // namespace eriq
