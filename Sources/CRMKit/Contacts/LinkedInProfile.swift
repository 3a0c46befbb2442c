import CRMFormat
import CRMVault

/// LinkedIn profile URLs: the ids of the connections a LinkedIn export lists, and the
/// `linkedin:` key of people tracked from another address book.
package enum LinkedInProfile {
    /// Whether `id` is a LinkedIn profile URL: `http(s)://` then `linkedin.com` or one of its
    /// subdomains (`www.`, `uk.`), then `/in/…`.
    package static func isProfileURL(_ id: String) -> Bool {
        let lower = id.lowercased()
        guard let scheme = ["https://", "http://"].first(where: lower.hasPrefix) else { return false }
        let rest = lower.dropFirst(scheme.count)
        guard let slash = rest.firstIndex(of: "/") else { return false }
        let host = rest[..<slash]
        return (host == "linkedin.com" || host.hasSuffix(".linkedin.com")) && rest[slash...].hasPrefix("/in/")
    }

    /// What importing a LinkedIn connection did to the person found tracking it.
    package enum Addition: Sendable, Equatable {
        /// `linkedin: URL` was added (or would be, in a dry run).
        case added(String)
        /// The person has another `linkedin:`, left as it is.
        case differs(String)
    }
}

extension Vault {
    /// Adds `linkedin: url` to the person `id` unless their `contact_id` is that URL or they
    /// have a `linkedin:` already; `nil` when nothing was to be done, `.differs` with theirs when
    /// it is another URL. With `dryRun` nothing is written.
    package func addLinkedIn(_ url: String, to id: String, dryRun: Bool) throws -> LinkedInProfile.Addition? {
        let person = try load(path: "people/" + id + ".md")
        let key = FieldSchema.linkedIn.key
        if person.document.contactID == url { return nil }
        if let had = person.document.frontMatter?[key]?.string {
            return had == url ? nil : .differs(had)
        }
        if !dryRun { try update(person, change: "linkedin of \(person.name)") { try $0.setting(key, to: .string(url)) } }
        return .added(url)
    }
}
