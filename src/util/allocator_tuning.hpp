#pragma once
// Keeps glibc's allocator from handing freed heap back to the kernel after
// every large result and faulting it in again for the next one: with the
// default thresholds, page faults cost more than 10% of a SQLite campaign.
// Resident memory then stays near its high-water mark instead of oscillating.
namespace eriq {

void tune_allocator();

}  // namespace eriq
