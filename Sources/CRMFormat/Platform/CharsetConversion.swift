#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Platform {
    /// `octets` in the charset the C library's `iconv` calls `charset` (`SHIFT_JIS`, `KOI8-R`),
    /// as text; nil when the C library does not know the charset or the octets are not valid in
    /// it. What Foundation decodes with ICU's converters, which FoundationEssentials leaves out.
    package static func decode(_ octets: ArraySlice<UInt8>, charset: String) -> String? {
        guard let converter = iconv_open("UTF-8", charset), Int(bitPattern: converter) != -1 else { return nil }
        defer { iconv_close(converter) }
        var input = Array(octets)
        var output = [UInt8](repeating: 0, count: input.count * 4 + 16)
        let written: Int? = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(inBuffer.baseAddress)?.assumingMemoryBound(to: CChar.self)
                var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outBuffer.baseAddress)?.assumingMemoryBound(to: CChar.self)
                var inLeft = inBuffer.count, outLeft = outBuffer.count
                guard iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft) != -1, inLeft == 0,
                      iconv(converter, nil, nil, &outPointer, &outLeft) != -1 else { return nil }
                return outBuffer.count - outLeft
            }
        }
        guard let written else { return nil }
        return String(validating: output[..<written], as: UTF8.self)
    }
}
