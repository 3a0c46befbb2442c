#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

let status = CLI.run(Array(CommandLine.arguments.dropFirst()),
                     environment: ProcessInfo.processInfo.environment,
                     currentDirectory: FileManager.default.currentDirectoryPath)
exit(status)
