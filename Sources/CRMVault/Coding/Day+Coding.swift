import CRMFormat

/// How the facts cache stores a day: its day number.
extension Day {
    package func encode(to w: inout ByteWriter) { w.int(dayNumber) }

    /// The day numbers of years 1 to 9999.
    static let numbers = -719_162...2_932_896

    /// A day number of years 1 to 9999, as `Day` holds; anything else is a damaged cache.
    package init(from r: inout ByteReader) throws(ByteReader.Malformed) {
        let number = try r.int()
        guard Day.numbers.contains(number) else { throw ByteReader.Malformed() }
        self.init(dayNumber: number)
    }
}
