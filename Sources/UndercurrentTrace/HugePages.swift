#if canImport(Glibc)
    import Glibc
#endif

/// Asks the kernel to back a large buffer of the trace with huge pages.
///
/// A full trace's ring of recorded events takes tens of megabytes, and so does the array of
/// its events spelled out all at once (`TraceEvents.spelledOut`). Each is fresh memory, and
/// Linux hands it over a 4 KiB page at a time, one page fault per page on first touch: about
/// 6,000 faults for each of them at 200,000 events, some 15 ms of system time. Where transparent huge pages are enabled for the asking (`madvise`, the
/// default of many distributions), the aligned middle of the buffer is backed by 2 MiB pages
/// instead: a dozen faults. Elsewhere, and on other systems, nothing changes.
enum HugePages {
    static let size = 2 << 20

    /// Advises huge pages for the whole huge pages inside `byteCount` bytes from `start`.
    static func prefer(_ start: UnsafeMutableRawPointer, byteCount: Int) {
        #if os(Linux)
            guard byteCount >= 2 * size else { return }
            let first = (Int(bitPattern: start) + size - 1) & ~(size - 1)
            let end = (Int(bitPattern: start) + byteCount) & ~(size - 1)
            guard end > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
            // Advice only: a kernel without huge pages answers EINVAL, and nothing is lost.
            _ = madvise(aligned, end - first, Int32(MADV_HUGEPAGE))
        #endif
    }

    /// Reserves room for `capacity` elements in `array`, advising huge pages for its storage.
    static func reserve<Element>(_ capacity: Int, in array: inout [Element]) {
        array.reserveCapacity(capacity)
        let byteCount = array.capacity * MemoryLayout<Element>.stride
        array.withUnsafeMutableBufferPointer { buffer in
            if let base = buffer.baseAddress { prefer(UnsafeMutableRawPointer(base), byteCount: byteCount) }
        }
    }
}
