/* glibc malloc tuning (mallopt), which the Glibc module does not export. */
#include <malloc.h>

/*
 * Makes glibc grow and shrink the heap in 16 MB steps instead of 128 KB ones. With the default,
 * freeing at the top of the heap hands the pages back to the kernel and the next allocation
 * faults them in again: half of the layout solver's star-strong N=100 build was page faults
 * (2.1 ms, 0.6 ms with this), and frame-sized buffers cost 15 % of a GIF encode the same way.
 *
 * Setting M_TOP_PAD also turns off glibc's sliding mmap threshold, which would otherwise rise
 * to the size of the blocks freed: every block of 128 KB or more (a frame, a golden frame, a
 * report's patch and its PNG rows) was then mapped fresh and unmapped when freed, its pages
 * faulted in and zeroed each time. Blocks up to 32 MB (glibc's own ceiling for the sliding
 * threshold: a 3x iPad frame) now come from the heap and are reused, and up to 64 MB free at
 * its top is kept: a failing owl check with --report spent 1.1 s in the kernel, now 0.2 s, for
 * a 5 % higher peak.
 * Both executables call it first thing; it costs at most 16 MB of resident memory beside that.
 */
static inline void popping_retain_freed_memory(void) {
    mallopt(M_TOP_PAD, 16 << 20);
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
}
