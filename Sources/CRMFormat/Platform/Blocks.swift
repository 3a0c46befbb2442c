import Dispatch

/// Work over many items done a block at a time on all cores, the blocks' results kept in order:
/// what a listing of 100,000 people writes is neither one core's work nor one string.
package enum Blocks {
    /// How many items a block holds: enough that handing out a block costs little.
    package static let size = 1024

    /// `body` of each block of `items` (`size` items each, the last one maybe fewer), run on all
    /// cores at once; the results in the blocks' order. `body` is called from several threads, so
    /// it must only read what it captures.
    @inlinable
    package static func map<Result>(_ items: Range<Int>, _ body: (Range<Int>) -> Result) -> [Result] {
        let blocks = stride(from: items.lowerBound, to: items.upperBound, by: size).map { $0..<min($0 + size, items.upperBound) }
        var results = [Result?](repeating: nil, count: blocks.count)
        results.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let (slots, body) = (buffer, body)
            DispatchQueue.concurrentPerform(iterations: blocks.count) { b in slots[b] = body(blocks[b]) }
        }
        return results.map { $0! }
    }

    /// The same, each block's result handed to `consume` in order, sixteen blocks at a time, so
    /// that only so many results are held at once.
    @inlinable
    package static func forEach<Result>(_ items: Range<Int>, _ body: (Range<Int>) -> Result, handing consume: (Result) -> Void) {
        for wave in stride(from: items.lowerBound, to: items.upperBound, by: 16 * size) {
            for result in map(wave..<min(wave + 16 * size, items.upperBound), body) { consume(result) }
        }
    }
}
