import CGlibcMalloc

/// Makes glibc keep freed frame-sized buffers for reuse instead of unmapping them. A frame is
/// megabytes, above glibc's default mmap threshold, so each one was mapped fresh and every
/// page faulted in again: on the 90-frame GIF benchmark that was 0.1 s of system time, 15 %
/// of the whole encode. The heap then holds a few frames' worth of memory, which it needs
/// again for the next frame anyway.
func reuseFreedFrameBuffers() {
    mallopt(M_MMAP_THRESHOLD, 64 << 20)
    mallopt(M_TRIM_THRESHOLD, 256 << 20)
}
