extension PersonDocument {
    /// The front-matter keys the tool gives a meaning to, in the order a new file lists them.
    public static let knownKeys = ["name", "contact_id", "phone", "email", "birthday", "tags", "aliases", "every", "snooze", "added"]
}
