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

Terminal.catchBrokenPipe()
let status = CLI.run(Array(CommandLine.arguments.dropFirst()),
                     environment: ProcessInfo.processInfo.environment,
                     currentDirectory: FileManager.default.currentDirectoryPath)
Vault.finishCacheWrites()   // a first run's cache is written while its listing is printed
exit(status)
