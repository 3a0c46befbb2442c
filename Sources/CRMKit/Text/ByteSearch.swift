#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finding a run of bytes in other bytes: `memchr` for its first byte, `memcmp` for the rest.
enum ByteSearch {
    /// Whether `needle` occurs in `haystack`; an empty needle occurs everywhere.
    static func contains(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let n = needle.baseAddress, !needle.isEmpty else { return true }
        guard var start = haystack.baseAddress else { return false }
        let end = start + haystack.count
        while end - start >= needle.count,
              let found = memchr(start, Int32(n.pointee), end - start - needle.count + 1) {
            let candidate = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self))
            if memcmp(candidate, n, needle.count) == 0 { return true }
            start = candidate + 1
        }
        return false
    }
}

extension Collection where Element == UInt8 {
    /// Whether the bytes hold `needle` as a run (a plain byte search, no Unicode rules needed).
    func contains(bytes needle: some Collection<UInt8>) -> Bool {
        func search(_ hay: UnsafeBufferPointer<UInt8>) -> Bool {
            needle.withContiguousStorageIfAvailable { ByteSearch.contains($0, in: hay) }
                ?? Array(needle).withUnsafeBufferPointer { ByteSearch.contains($0, in: hay) }
        }
        return withContiguousStorageIfAvailable(search) ?? Array(self).withUnsafeBufferPointer(search)
    }
}
