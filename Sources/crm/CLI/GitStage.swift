import Foundation

/// The common ancestor git keeps for a file whose merge it stopped (stage 1 of the index), read
/// with `git show :1:./PATH` in `directory`; nil outside a clone, without git, or when the file has
/// no such stage (it is not in a conflicted merge, or both sides added it).
func gitMergeBase(of path: String, in directory: String) -> [UInt8]? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", directory, "show", ":1:./" + path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? Array(data) : nil
}
