import CRMTerminal

/// A screen's title row: parts shown left to right, joined by " · ", and one part at the right
/// edge. On a terminal too narrow for all of them, parts give way one step at a time, the step
/// of the lowest rank first: a part may first shrink to a shorter form (a vault's path to its
/// last folder), then go. The screen that builds the title ranks its parts, so what a person
/// acts on (how many are due) is the last to go, whatever the width.
struct TitleLine: Equatable {
    /// One part: its forms, longest first, each with the rank at which it gives way to the next
    /// form (the last form to nothing).
    struct Part: Equatable {
        var forms: [Form]

        struct Form: Equatable {
            var text: String
            var rank: Int
        }

        /// A part of one form, shown until `rank`.
        init(_ text: String, until rank: Int) {
            forms = [Form(text: text, rank: rank)]
        }

        /// A part shown as `text` until `rank`, then as `shorter` until `shorterRank`.
        init(_ text: String, until rank: Int, then shorter: String, until shorterRank: Int) {
            forms = shorter == text ? [Form(text: text, rank: shorterRank)]
                : [Form(text: text, rank: rank), Form(text: shorter, rank: shorterRank)]
        }
    }

    var left: [Part]
    var right: Part?

    /// The left and right texts for a row of `width` cells: every part in its longest form when
    /// that fits, else after as many steps as it takes, lowest rank first. When even the last
    /// part left does not fit, the caller cuts it.
    func fitted(width: Int) -> (left: String, right: String) {
        // How far each part has given way: the index of its form shown (forms.count: gone).
        var leftSteps = [Int](repeating: 0, count: left.count)
        var rightStep = 0
        func texts() -> (left: String, right: String) {
            let shown = zip(left, leftSteps).compactMap { part, step in step < part.forms.count ? part.forms[step].text : nil }
            let right = self.right.flatMap { rightStep < $0.forms.count ? $0.forms[rightStep].text : nil } ?? ""
            return (shown.joined(separator: " · "), right)
        }
        func fits(_ texts: (left: String, right: String)) -> Bool {
            DisplayWidth.of(texts.left) + (texts.right.isEmpty ? 0 : 2 + DisplayWidth.of(texts.right)) <= width
        }
        while !fits(texts()) {
            // The next step: the shown form of the lowest rank (the right part on a tie). The
            // last left part shown stays (cut by the caller) rather than leaving no title.
            let shownCount = zip(left, leftSteps).filter { $1 < $0.forms.count }.count
            var next: (rank: Int, index: Int?)?
            if let right, rightStep < right.forms.count { next = (right.forms[rightStep].rank, nil) }
            for (index, part) in left.enumerated() where leftSteps[index] < part.forms.count {
                if shownCount == 1, leftSteps[index] == part.forms.count - 1 { continue }
                let rank = part.forms[leftSteps[index]].rank
                if next == nil || rank < next!.rank { next = (rank, index) }
            }
            guard let step = next else { break }
            if let index = step.index { leftSteps[index] += 1 } else { rightStep += 1 }
        }
        return texts()
    }
}
