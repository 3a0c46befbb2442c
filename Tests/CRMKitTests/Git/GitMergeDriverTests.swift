import Foundation
import Testing

/// `crm merge-driver` run by a real `git merge`, in a fresh repository.
@Suite(.enabled(if: GitRepository.gitIsInstalled, "needs git"))
struct GitMergeDriverTests {
    static let ada = SamplePerson.ada + "- 2026-09-01 email: Sent the notes.\n"

    /// A repository with the vault committed on `main` and a `laptop` branch from it.
    func repository(driver: Bool = true) throws -> (GitRepository, TemporaryVault) {
        let vault = try TemporaryVault()
        let git = GitRepository(vault.url)
        try git.run("init", "-q", "-b", "main")
        try git.run("config", "user.name", "Test")
        try git.run("config", "user.email", "test@example.org")
        if driver { try git.run("config", "merge.crm.driver", "\(CRM.binary.path) merge-driver %O %A %B %P") }
        try vault.write("people/ada.md", Self.ada)
        try git.commit("add Ada")
        try git.run("branch", "laptop")
        return (git, vault)
    }

    @Test func twoBranchesEditingOnePersonMergeCleanly() throws {
        let (git, vault) = try repository()
        // main: a new entry, a deleted entry, a changed key, a notes line.
        try vault.write("people/ada.md", Self.ada
            .replacingOccurrences(of: "## Interactions\n\n", with: "## Interactions\n\n- 2026-11-20 call: From the phone.\n")
            .replacingOccurrences(of: "- 2026-09-01 email: Sent the notes.\n", with: "")
            .replacingOccurrences(of: "tags: [friends]", with: "tags: [friends, maths]")
            .replacingOccurrences(of: "Analytical Society.", with: "Analytical Society in 1833."))
        try git.commit("phone edits")
        try git.run("checkout", "-q", "laptop")
        try vault.write("people/ada.md", Self.ada
            .replacingOccurrences(of: "## Interactions\n\n", with: "## Interactions\n\n- 2026-11-25 visit: From the laptop.\n  Two lines.\n")
            .replacingOccurrences(of: "email: ada@example.org", with: "email: ada@lovelace.example")
            .replacingOccurrences(of: "Lives in Marylebone.", with: "Lives in St James's Square."))
        try git.commit("laptop edits")
        let merge = try git.run("merge", "-q", "main", "-m", "merge")
        #expect(merge.status == 0, "\(merge.output)")
        #expect(vault.read("people/ada.md") == """
        ---
        name: Ada Lovelace
        phone: "+44 20 7946 0018"
        email: ada@lovelace.example
        tags: [friends, maths]
        ---

        Met through the Analytical Society in 1833.
        Prefers letters to phone calls.
        Lives in St James's Square.

        ## Interactions

        - 2026-11-25 visit: From the laptop.
          Two lines.
        - 2026-11-20 call: From the phone.
        - 2026-11-02 call: Talked about the engine.
        - 2026-10-01 visit: Tea.

        """)
        #expect(try git.run("status", "--porcelain").output.isEmpty)
    }

    @Test func aTrueKeyConflictStopsTheMergeWithBothValues() throws {
        let (git, vault) = try repository()
        try vault.write("people/ada.md", Self.ada.replacingOccurrences(of: "+44 20 7946 0018", with: "+1 555 0100")
            .replacingOccurrences(of: "## Interactions\n\n", with: "## Interactions\n\n- 2026-11-20 call: Main.\n"))
        try git.commit("main phone")
        try git.run("checkout", "-q", "laptop")
        try vault.write("people/ada.md", Self.ada.replacingOccurrences(of: "+44 20 7946 0018", with: "+1 555 0199")
            .replacingOccurrences(of: "## Interactions\n\n", with: "## Interactions\n\n- 2026-11-21 call: Laptop.\n"))
        try git.commit("laptop phone")
        let merge = try git.run("merge", "main", "-m", "merge")
        #expect(merge.status == 1)
        #expect(merge.output.contains("crm merge-driver: people/ada.md: both sides changed phone"))
        #expect(merge.output.contains("CONFLICT (content): Merge conflict in people/ada.md"))
        let text = vault.read("people/ada.md")
        #expect(text.contains("phone: \"+1 555 0199\"\n# conflict: phone: \"+1 555 0100\" (from theirs)\n"))
        #expect(text.contains("- 2026-11-21 call: Laptop.\n- 2026-11-20 call: Main.\n"))
        let check = try vault.crm("check")
        #expect(check.status == 1)
        #expect(check.stdout.contains("people/ada.md:4:1: error: conflict: a merge left both values: 'phone: \"+1 555 0100\" (from theirs)'"))
    }

    @Test func notesChangedDifferentlyStopTheMergeWithMarksCheckKnowsTheDriverWrote() throws {
        let (git, vault) = try repository()
        try vault.write("people/ada.md", Self.ada.replacingOccurrences(of: "Lives in Marylebone.", with: "Lives in Kensington."))
        try git.commit("main")
        try git.run("checkout", "-q", "laptop")
        try vault.write("people/ada.md", Self.ada.replacingOccurrences(of: "Lives in Marylebone.", with: "Lives in Mayfair.")
            .replacingOccurrences(of: "## Interactions\n\n", with: "## Interactions\n\n- 2026-11-21 call: Laptop.\n"))
        try git.commit("laptop")
        let merge = try git.run("merge", "main", "-m", "merge")
        #expect(merge.status == 1)
        #expect(merge.output.contains("crm merge-driver: people/ada.md: 1 conflicting change in the notes (both kept between conflict marks)"),
                "\(merge.output)")
        #expect(vault.read("people/ada.md").contains("""
            Prefers letters to phone calls.
            <<<<<<< ours (crm: both sides changed these lines; keep what is right and delete the marks)
            Lives in Mayfair.
            =======
            Lives in Kensington.
            >>>>>>> theirs (crm)

            ## Interactions

            - 2026-11-21 call: Laptop.
            """))
        let check = try vault.crm("check")
        #expect(check.status == 1)
        #expect(check.stdout == "people/ada.md:10:1: error: conflict: a merge kept both sides' lines here (ours, then theirs after "
                + "'======='); keep what is right and delete the three mark lines [merge-conflict]\n")
    }

    @Test func resolveAfterAMergeWithoutTheDriverUsesTheBaseGitHolds() throws {
        let (git, vault) = try repository(driver: false)
        // Keys changed on one side each, on neighbouring lines: git's own merge makes one conflict of them.
        try vault.write("people/ada.md", Self.ada.replacingOccurrences(of: "+44 20 7946 0018", with: "+1 555 0100")
            .replacingOccurrences(of: "## Interactions\n\n", with: "## Interactions\n\n- 2026-11-20 call: Main.\n"))
        try git.commit("main")
        try git.run("checkout", "-q", "laptop")
        try vault.write("people/ada.md", Self.ada.replacingOccurrences(of: "ada@example.org", with: "ada@lovelace.example")
            .replacingOccurrences(of: "## Interactions\n\n", with: "## Interactions\n\n- 2026-11-21 call: Laptop.\n"))
        try git.commit("laptop")
        let merge = try git.run("merge", "main", "-m", "merge")
        #expect(merge.status == 1)
        #expect(vault.read("people/ada.md").contains("<<<<<<< HEAD\n"))
        #expect(try vault.crm("check").stdout.contains("error: git conflict marker: the file was merged without the crm merge driver"))
        let resolve = try vault.crm("resolve")
        #expect(resolve.status == 0, "\(resolve.stdout)\(resolve.stderr)")
        #expect(resolve.stdout == "merged the git conflict in people/ada.md: 1 entry added\n")
        #expect(vault.read("people/ada.md") == """
        ---
        name: Ada Lovelace
        phone: "+1 555 0100"
        email: ada@lovelace.example
        tags: [friends]
        ---

        Met through the Analytical Society.
        Prefers letters to phone calls.
        Lives in Marylebone.

        ## Interactions

        - 2026-11-21 call: Laptop.
        - 2026-11-20 call: Main.
        - 2026-11-02 call: Talked about the engine.
        - 2026-10-01 visit: Tea.
        - 2026-09-01 email: Sent the notes.

        """)
        #expect(try vault.crm("check").status == 0)
    }

    /// Ada with an entry whose note has a typo, on `main` and `laptop`; `main` then fixes the
    /// typo and `laptop` logs a new entry.
    func anEditAndAnAddition(driver: Bool) throws -> (GitRepository, TemporaryVault) {
        let (git, vault) = try repository(driver: driver)
        let typo = Self.ada.replacingOccurrences(of: "## Interactions\n\n", with: "## Interactions\n\n- 2026-11-20 visit: Luch at the cafe\n")
        try vault.write("people/ada.md", typo)
        try git.commit("typo")
        try git.run("branch", "-f", "laptop")
        try vault.write("people/ada.md", typo.replacingOccurrences(of: "Luch", with: "Lunch"))
        try git.commit("main: typo fixed")
        try git.run("checkout", "-q", "laptop")
        try vault.write("people/ada.md", typo.replacingOccurrences(of: "## Interactions\n\n", with: "## Interactions\n\n- 2026-11-25 call: Laptop.\n"))
        try git.commit("laptop: an entry")
        return (git, vault)
    }

    static let editAndAddition = """
        ## Interactions

        - 2026-11-25 call: Laptop.
        - 2026-11-20 visit: Lunch at the cafe
        - 2026-11-02 call: Talked about the engine.
        """

    @Test func anEntryEditedOnOneBranchAndOneAddedOnTheOtherMergeCleanly() throws {
        let (git, vault) = try anEditAndAnAddition(driver: true)
        let merge = try git.run("merge", "-q", "main", "-m", "merge")
        #expect(merge.status == 0, "\(merge.output)")
        #expect(vault.read("people/ada.md").contains(Self.editAndAddition))
        #expect(!vault.read("people/ada.md").contains("Luch "))
    }

    @Test func resolveMergesAnEditAndAnAdditionCleanlyWithTheBaseGitHolds() throws {
        let (git, vault) = try anEditAndAnAddition(driver: false)
        let merge = try git.run("merge", "main", "-m", "merge")
        #expect(merge.status == 1, "git's own merge makes one conflict of the neighbouring lines")
        #expect(vault.read("people/ada.md").contains("<<<<<<< HEAD\n"))
        let resolve = try vault.crm("resolve")
        #expect(resolve.status == 0, "\(resolve.stdout)\(resolve.stderr)")
        #expect(resolve.stdout == "merged the git conflict in people/ada.md: 1 entry added\n")
        #expect(vault.read("people/ada.md").contains(Self.editAndAddition))
        #expect(try vault.crm("check").status == 0)
    }

    @Test func aNoteWithAnUnclosedFenceMergesWithoutMovingLinesBetweenSections() throws {
        let (git, vault) = try repository()
        let fenced = Self.ada.replacingOccurrences(of: "- 2026-10-01 visit: Tea.\n", with: "- 2026-10-01 visit: Tea.\n  ```\n  unclosed code\n")
            + "\n## Family\n\nMarried William King.\n"
        try vault.write("people/ada.md", fenced)
        try git.commit("fence")
        try git.run("checkout", "-q", "laptop")
        try git.run("merge", "-q", "main")
        #expect(try vault.crm("log", "ada", "After", "the", "fence", "--date", "2026-11-20").status == 0)
        try git.commit("laptop entry")
        try git.run("checkout", "-q", "main")
        try vault.write("people/ada.md", fenced.replacingOccurrences(of: "Married William King.\n", with: "Married William King.\nThree children.\n"))
        try git.commit("main family")
        let merge = try git.run("merge", "-q", "laptop", "-m", "merge")
        #expect(merge.status == 0, "\(merge.output)")
        #expect(vault.read("people/ada.md").hasSuffix("""
            ## Interactions

            - 2026-11-20 call: After the fence
            - 2026-11-02 call: Talked about the engine.
            - 2026-10-01 visit: Tea.
              ```
              unclosed code
            - 2026-09-01 email: Sent the notes.

            ## Family

            Married William King.
            Three children.

            """))
    }

    @Test func installSetsTheDriverInThisClone() throws {
        let (git, vault) = try repository()
        try git.run("config", "--unset", "merge.crm.driver")
        let result = try CRM.run(["merge-driver", "--install"], in: vault.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("git config merge.crm.driver \"\(CRM.binary.path) merge-driver %O %A %B %P\""))
        #expect(try git.run("config", "merge.crm.driver").output == "\(CRM.binary.path) merge-driver %O %A %B %P\n")
        #expect(vault.read(".gitattributes").contains("people/**/*.md merge=crm"))
    }

    /// `crm merge-driver --install` and `crm sync` install the driver the same way, and say the
    /// same when git cannot set it (here another git holds the lock of the clone's config).
    @Test func installAndSyncSayTheSameWhenGitCannotSetTheDriver() throws {
        let (_, vault) = try repository(driver: false)
        try vault.write(".git/config.lock", "")
        let install = try CRM.run(["merge-driver", "--install"], in: vault.url)
        let sync = try CRM.run(["sync"], in: vault.url)
        #expect(install.status == 1 && sync.status == 1)
        #expect(install.stdout.isEmpty && sync.stdout.isEmpty)
        #expect(install.stderr.hasPrefix("crm: error: cannot set up the merge driver: git config failed: "
                                         + "error: could not lock config file"), "\(install.stderr)")
        #expect(sync.stderr == install.stderr)
    }
}

/// A git repository in a folder; commands run with a fixed identity and no global config.
struct GitRepository {
    let url: URL

    init(_ url: URL) { self.url = url }

    static let gitIsInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/git")

    @discardableResult
    func run(_ arguments: String...) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = arguments
        process.currentDirectoryURL = url
        var env = ProcessInfo.processInfo.environment
        env["GIT_CONFIG_GLOBAL"] = "/dev/null"
        env["GIT_CONFIG_NOSYSTEM"] = "1"
        env["CRM_TODAY"] = "2026-11-29"
        process.environment = env
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func commit(_ message: String) throws {
        try run("add", "-A")
        let result = try run("commit", "-q", "-m", message)
        precondition(result.status == 0, result.output)
    }
}
