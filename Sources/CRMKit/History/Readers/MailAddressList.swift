/// The addresses of an RFC 5322 address header (`From`, `To`, `Cc`): mailboxes
/// (`"Name, Jr." <a@b>`, `a@b (comment)`, `a@b`) and groups (`Team: a@b, c@d;`), separated by
/// commas. Display names, comments and group names are left out; quoted strings and comments may
/// hold commas, colons and angle brackets. Only what has an `@` is an address.
enum MailAddressList {
    static func addresses(_ value: some Collection<UInt8>) -> [String] {
        var addresses: [String] = []
        var current: [UInt8] = []     // the mailbox's text outside quotes and comments
        var angle: [UInt8]?           // what is inside <…>, once seen
        var inAngle = false
        var quoted = false
        var escaped = false
        var commentDepth = 0

        func finish() {
            let candidate = angle ?? current
            let address = String(decoding: candidate.filter { $0 != 0x20 && $0 != 0x09 }, as: UTF8.self)
            if address.contains("@") { addresses.append(address) }
            (current, angle, inAngle) = ([], nil, false)
        }

        for byte in value {
            if escaped { escaped = false; if inAngle { angle?.append(byte) }; continue }
            if quoted {
                if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { quoted = false }
                continue
            }
            if commentDepth > 0 {
                if byte == UInt8(ascii: "\\") { escaped = true }
                else if byte == UInt8(ascii: "(") { commentDepth += 1 }
                else if byte == UInt8(ascii: ")") { commentDepth -= 1 }
                continue
            }
            switch byte {
            case UInt8(ascii: "\"") where !inAngle: quoted = true
            case UInt8(ascii: "("): commentDepth = 1
            case UInt8(ascii: "<"): (inAngle, angle) = (true, [])
            case UInt8(ascii: ">") where inAngle: inAngle = false
            case UInt8(ascii: ":") where !inAngle: current = []  // a group's name ends; its members follow
            case UInt8(ascii: ";") where !inAngle, UInt8(ascii: ",") where !inAngle: finish()
            default: if inAngle { angle?.append(byte) } else { current.append(byte) }
            }
        }
        finish()
        return addresses
    }
}
