import CRMFormat

/// The instant of an RFC 5322 `Date` header (§3.3, with the obsolete forms of §4.3):
/// `[Day,] DD Mon YYYY HH:MM[:SS] zone`, the zone `+HHMM`/`-HHMM`, `UT`/`GMT`/`Z`, or a US
/// zone name (`EST`, `PDT`…); comments (`(PST)`) are left out and a two-digit year is
/// 1950–2049. In seconds since 1970-01-01 UTC.
enum MailDate {
    static func epochSeconds(_ value: some Collection<UInt8>) -> Int64? {
        var text: [UInt8] = []
        var depth = 0
        for byte in value {
            if byte == UInt8(ascii: "(") { depth += 1; continue }
            if byte == UInt8(ascii: ")"), depth > 0 { depth -= 1; continue }
            if depth == 0 { text.append(byte == UInt8(ascii: ",") || byte == 0x09 ? 0x20 : byte) }
        }
        var words = text.split(separator: 0x20).map { String(decoding: $0, as: UTF8.self) }
        if let first = words.first, first.first?.isLetter == true { words.removeFirst() }  // the day of the week
        guard words.count >= 4, let dayOfMonth = Int(words[0]), let month = months[words[1].lowercased().prefix(3).description],
              var year = Int(words[2])
        else { return nil }
        if words[2].count == 2 { year += year < 50 ? 2000 : 1900 } else if words[2].count == 3 { year += 1900 }
        let time = words[3].split(separator: ":").map { Int($0) }
        guard time.count == 2 || time.count == 3, time.allSatisfy({ $0 != nil }), let day = Day(year: year, month: month, day: dayOfMonth)
        else { return nil }
        let seconds = time[0]! * 3600 + time[1]! * 60 + (time.count == 3 ? time[2]! : 0)
        let offset = words.count > 4 ? Self.offset(words[4]) : 0
        guard let offset else { return nil }
        return Int64(day.dayNumber) * 86_400 + Int64(seconds) - Int64(offset)
    }

    private static let months = ["jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6,
                                 "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12]
    private static let zones = ["ut": 0, "gmt": 0, "z": 0, "utc": 0, "edt": -4, "est": -5, "cdt": -5, "cst": -6,
                                "mdt": -6, "mst": -7, "pdt": -7, "pst": -8]

    /// The zone's offset from UTC in seconds.
    private static func offset(_ zone: String) -> Int? {
        if let hours = zones[zone.lowercased()] { return hours * 3600 }
        let bytes = Array(zone.utf8)
        guard bytes.count == 5, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"),
              let value = Int(String(decoding: bytes[1...], as: UTF8.self))
        else { return nil }
        let seconds = (value / 100) * 3600 + (value % 100) * 60
        return bytes[0] == UInt8(ascii: "-") ? -seconds : seconds
    }
}
