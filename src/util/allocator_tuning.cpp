#include "util/allocator_tuning.hpp"

#include <malloc.h>

namespace eriq {

void tune_allocator() {
    constexpr int kMiB = 1 << 20;
    mallopt(M_TRIM_THRESHOLD, 64 * kMiB);
    mallopt(M_TOP_PAD, 16 * kMiB);
    mallopt(M_MMAP_THRESHOLD, 64 * kMiB);
}

}  // namespace eriq
