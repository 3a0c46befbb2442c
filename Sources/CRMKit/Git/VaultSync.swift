import CRMFormat
import CRMVault

/// One step of `crm sync` and how it went.
package struct SyncStep: Sendable {
    package enum Outcome: String, Sendable {
        /// It did what it does (or found nothing to do).
        case done
        /// Not run, and nothing is wrong (not a git repository: only `resolve` runs).
        case skipped
        /// It left something for a person to look at (a `# conflict:` comment, files git could not merge).
        case conflicts
        /// It failed; the steps after it were not run.
        case failed
    }

    /// `merge driver`, `git pull`, `resolve`, `git commit` or `git push`.
    package var name: String
    package var outcome: Outcome
    /// What happened, in a sentence.
    package var message: String
}

/// What `crm sync` did, step by step.
package struct SyncReport: Sendable {
    package var steps: [SyncStep] = []
    /// What the `resolve` step merged.
    package var resolutions: [ConflictResolution] = []

    /// Whether a step failed or left conflicts.
    package var isClean: Bool { !steps.contains { $0.outcome == .failed || $0.outcome == .conflicts } }
}

extension Git {
    /// Sets `merge.crm.name` and `merge.crm.driver` (the driver's command line, `crm merge-driver
    /// %O %A %B %P`) in the git config of the clone git runs in: what `crm merge-driver --install`
    /// does, and `crm sync` when the clone has no driver yet.
    package func installMergeDriver(_ driver: String) throws(VaultError) {
        try check(["config", "merge.crm.name", "My Person CRM person files"], "cannot set up the merge driver")
        try check(["config", "merge.crm.driver", driver], "cannot set up the merge driver")
    }
}

extension Vault {
    /// Brings the vault up to date with its git remote and back: `git pull` (installing the
    /// `crm` merge driver first when this clone has none, so person files merge entry by entry),
    /// then `resolveConflicts` for whatever is left (sync-conflict copies, conflict markers),
    /// finishing git's merge when only person files were in conflict, then `git push`.
    /// In a vault that is not in a git work tree, only `resolveConflicts` runs. A branch with
    /// nothing to pull from or push to (no remote, no upstream branch, HEAD detached) fails the
    /// pull step, saying what is missing and how to set it up. A merge left with conflicts a crm
    /// merge wrote (`# conflict:` comments, conflict marks) is finished and pushed, and reported.
    ///
    /// `mergeDriver` is the driver's command line (`crm merge-driver %O %A %B %P`); `stamp` names
    /// conflict copies moved to the trash. Stops at the first step that fails; the report says why.
    package func sync(mergeDriver: String, stamp: String) throws -> SyncReport {
        var report = SyncReport()
        func step(_ name: String, _ outcome: SyncStep.Outcome, _ message: String) {
            report.steps.append(SyncStep(name: name, outcome: outcome, message: message))
        }
        let git = Git(directory: root)
        guard git.isWorkTree else {
            let why = git.isInstalled ? "not a git repository" : "git cannot be run (it is not installed, or not on PATH)"
            step("git pull", .skipped, why + "; conflict copies are resolved, nothing is pulled or pushed")
            report.resolutions = try resolveConflicts(dryRun: false, stamp: stamp)
            step("resolve", Self.outcome(of: report.resolutions), Self.summary(of: report.resolutions))
            return report
        }

        if try git.run(["config", "--get", "merge.crm.driver"]).succeeded {
            step("merge driver", .done, "already set up in this clone")
        } else {
            try git.installMergeDriver(mergeDriver)
            step("merge driver", .done, "installed: git config merge.crm.driver \"\(mergeDriver)\"")
        }

        let upstream = try git.run(["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{upstream}"])
        let remote = upstream.stdout.trimmingSpaces
        if !upstream.succeeded {
            // Nothing can be pulled or pushed: say what is missing and how to set it, as git does.
            step("git pull", .failed, try Self.missingUpstream(git))
            return report
        }
        if git.isMerging {
            step("git pull", .skipped, "a merge is already under way; finishing it")
        } else {
            let before = try git.run(["rev-parse", "-q", "--verify", "HEAD"]).stdout.trimmingSpaces
            let pull = try git.run(["pull", "--no-rebase", "--no-edit"])
            if pull.succeeded {
                let range = before.isEmpty ? "@{upstream}" : before + "..@{upstream}"
                let count = try git.run(["rev-list", "--count", range]).stdout.trimmingSpaces
                step("git pull", .done, count == "0" ? "already up to date with \(remote)"
                     : "\(count) new commit\(count == "1" ? "" : "s") from \(remote)")
            } else if git.isMerging {
                step("git pull", .conflicts, "merged \(remote); git left conflicts: \(try unmergedPaths(git).joined(separator: ", "))")
            } else {
                step("git pull", .failed, pull.said)
                return report
            }
        }

        report.resolutions = try resolveConflicts(dryRun: false, stamp: stamp)
        step("resolve", Self.outcome(of: report.resolutions), Self.summary(of: report.resolutions))

        if !git.isMerging, let commit = try commitChanges(command: "resolve") {
            // `git: commit`: what resolve merged goes out with this push.
            step("git commit", .done, "\(commit.message) (\(commit.hash))")
        }
        if git.isMerging {
            // Person files the driver or `resolve` merged hold no git markers now: they are
            // resolved, with whatever both sides changed differently kept as '# conflict:'
            // comments or between crm's conflict marks, which `check` reports until settled.
            var left: [String] = [], marked: [String] = []
            for path in try unmergedPaths(git) {
                let isPerson = path.hasPrefix("people/") && path.hasSuffix(".md")
                let bytes = (try? FileSystem.readFile(root + "/" + path).bytes) ?? []
                if isPerson, ConflictMarkers.markerLines(in: bytes).isEmpty || ConflictMarkers.hasOnlyMergeMarks(bytes) {
                    try git.check(["--literal-pathspecs", "add", "--", path], "cannot mark \(path) resolved")
                    marked.append(path)
                } else {
                    left.append(path)
                }
            }
            guard left.isEmpty else {
                step("git commit", .failed, "still in conflict: \(left.joined(separator: ", ")); "
                     + "fix them, 'git add' them and 'git commit', then run 'crm sync' again")
                return report
            }
            let commit = try git.run(["commit", "-q", "--no-edit"])
            guard commit.succeeded else {
                step("git commit", .failed, commit.said)
                return report
            }
            let hash = try git.run(["rev-parse", "--short", "HEAD"]).stdout.trimmingSpaces
            // The driver stopped git on the others because both sides changed something
            // differently. `resolve` merged the ones with git's markers.
            let resolved = Set(report.resolutions.filter { $0.kind == .markers && !$0.needsAttention }.map(\.path))
            let conflicted = marked.filter { !resolved.contains($0) }
            step("git commit", conflicted.isEmpty ? .done : .conflicts, "finished the merge (\(hash))" + (conflicted.isEmpty ? ""
                 : "; both sides changed \(conflicted.joined(separator: ", ")) differently: both versions kept "
                    + "('# conflict:' comments, conflict marks), for you to choose ('crm check' lists them)"))
        }

        // Person files changed but not committed (no `git: commit`) stay on this machine: say so.
        let uncommitted = try git.check(["status", "--porcelain", "--untracked-files=all", "--", "people"], "cannot look at the work tree")
            .stdout.split(separator: "\n")
        let notPushed = uncommitted.isEmpty ? "" : "; not committed, so not pushed: \(uncommitted.count) person file\(uncommitted.count == 1 ? "" : "s") (commit them, or set 'git: commit' in .crm/config.yaml)"
        let ahead = try git.run(["rev-list", "--count", "@{upstream}..HEAD"]).stdout.trimmingSpaces
        guard ahead != "0" else {
            step("git push", .done, "nothing to push" + notPushed)
            return report
        }
        let push = try git.run(["push", "-q"])
        guard push.succeeded else {
            step("git push", .failed, push.said)
            return report
        }
        step("git push", .done, "\(ahead) commit\(ahead == "1" ? "" : "s") to \(remote)" + notPushed)
        return report
    }

    /// Why the current branch has nothing to pull from or push to, and what sets it up: HEAD
    /// not on a branch, no remote at all, or a branch with no upstream branch.
    private static func missingUpstream(_ git: Git) throws(VaultError) -> String {
        let nothing = "nothing was pulled or pushed"
        let branch = try git.run(["symbolic-ref", "-q", "--short", "HEAD"])
        guard branch.succeeded else {
            return "HEAD is detached (not on a branch), so there is no upstream branch; \(nothing). "
                + "'git switch BRANCH' goes back to a branch"
        }
        let name = branch.stdout.trimmingSpaces
        let remotes = try git.check(["remote"], "cannot list the remotes").stdout.split(whereSeparator: \.isNewline).map(String.init)
        guard let remote = remotes.contains("origin") ? "origin" : remotes.first else {
            return "this repository has no remote; \(nothing). Add one with 'git remote add origin URL', "
                + "then 'git push -u origin \(name)'"
        }
        return "the branch '\(name)' has no upstream branch; \(nothing). 'git push -u \(remote) \(name)' sets one "
            + "(or 'git branch --set-upstream-to=\(remote)/\(name)' when \(remote) has it already)"
    }

    /// Files git could not merge, relative to the vault root.
    private func unmergedPaths(_ git: Git) throws(VaultError) -> [String] {
        let output = try git.check(["diff", "--name-only", "--relative", "--diff-filter=U", "-z"], "cannot list conflicts")
        return Array(Set(output.stdout.split(separator: "\0").map(String.init))).sorted()
    }

    private static func outcome(of resolutions: [ConflictResolution]) -> SyncStep.Outcome {
        resolutions.contains(where: \.needsAttention) ? .conflicts : .done
    }

    private static func summary(of resolutions: [ConflictResolution]) -> String {
        guard !resolutions.isEmpty else { return "no conflicts to resolve" }
        return resolutions.map { r in
            var text = r.path + ": " + (r.kind == .skipped ? r.problem ?? "not merged" : "\(r.entriesAdded) entr\(r.entriesAdded == 1 ? "y" : "ies") added")
            if !r.conflictingKeys.isEmpty { text += ", \(r.conflictingKeys.joined(separator: ", ")) kept as '# conflict:' comments" }
            let marked = r.markedConflicts + r.conflictingEntries
            if marked > 0 { text += ", \(marked) place\(marked == 1 ? "" : "s") changed differently on both sides kept between conflict marks" }
            return text
        }.joined(separator: "; ")
    }
}
