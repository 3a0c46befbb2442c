/// UTF-8 validation without building a `String`: ASCII runs are checked eight bytes at a time.
package enum UTF8Validation {
    /// Whether `bytes` is well-formed UTF-8 (no overlong forms, surrogates or code points past U+10FFFF).
    package static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer(isValid)
    }

    /// The same for bytes in memory.
    package static func isValid(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = b.count
        var i = 0
        while i < n {
            if i + 8 <= n {
                let word = UInt64(littleEndian: UnsafeRawPointer(b.baseAddress! + i).loadUnaligned(as: UInt64.self))
                let high = word & 0x8080_8080_8080_8080
                if high == 0 { i += 8; continue }
                i += high.trailingZeroBitCount / 8   // past the ASCII bytes before the first that is not
            }
            let lead = b[i]
            if lead < 0x80 { i += 1; continue }
            let length: Int, low: UInt8, high: UInt8
            switch lead {
            case 0xC2...0xDF: (length, low, high) = (2, 0x80, 0xBF)
            case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)
            case 0xE1...0xEC, 0xEE, 0xEF: (length, low, high) = (3, 0x80, 0xBF)
            case 0xED: (length, low, high) = (3, 0x80, 0x9F)
            case 0xF0: (length, low, high) = (4, 0x90, 0xBF)
            case 0xF1...0xF3: (length, low, high) = (4, 0x80, 0xBF)
            case 0xF4: (length, low, high) = (4, 0x80, 0x8F)
            default: return false
            }
            guard i + length <= n, (low...high).contains(b[i + 1]) else { return false }
            for k in 2..<max(length, 2) where !(0x80...0xBF).contains(b[i + k]) { return false }
            i += length
        }
        return true
    }
}
