import Foundation
import Testing

/// `crm sync` with real git: a bare remote and two clones in a temporary folder.
@Suite(.enabled(if: GitRepository.gitIsInstalled, "needs git"))
struct SyncCommandTests {
    /// A bare remote holding a vault with Ada, and two clones of it (`laptop`, `phone`), both
    /// with `git: commit` and neither with the merge driver set up yet.
    final class TwoClones {
        let folder: URL
        let laptop: TemporaryVaultFolder
        let phone: TemporaryVaultFolder

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("crm-sync-\(UUID().uuidString)")
            let remote = folder.appendingPathComponent("remote.git")
            try FileManager.default.createDirectory(at: remote, withIntermediateDirectories: true)
            try GitRepository(remote).run("init", "-q", "--bare", "-b", "main")
            let seed = folder.appendingPathComponent("seed")
            let seedGit = try GitRepository.make(seed)
            #expect(try CRM.run(["init", seed.path]).status == 0)
            let config = String(decoding: try Data(contentsOf: seed.appendingPathComponent(".crm/config.yaml")), as: UTF8.self)
            try Data((config + "git: commit\n").utf8).write(to: seed.appendingPathComponent(".crm/config.yaml"))
            try Data(SamplePerson.ada.utf8).write(to: seed.appendingPathComponent("people/ada-lovelace.md"))
            try seedGit.commit("start")
            try seedGit.run("push", "-q", remote.path, "main")
            laptop = TemporaryVaultFolder(try GitRepository.make(folder.appendingPathComponent("laptop"), cloning: remote))
            phone = TemporaryVaultFolder(try GitRepository.make(folder.appendingPathComponent("phone"), cloning: remote))
        }

        deinit { try? FileManager.default.removeItem(at: folder) }
    }

    /// One clone: a vault (`crm --vault CLONE`) and its git.
    final class TemporaryVaultFolder: TemporaryVault {
        let git: GitRepository
        init(_ git: GitRepository) {
            self.git = git
            super.init(adopting: git.url)
        }
    }

    @Test func twoClonesEditingOnePersonConverge() throws {
        let clones = try TwoClones()
        let (laptop, phone) = (clones.laptop, clones.phone)
        #expect(try laptop.crm("log", "ada", "From the laptop", "--date", "2026-11-20").status == 0)
        #expect(try laptop.crm("set", "ada", "email=ada@lovelace.example").status == 0)
        #expect(try phone.crm("log", "ada", "From the phone", "--type", "visit", "--date", "2026-11-25").status == 0)
        #expect(try phone.crm("add", "Bob Stone").status == 0)

        let first = try laptop.crm("sync")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == """
            merge driver: installed: git config merge.crm.driver "\(CRM.binary.path) merge-driver %O %A %B %P"
            git pull: already up to date with origin/main
            resolve: no conflicts to resolve
            git push: 2 commits to origin/main

            """)
        let second = try phone.crm("sync")
        #expect(second.status == 0, "\(second.stderr)")
        let lines = second.stdout.split(separator: "\n")
        #expect(lines.count == 4, "the merge driver merged Ada: git made the merge commit")
        #expect(lines[1] == "git pull: 2 new commits from origin/main")
        #expect(lines[2] == "resolve: no conflicts to resolve")
        #expect(lines[3] == "git push: 3 commits to origin/main")
        let third = try laptop.crm("sync")
        #expect(third.stdout.contains("git pull: 3 new commits from origin/main\n"))
        #expect(third.stdout.hasSuffix("git push: nothing to push\n"))

        #expect(laptop.read("people/ada-lovelace.md") == phone.read("people/ada-lovelace.md"))
        let ada = laptop.read("people/ada-lovelace.md")
        #expect(ada.contains("email: ada@lovelace.example\n"))
        #expect(ada.contains("## Interactions\n\n- 2026-11-25 visit: From the phone\n- 2026-11-20 call: From the laptop\n- 2026-11-02 call:"))
        #expect(laptop.read("people/bob-stone.md") == phone.read("people/bob-stone.md"))
        #expect(try laptop.git.output("rev-parse", "HEAD") == (try phone.git.output("rev-parse", "HEAD")))
        #expect(try laptop.git.output("status", "--porcelain").isEmpty)
        #expect(try phone.git.output("status", "--porcelain").isEmpty)
    }

    @Test func aKeyChangedOnBothSidesIsKeptAsAConflictCommentAndTheMergeFinished() throws {
        let clones = try TwoClones()
        let (laptop, phone) = (clones.laptop, clones.phone)
        try laptop.crm("set", "ada", "phone=+1 555 0101")
        try phone.crm("set", "ada", "phone=+1 555 0202")
        #expect(try laptop.crm("sync").status == 0)
        let result = try phone.crm("sync")
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines[1] == "git pull: merged origin/main; git left conflicts: people/ada-lovelace.md")
        #expect(lines[3].hasPrefix("git commit: finished the merge ("))
        #expect(lines[3].hasSuffix("); both sides changed people/ada-lovelace.md differently: both versions kept "
                                   + "('# conflict:' comments, conflict marks), for you to choose ('crm check' lists them)"))
        #expect(lines[4] == "git push: 2 commits to origin/main")
        #expect(phone.read("people/ada-lovelace.md").contains("phone: \"+1 555 0202\"\n# conflict: phone: \"+1 555 0101\" (from theirs)\n"))
        #expect(try laptop.crm("sync").status == 0)
        #expect(laptop.read("people/ada-lovelace.md") == phone.read("people/ada-lovelace.md"))
        #expect(try phone.git.output("status", "--porcelain").isEmpty)
    }

    @Test func aConflictCopyInAGitVaultIsMergedCommittedAndPushed() throws {
        let clones = try TwoClones()
        let (laptop, phone) = (clones.laptop, clones.phone)
        let copy = SamplePerson.ada.replacingOccurrences(of: "## Interactions\n\n", with: "## Interactions\n\n- 2026-11-20 call: Copy.\n")
        try Data(copy.utf8).write(to: URL(fileURLWithPath: laptop.path + "/people/ada-lovelace.sync-conflict-20261128-101500-ABCDEFG.md"))
        let result = try laptop.crm("sync")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines[2] == "resolve: people/ada-lovelace.md: 1 entry added")
        #expect(lines[3].hasPrefix("git commit: resolve: Ada Lovelace ("))
        #expect(lines[4] == "git push: 1 commit to origin/main")
        #expect(try phone.crm("sync").status == 0)
        #expect(phone.read("people/ada-lovelace.md").contains("- 2026-11-20 call: Copy.\n"))
        #expect(try laptop.git.output("status", "--porcelain").isEmpty)
    }

    @Test func withoutGitCommitUncommittedPeopleAreNamedAsNotPushed() throws {
        let clones = try TwoClones()
        let laptop = clones.laptop
        let config = laptop.read(".crm/config.yaml").replacingOccurrences(of: "git: commit\n", with: "")
        try Data(config.utf8).write(to: URL(fileURLWithPath: laptop.path + "/.crm/config.yaml"))
        try laptop.git.commit("no more commits")
        #expect(try laptop.crm("add", "Bob Stone").status == 0)
        let result = try laptop.crm("sync")
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("git push: 1 commit to origin/main; not committed, so not pushed: 1 person file "
            + "(commit them, or set 'git: commit' in .crm/config.yaml)\n"))
    }

    @Test func withoutGitItResolvesConflictCopiesOnly() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", SamplePerson.ada)
        try vault.write("people/ada.sync-conflict-20261128-101500-ABCDEFG.md",
                        SamplePerson.ada.replacingOccurrences(of: "## Interactions\n\n", with: "## Interactions\n\n- 2026-11-20 call: Copy.\n"))
        let result = try CRM.run(["--vault", vault.path, "sync"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            git pull: not a git repository; conflict copies are resolved, nothing is pulled or pushed
            resolve: people/ada.md: 1 entry added

            """)
        #expect(vault.read("people/ada.md").contains("- 2026-11-20 call: Copy.\n"))
        #expect(!vault.exists("people/ada.sync-conflict-20261128-101500-ABCDEFG.md"))
    }

    @Test func withoutGitItSaysGitCannotBeRunAndResolvesOnly() throws {
        let vault = try TemporaryVault()
        let empty = vault.url.appendingPathComponent("no-programs")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let result = try CRM.run(["--vault", vault.path, "sync"], environment: ["PATH": empty.path])
        #expect(result.status == 0)
        #expect(result.stdout == """
            git pull: git cannot be run (it is not installed, or not on PATH); conflict copies are resolved, nothing is pulled or pushed
            resolve: no conflicts to resolve

            """)
    }

    /// `crm sync --json` in `folder`: the status and each step's name, outcome and message.
    func sync(_ folder: String) throws -> (status: Int32, steps: [[String: String]]) {
        let result = try CRM.run(["--vault", folder, "sync", "--json"])
        let steps = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [[String: String]]
        return (result.status, steps)
    }

    @Test func withoutARemoteItSaysHowToAddOneAndFails() throws {
        let vault = try TemporaryVault()
        let git = try GitRepository.make(vault.url)
        try git.commit("start")
        let (status, steps) = try sync(vault.path)
        #expect(status == 1)
        #expect(steps.map { $0["step"]! } == ["merge driver", "git pull"])
        #expect(steps.map { $0["outcome"]! } == ["done", "failed"])
        #expect(steps[1]["message"] == "this repository has no remote; nothing was pulled or pushed. "
                + "Add one with 'git remote add origin URL', then 'git push -u origin main'")
    }

    @Test func aBranchWithoutAnUpstreamBranchSaysHowToSetOneAndFails() throws {
        let clones = try TwoClones()
        try clones.laptop.git.run("switch", "-q", "-c", "trip")
        let result = try clones.laptop.crm("sync")
        #expect(result.status == 1)
        #expect(result.stdout.hasSuffix("\ngit pull: the branch 'trip' has no upstream branch; nothing was pulled or pushed. "
                                        + "'git push -u origin trip' sets one (or 'git branch --set-upstream-to=origin/trip' "
                                        + "when origin has it already)\n"), "\(result.stdout)")
    }

    @Test func aDetachedHeadIsSaidToBeAndNothingIsPulledOrPushed() throws {
        let clones = try TwoClones()
        try clones.laptop.git.run("checkout", "-q", "--detach")
        let (status, steps) = try sync(clones.laptop.path)
        #expect(status == 1)
        #expect(steps.last?["message"] == "HEAD is detached (not on a branch), so there is no upstream branch; nothing was "
                + "pulled or pushed. 'git switch BRANCH' goes back to a branch")
    }

    @Test func withNothingToDoEachStepSaysSo() throws {
        let clones = try TwoClones()
        #expect(try clones.laptop.crm("sync").status == 0)
        let result = try clones.laptop.crm("sync")
        #expect(result.status == 0)
        #expect(result.stdout == """
            merge driver: already set up in this clone
            git pull: already up to date with origin/main
            resolve: no conflicts to resolve
            git push: nothing to push

            """)
    }

    /// Tahani with an open item, planned on the laptop and synced to both clones.
    func clonesWithAPlan() throws -> TwoClones {
        let clones = try TwoClones()
        #expect(try clones.laptop.crm("add", "Tahani Al-Jamil").status == 0)
        #expect(try clones.laptop.crm("plan", "tahani", "Dinner", "--type", "visit", "--date", "2026-11-25").status == 0)
        #expect(try clones.laptop.crm("sync").status == 0)
        #expect(try clones.phone.crm("sync").status == 0)
        return clones
    }

    @Test func anItemTickedOnTwoClonesOnDifferentDatesIsOneConflictNotTwoEntries() throws {
        let clones = try clonesWithAPlan()
        let (laptop, phone) = (clones.laptop, clones.phone)
        #expect(try laptop.crm("done", "tahani", "--date", "2026-11-27").status == 0)
        #expect(try phone.crm("done", "tahani", "--date", "2026-11-26").status == 0)
        #expect(try laptop.crm("sync").status == 0)
        let result = try phone.crm("sync")
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines[1] == "git pull: merged origin/main; git left conflicts: people/tahani-al-jamil.md")
        #expect(lines[3].hasPrefix("git commit: finished the merge ("))
        #expect(lines[4] == "git push: 2 commits to origin/main")
        #expect(phone.read("people/tahani-al-jamil.md").hasSuffix("""
            ## Interactions

            <<<<<<< ours (crm: both sides changed these lines; keep what is right and delete the marks)
            - [x] 2026-11-26 visit: Dinner
            =======
            - [x] 2026-11-27 visit: Dinner
            >>>>>>> theirs (crm)

            """))
        let check = try phone.crm("check")
        #expect(check.status == 1)
        #expect(check.stdout == "people/tahani-al-jamil.md:8:1: error: conflict: a merge kept both sides' lines here "
                + "(ours, then theirs after '======='); keep what is right and delete the three mark lines [merge-conflict]\n")
        #expect(try phone.git.output("status", "--porcelain").isEmpty)
        // The other clone gets the file with both versions, and is told too.
        let other = try laptop.crm("sync")
        #expect(other.status == 1)
        #expect(other.stdout.contains("\nresolve: people/tahani-al-jamil.md: a merge kept both sides' lines between conflict marks (line 8); "
                                      + "keep what is right and delete the marks ('crm check' lists them)\n"), "\(other.stdout)")
        #expect(laptop.read("people/tahani-al-jamil.md") == phone.read("people/tahani-al-jamil.md"))
    }

    @Test func anItemTickedTheSameOnTwoClonesIsOneEntryAndNoConflict() throws {
        let clones = try clonesWithAPlan()
        let (laptop, phone) = (clones.laptop, clones.phone)
        #expect(try laptop.crm("done", "tahani", "--date", "2026-11-27").status == 0)
        #expect(try phone.crm("done", "tahani", "--date", "2026-11-27").status == 0)
        #expect(try laptop.crm("sync").status == 0)
        let result = try phone.crm("sync")
        #expect(result.status == 0, "\(result.stdout)")
        #expect(phone.read("people/tahani-al-jamil.md").hasSuffix("## Interactions\n\n- [x] 2026-11-27 visit: Dinner\n"))
        #expect(try phone.crm("check").status == 0)
    }
}
