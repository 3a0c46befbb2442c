import CRMFormat
import CRMVault

/// What one `crm import` did, or would do in a dry run: a line per card, and the warnings to
/// give first. The command prints it (`lines`, `summary`, `json`).
package struct ImportReport: Sendable {
    /// One card of the book and what became of it.
    package struct Outcome: Sendable {
        package var decision: ContactImport.Decision
        /// The new person's id and path (`nil` in a dry run, and for a card not added).
        package var id: String?
        package var path: String?
        /// Another bearer of the added card's name: a person's path, or a card's place.
        package var namesake: String?
        /// For a LinkedIn connection found tracked: what was done with its URL.
        package var linkedIn: LinkedInProfile.Addition?
    }

    package var source: String
    package var dryRun: Bool
    package var outcomes: [Outcome]
    /// Warnings about the import as a whole and the people it adds: cards without a UID, notes
    /// and relations not written as they are.
    package var problems: [Diagnostic]
    /// Cards that could not be read (errors in the book).
    package var unreadable: Int
    /// The day of the import (`added:`).
    package var today: Day

    /// `Added NAME (PATH)`, `Skipped NAME: tracked as ID (same …)`, … (see
    /// `Decision.line(path:dryRun:namesake:)`), with what a LinkedIn URL did.
    package var lines: [String] {
        outcomes.map { outcome in
            let line = outcome.decision.line(path: outcome.path, dryRun: dryRun, namesake: outcome.namesake)
            switch outcome.linkedIn {
            case .added(let url): return line + "; \(dryRun ? "would add" : "added") linkedin: \(url)"
            case .differs(let had): return line + "; has linkedin: \(had) already, left as it is"
            case nil: return line
            }
        }
    }

    private var added: Int { outcomes.count { if case .add = $0.decision { true } else { false } } }
    private var connected: Int { outcomes.count { if case .add(let contact) = $0.decision { contact.connected != nil } else { false } } }

    /// `Added N of M contacts from SOURCE; skipped K.`, then, when some had a "Connected On", that
    /// their cadence counts from today.
    package var summary: [String] {
        let total = outcomes.count + unreadable
        let skipped = outcomes.count - added
        var lines = [(dryRun ? "Would add" : "Added") + " \(added) of \(total) contact\(total == 1 ? "" : "s") from \(source); "
            + "skipped \(skipped)." + (unreadable == 0 ? "" : " \(unreadable) card\(unreadable == 1 ? "" : "s") could not be read (see above).")
            + (dryRun ? " Nothing written (--dry-run)." : "")]
        if connected > 0 {
            lines.append("Their cadence \(dryRun ? "would count" : "counts") from today (added: \(today)), "
                         + "not from when you connected (kept as connected:).")
        }
        return lines
    }

    /// `{"source", "dry_run", "added", "skipped", "unreadable"}`: `added` and `skipped` as
    /// `Decision.json(id:path:namesake:)` lists them, a skipped LinkedIn connection with the
    /// `linkedin` URL added to its person (null when none was).
    package var json: JSON {
        var added: [JSON] = [], skipped: [JSON] = []
        for outcome in outcomes {
            if case .add = outcome.decision {
                added.append(outcome.decision.json(id: outcome.id, path: outcome.path, namesake: outcome.namesake))
            } else {
                var entry = outcome.decision.json(id: nil, path: nil)
                if case .object(var pairs) = entry, case .skip = outcome.decision {
                    if case .added(let url) = outcome.linkedIn { pairs.append(("linkedin", .string(url))) } else { pairs.append(("linkedin", .null)) }
                    entry = .object(pairs)
                }
                skipped.append(entry)
            }
        }
        return .object([
            ("source", .string(source)), ("dry_run", .bool(dryRun)),
            ("added", .array(added)), ("skipped", .array(skipped)), ("unreadable", .number(unreadable)),
        ])
    }
}

extension Vault {
    /// `crm import`: adds every contact of `book` nobody tracks (`ContactImport.plan`), writes
    /// their relations (`relateImported`), and adds a LinkedIn connection's URL to the person
    /// found tracking it (`addLinkedIn`); with `dryRun`, writes nothing and says what it would do.
    /// `source` names the book in the summary.
    package func importContacts(_ book: ContactBook, source: String, options: NewPersonOptions, dryRun: Bool) throws -> ImportReport {
        let plan = ContactImport.plan(book, vault: self)
        var problems = ContactImport.missingUIDs(plan, dryRun: dryRun)
        let namesakes = ContactImport.namesakes(plan, vault: self)   // before the new people exist
        var outcomes = plan.map { ImportReport.Outcome(decision: $0) }
        var created: [(id: String, path: String)] = []
        if !dryRun {
            // New files are written together: one lock, one flush of the folder.
            var options = options
            options.tagSpellings = facts().rows.tagSpellings
            let (files, notes) = ContactImport.newFiles(plan, options: options, settings: config.logSettings)
            problems += notes
            created = files.isEmpty ? [] : try create(files, keeping: { (id: $0.id, path: $0.path) })
        }
        let adding = plan.indices.filter { if case .add = plan[$0] { true } else { false } }
        for (index, new) in zip(adding, created) { (outcomes[index].id, outcomes[index].path) = (new.id, new.path) }
        for index in adding {
            outcomes[index].namesake = switch namesakes[index] {
            case .person(let id): "people/\(id).md"
            case .card(let first): outcomes[first].path ?? "the card at \(plan[first].contact.path):\(plan[first].contact.line)"
            case nil: nil
            }
        }
        if !dryRun {
            problems += try relateImported(zip(adding, created).map { (plan[$0].contact, $1.id) }, plan: plan)
        }
        for (index, decision) in plan.enumerated() {
            guard case .skip(let contact, let tracker, let match) = decision, let id = tracker.id, let url = contact.uid,
                  match != .contactID, match != .linkedIn, LinkedInProfile.isProfileURL(url) else { continue }
            outcomes[index].linkedIn = try addLinkedIn(url, to: id, dryRun: dryRun)
        }
        return ImportReport(source: source, dryRun: dryRun, outcomes: outcomes, problems: problems,
                            unreadable: book.diagnostics.count { $0.severity == .error }, today: options.today)
    }
}
