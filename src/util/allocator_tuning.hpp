#pragma once
// Keeps glibc's allocator from handing freed heap back to the kernel after
// every large result and faulting it in again for the next one, while still
// returning it after a rare large case: up to 4 MiB above the heap top is kept,
// and blocks below 64 MiB come from the heap, not from their own mappings. (64 MiB
// kept made worker arenas stay at their high-water mark: resident memory rose
// in 4 MB steps over 30 minutes; 4 MiB costs no measurable speed since campaigns
// fingerprint results instead of building rows.)
namespace eriq {

void tune_allocator();

// Hands the freed heap kept above back to the kernel. A campaign calls it every few
// seconds, so a rare large case (a big database, a mismatch whose rows are fetched)
// does not leave resident memory at its high-water mark for the rest of the run.
void release_free_memory();

}  // namespace eriq
