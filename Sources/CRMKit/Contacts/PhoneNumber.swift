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
}
