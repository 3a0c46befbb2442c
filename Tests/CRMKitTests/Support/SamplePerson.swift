/// Person files the tests start from.
enum SamplePerson {
    /// A person file for `name`, to be seen every 30 days, with `log` under `## Interactions`.
    static func every30Days(_ name: String, _ log: String = "- 2026-11-01 call: Talked.\n") -> String {
        "---\nname: \(name)\nevery: 30d\n---\n\n## Interactions\n\n\(log)"
    }

    /// The person file the merge tests start from: front matter, a few lines of notes, and a log of
    /// two entries, newest first.
    static let ada = """
    ---
    name: Ada Lovelace
    phone: "+44 20 7946 0018"
    email: ada@example.org
    tags: [friends]
    ---

    Met through the Analytical Society.
    Prefers letters to phone calls.
    Lives in Marylebone.

    ## Interactions

    - 2026-11-02 call: Talked about the engine.
    - 2026-10-01 visit: Tea.

    """
}
