#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CRMKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

exit(CLI.run(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
             currentDirectory: FileManager.default.currentDirectoryPath))
