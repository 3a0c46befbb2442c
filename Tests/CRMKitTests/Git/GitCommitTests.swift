import Foundation
import Testing

/// `git: commit` in `.crm/config.yaml`: every write is a commit of the files it changed.
@Suite(.enabled(if: GitRepository.gitIsInstalled, "needs git"))
struct GitCommitTests {
    /// A vault in a git repository with `git: commit` set, everything committed, and Ada in it.
    func committingVault() throws -> (TemporaryVault, GitRepository) {
        let vault = try TemporaryVault()
        try vault.write(".crm/config.yaml", vault.read(".crm/config.yaml") + "git: commit\n")
        try vault.write("people/ada-lovelace.md", SamplePerson.ada)
        let git = try GitRepository.make(vault.url)
        try git.commit("start")
        return (vault, git)
    }

    @Test func aLogIsOneCommitOfThatFileAloneWithWhatHappenedAsItsMessage() throws {
        let (vault, git) = try committingVault()
        try vault.write("staged.txt", "staged by hand\n")
        try git.run("add", "staged.txt")
        try vault.write("notes.txt", "not staged\n")
        let result = try vault.crm("log", "ada", "Talked about the engine", "--type", "call")
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(try git.output("log", "-1", "--format=%s") == "log: call with Ada Lovelace (2026-11-29)")
        #expect(try git.output("show", "--name-status", "--format=", "HEAD") == "M\tpeople/ada-lovelace.md")
        #expect(try git.output("diff", "--cached", "--name-only") == "staged.txt", "what was staged stays staged")
        #expect(try git.output("status", "--porcelain") == "A  staged.txt\n?? notes.txt")
        #expect(try git.output("show", "HEAD:people/ada-lovelace.md").contains("- 2026-11-29 call: Talked about the engine"))
    }

    @Test func addRenameAndRemoveEachCommitTheFilesTheyTouched() throws {
        let (vault, git) = try committingVault()
        #expect(try vault.crm("add", "Bob Stone", "--email", "bob@example.org").status == 0)
        #expect(try git.output("show", "--name-status", "--format=%s", "HEAD") == "add: Bob Stone\n\nA\tpeople/bob-stone.md")
        #expect(try vault.crm("rename", "bob", "Robert Stone").status == 0)
        #expect(try git.output("show", "-M", "--name-status", "--format=%s", "HEAD").hasPrefix("rename: Robert Stone\n\nR"))
        #expect(try git.output("show", "-M", "--name-only", "--format=", "HEAD") == "people/robert-stone.md")
        #expect(try vault.crm("rm", "robert", "--yes").status == 0)
        #expect(try git.output("show", "--name-status", "--format=%s", "HEAD") == "rm: Robert Stone\n\nD\tpeople/robert-stone.md")
        #expect(try git.output("status", "--porcelain").isEmpty, "the trash under .crm/ is ignored")
        #expect(try git.output("rev-list", "--count", "HEAD") == "4")
    }

    @Test func restoringAPersonIsCommitted() throws {
        let (vault, git) = try committingVault()
        #expect(try vault.crm("rm", "ada", "--yes").status == 0)
        let restored = try vault.crm("restore", "ada")
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(try git.output("show", "--name-status", "--format=%s", "HEAD") == "restore: Ada Lovelace\n\nA\tpeople/ada-lovelace.md")
        #expect(try git.output("status", "--porcelain").isEmpty)
    }

    @Test func planDoneUnlogAndRestoreSayWhatChangedInTheMessage() throws {
        let (vault, git) = try committingVault()
        #expect(try vault.crm("plan", "ada", "Dinner", "--type", "visit", "--date", "2026-12-05").status == 0)
        #expect(try git.output("log", "-1", "--format=%s") == "plan: visit with Ada Lovelace (2026-12-05)")
        #expect(try vault.crm("done", "ada", "dinner", "--date", "2026-11-28").status == 0)
        #expect(try git.output("log", "-1", "--format=%s") == "done: visit with Ada Lovelace (2026-11-28)")
        #expect(try vault.crm("unlog", "ada", "1").status == 0)
        #expect(try git.output("log", "-1", "--format=%s") == "unlog: visit with Ada Lovelace (2026-11-28)")
        #expect(try vault.crm("restore", "ada").status == 0)
        #expect(try git.output("log", "-1", "--format=%s") == "restore: visit with Ada Lovelace (2026-11-28)")
    }

    @Test func anImportIsOneCommitAndTheIndexPageNamesItsFile() throws {
        let (vault, git) = try committingVault()
        try vault.write("cards.vcf", (1...4).map { "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Person \($0)\r\nEND:VCARD\r\n" }.joined())
        #expect(try vault.crm("import", vault.path + "/cards.vcf").status == 0)
        #expect(try git.output("show", "--name-only", "--format=%s", "HEAD")
            == "import: 4 people\n\npeople/person-1.md\npeople/person-2.md\npeople/person-3.md\npeople/person-4.md")
        #expect(try vault.crm("index").status == 0)
        #expect(try git.output("show", "--name-only", "--format=%s", "HEAD") == "index: INDEX.md\n\nINDEX.md")
    }

    @Test func readingOrAWriteThatChangesNothingMakesNoCommit() throws {
        let (vault, git) = try committingVault()
        #expect(try vault.crm("list").status == 0)
        #expect(try vault.crm("set", "ada", "email=ada@example.org").status == 0)
        #expect(try git.output("rev-list", "--count", "HEAD") == "1")
    }

    @Test func anEditIsCommittedWhenTheEditorChangedTheFile() throws {
        let (vault, git) = try committingVault()
        let unchanged = try CRM.run(["--vault", vault.path, "edit", "ada"], environment: ["EDITOR": "true"])
        #expect(unchanged.status == 0)
        #expect(try git.output("rev-list", "--count", "HEAD") == "1")
        let edited = try CRM.run(["--vault", vault.path, "edit", "ada"],
                                 environment: ["EDITOR": "sed -i s/Marylebone/Mayfair/"])
        #expect(edited.status == 0)
        #expect(try git.output("show", "--name-only", "--format=%s", "HEAD") == "edit: Ada Lovelace\n\npeople/ada-lovelace.md")
    }

    @Test func outsideAGitWorkTreeItRefusesBeforeWritingAnything() throws {
        let vault = try TemporaryVault()
        try vault.write(".crm/config.yaml", "git: commit\n")
        let result = try vault.crm("add", "Bob Stone")
        #expect(result.status == 1)
        #expect(result.stderr == "crm: error: 'git: commit' is set in .crm/config.yaml, but \(vault.path) is not in a git work tree; "
            + "nothing was written. Run 'git init' there, or remove the setting\n")
        #expect(!vault.exists("people/bob-stone.md"))
    }

    @Test func withoutTheSettingNothingIsCommitted() throws {
        let (vault, git) = try committingVault()
        try vault.write(".crm/config.yaml", "every: 30d\n")
        try git.commit("no more commits")
        #expect(try vault.crm("log", "ada", "Tea").status == 0)
        #expect(try git.output("status", "--porcelain") == " M people/ada-lovelace.md")
        #expect(try git.output("log", "-1", "--format=%s") == "no more commits")
    }

    @Test func anUnknownValueIsReportedByCheck() throws {
        let vault = try TemporaryVault()
        try vault.write(".crm/config.yaml", "git: always\n")
        let result = try vault.crm("check")
        #expect(result.stdout.contains(".crm/config.yaml:1:6: error: git must be 'commit' (commit every write) or 'off', not 'always'; not committing"))
    }
}
