import Foundation
import Testing
@testable import CRMFormat

/// Conflict-marker text inside a fenced code block is text a person wrote, not a conflict
/// (docs/safety.md, "Conflict markers inside code are text"): `check`, `resolve` and `sync` read it alike.
@Suite struct FencedMarkerTests {
    /// Notes and a log that show a merge's marks inside code blocks: a ``` block, a ~~~ block that
    /// a ``` line does not close, a ```` block that a ``` line does not close, and one in the log.
    static let fenced = """
    ---
    name: Ada Lovelace
    ---

    How a merge left the file:

    ```text
    <<<<<<< HEAD
    Likes tea.
    =======
    Likes coffee.
    >>>>>>> laptop
    ```

    ~~~
    ```
    <<<<<<< ours
    ~~~~

    ````markdown
    ```
    =======
    >>>>>>> theirs
    ````

    ## Interactions

    - 2026-11-20 call: Showed her a merge.

    ```
    <<<<<<< HEAD
    =======
    >>>>>>> laptop
    ```

    """

    @Test func markersInsideCodeBlocksAreNoConflict() throws {
        #expect(ConflictMarkers.markerLines(in: Array(Self.fenced.utf8)) == [])
        #expect(ConflictMarkers(Array(Self.fenced.utf8)) == nil)
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", Self.fenced)
        let check = try vault.crm("check")
        #expect(!check.stdout.contains("conflict"), "\(check.stdout)")
        #expect(check.stdout.contains("people/ada.md:30:1: warning: code block in the log (lines 30-34) left alone"), "\(check.stdout)")
        #expect(check.status == 0, "\(check.stdout)")
        let resolve = try vault.crm("resolve")
        #expect(resolve.stdout == "No conflicts to resolve.\n")
        #expect(resolve.status == 0)
        #expect(vault.read("people/ada.md") == Self.fenced)
    }

    /// A real conflict below the code blocks is still found, and `resolve` merges it leaving the
    /// code blocks as they are.
    @Test func aConflictOutsideTheCodeBlocksIsStillFoundAndResolved() throws {
        let marked = Self.fenced.replacingOccurrences(of: "How a merge left the file:\n", with: """
        <<<<<<< HEAD
        Met at the Royal Society.
        =======
        Met at a lecture.
        >>>>>>> laptop

        """)
        #expect(ConflictMarkers.markerLines(in: Array(marked.utf8)) == [4, 6, 8])
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", marked)
        let check = try vault.crm("check")
        #expect(check.status == 1)
        #expect(check.stdout.split(separator: "\n").filter { $0.contains("conflict") }.count == 1, "\(check.stdout)")
        #expect(check.stdout.contains("people/ada.md:5:1: error: git conflict marker"), "\(check.stdout)")
        let resolve = try vault.crm("resolve")
        #expect(resolve.status == 1, "\(resolve.stdout)\(resolve.stderr)")
        let merged = vault.read("people/ada.md")
        #expect(merged.contains("<<<<<<< HEAD (crm: both sides changed these lines"), "\(merged)")
        #expect(merged.contains("```text\n<<<<<<< HEAD\nLikes tea.\n=======\nLikes coffee.\n>>>>>>> laptop\n```\n"), "\(merged)")
        #expect(merged.contains("````markdown\n```\n=======\n>>>>>>> theirs\n````\n"), "\(merged)")
        #expect(merged.hasSuffix("```\n<<<<<<< HEAD\n=======\n>>>>>>> laptop\n```\n"), "\(merged)")
    }

    /// Each side of a conflict opens and closes its own code blocks: a conflict over a code
    /// block's opening line (each side gave it another language) is one conflict, and a marker
    /// after it, outside the code block on both sides, opens the next.
    @Test func eachSideOfAConflictReadsItsOwnCodeBlocks() throws {
        let text = """
        ---
        name: Ada Lovelace
        ---

        <<<<<<< HEAD
        ```swift
        =======
        ```python
        >>>>>>> laptop
        print(1)
        ```

        <<<<<<< HEAD
        Likes tea.
        =======
        Likes coffee.
        >>>>>>> laptop

        """
        #expect(ConflictMarkers.markerLines(in: Array(text.utf8)) == [4, 6, 8, 12, 14, 16])
        let versions = try #require(ConflictMarkers(Array(text.utf8)))
        #expect(String(decoding: versions.current, as: UTF8.self).contains("```swift\nprint(1)\n```\n\nLikes tea.\n"))
        #expect(String(decoding: versions.other, as: UTF8.self).contains("```python\nprint(1)\n```\n\nLikes coffee.\n"))
        // A code block one side leaves open hides a marker from that side only: still a conflict.
        let oneSideOpen = text.replacingOccurrences(of: "```python\n", with: "")
        #expect(ConflictMarkers.markerLines(in: Array(oneSideOpen.utf8)) == [4, 6, 7, 11, 13, 15])
    }

    /// The front matter has no code blocks: a ``` in a YAML value hides no marker below it.
    @Test func theFrontMatterHasNoCodeBlocks() throws {
        let text = "---\nname: Ada\n```\n---\n\n<<<<<<< HEAD\nA\n=======\nB\n>>>>>>> laptop\n"
        #expect(ConflictMarkers.markerLines(in: Array(text.utf8)) == [5, 7, 9])
    }

    @Test func aSetextUnderlineIsNotAConflictMarker() throws {
        let vault = try TemporaryVault(copyingExample: true)
        try vault.write("people/setext.md", "---\nname: Setext\n---\n\nPlans\n=======\n\nA lone underline.\n")
        #expect(ConflictMarkers.markerLines(in: vault.bytes("people/setext.md")).isEmpty)
        #expect(try vault.crm("resolve").status == 0)
        #expect(!(try vault.crm("check").stdout.contains("people/setext.md")))
    }
}
