#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte strings compared and searched with `memcmp` and `memchr`: the one place the library
/// calls them.
package enum Bytes {
    /// The index of the first `byte` in `b[start..<end]` (`end`: the buffer's end), or nil.
    @inlinable
    package static func firstIndex(of byte: UInt8, in b: UnsafeBufferPointer<UInt8>, from start: Int = 0, to end: Int? = nil) -> Int? {
        let end = end ?? b.count
        guard start < end, let base = b.baseAddress, let found = memchr(base + start, Int32(byte), end - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Whether the `count` bytes at `a` are those at `b`.
    @inlinable
    package static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Bool {
        count == 0 || memcmp(a, b, count) == 0
    }

    /// -1, 0 or 1 as `x` sorts before, with or after `y` in byte order (a prefix first); for
    /// UTF-8 that is code-point order, the order `git` and `ls` in the C locale give.
    package static func compare(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Int {
        let common = Swift.min(x.count, y.count)
        if common > 0, let a = x.baseAddress, let b = y.baseAddress {
            let order = memcmp(a, b, common)
            if order != 0 { return order < 0 ? -1 : 1 }
        }
        return x.count == y.count ? 0 : (x.count < y.count ? -1 : 1)
    }

    /// Whether `a` sorts before `b` in byte order.
    package static func precedes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in b.withUTF8 { y in compare(x, y) < 0 } }
    }

    /// Finds `needle` in `haystack`: `memchr` for its first byte, `memcmp` for the rest.
    /// Whether `needle` occurs in `haystack`; an empty needle occurs everywhere.
    package static func contains(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
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
            needle.withContiguousStorageIfAvailable { Bytes.contains($0, in: hay) }
                ?? Array(needle).withUnsafeBufferPointer { Bytes.contains($0, in: hay) }
        }
        return withContiguousStorageIfAvailable(search) ?? Array(self).withUnsafeBufferPointer(search)
    }
}
