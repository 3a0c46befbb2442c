import CRMFormat
import CRMVault

/// The forms of a phone number used to compare numbers written differently.
package enum PhoneNumber {
    private static let separators: Set<Character> = [" ", "\u{00A0}", "-", ".", "(", ")"]

    /// `number` without spaces, dashes, dots and parentheses: `+1 (555) 010-0` is `+15550100`.
    package static func compact(_ number: String) -> String {
        String(number.filter { !separators.contains($0) })
    }

    /// The ASCII digits of `number`, in order.
    package static func digits(_ number: String) -> String {
        String(decoding: number.utf8.filter { (0x30...0x39).contains($0) }, as: UTF8.self)
    }

    /// Whether `a` and `b` are one number written two ways: the same digits, or (both with at
    /// least seven) the same number once a national prefix is dropped, so `020 7946 0018` and
    /// `+44 20 7946 0018` are one. Numbers without digits compare as written.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = digits(a), y = digits(b)
        guard !x.isEmpty || !y.isEmpty else { return compact(a) == compact(b) }
        if x == y { return true }
        let (short, long) = x.count <= y.count ? (x, y) : (y, x)
        let national = short.drop { $0 == "0" }
        return national.count >= 7 && long.hasSuffix(national)
    }

    /// The digits of `number` as an international number, its calling code first
    /// (`+44 20 7946 0018` and, with `region` GB, `020 7946 0018` are both `442079460018`): a
    /// number that starts with `+` or `00` has its code; another gets `region`'s (`CallingCodes`)
    /// in place of the region's trunk prefix. Nil when it cannot be sure: no region for a number
    /// without a code, or fewer than four digits (a short code, a sender's name).
    package static func international(_ number: String, region: String?) -> String? {
        let written = compact(number)
        let digits = digits(written)
        guard digits.count >= 4 else { return nil }
        if written.hasPrefix("+") { return digits }
        if written.hasPrefix("00") { return String(digits.dropFirst(2)) }
        guard let region, let code = CallingCodes.code(of: region) else { return nil }
        let trunk = CallingCodes.trunkPrefix(of: region)
        let national = !trunk.isEmpty && digits.hasPrefix(trunk) ? String(digits.dropFirst(trunk.count)) : digits
        return code + national
    }
}
