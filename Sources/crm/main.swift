import CRMKit
import Foundation

exit(CLI.run(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
             currentDirectory: FileManager.default.currentDirectoryPath))
