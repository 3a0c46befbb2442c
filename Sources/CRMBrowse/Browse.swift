import CRMKit
import CRMTerminal

/// `crm browse`: the vault's screens in a terminal.
package enum Browse {
    /// Whether standard input and output are a terminal the app can run on.
    package static var canRun: Bool { RawTerminal.isAvailable }

    /// Runs the app on `vault` until the user quits; the terminal is given back as it was.
    package static func run(vault: Vault, environment: [String: String], user: UserConfig, version: String) throws {
        let loop = try BrowseLoop(environment: environment)
        let session = try BrowseSession(vault: vault, environment: environment, user: user, version: version, size: loop.size,
                                        outside: { try loop.outside($0) })
        loop.run(session)
    }

    /// The contact picker alone, over `book` (`crm add --from` on a terminal), the filter
    /// starting as `query`: the contact picked, or nil when the user cancels. Contacts someone
    /// tracks are marked, and pickable only when `allowingTracked` (`--force`).
    package static func pickContact(from book: ContactBook, source: String, query: String, vault: Vault, allowingTracked: Bool = false,
                                   environment: [String: String], user: UserConfig, version: String) throws -> Contact? {
        let loop = try BrowseLoop(environment: environment)
        let session = try BrowseSession(picking: book, source: source, query: query, vault: vault, allowingTracked: allowingTracked,
                                        environment: environment, user: user, version: version, size: loop.size)
        loop.run(session)
        return session.picked
    }
}
