#include "util/allocator_tuning.hpp"

#include <malloc.h>

namespace eriq {

void tune_allocator() {
    constexpr int kMiB = 1 << 20;
    mallopt(M_TRIM_THRESHOLD, 4 * kMiB);
    mallopt(M_TOP_PAD, 4 * kMiB);
    mallopt(M_MMAP_THRESHOLD, 64 * kMiB);
}

void release_free_memory() {
    malloc_trim(0);
}

}  // namespace eriq
