/// The person file the merge tests start from: front matter, a few lines of notes, and a log of
/// two entries, newest first.
enum SamplePerson {
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
