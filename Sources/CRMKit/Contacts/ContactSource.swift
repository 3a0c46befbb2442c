import CRMFormat
import CRMVault

/// A contacts source that cannot be read at all: missing, or not readable.
package struct ContactSourceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path that was asked for.
    package var path: String
    /// Why it cannot be read.
    package var reason: String

    /// `path: cannot read contacts: reason`.
    package var description: String { "\(path): cannot read contacts: \(reason)" }
}

extension ContactBook {
    /// Reads a `.vcf` file (one or many cards), a vdir folder of `.vcf` files, or a CSV export of
    /// Google Contacts, Outlook or LinkedIn (recognised by its header row, whatever its name; see
    /// `CSVAddressBook`). Only ever reads.
    ///
    /// In a folder, only files ending in `.vcf` are read (so `.tmp` files and metadata such as
    /// `displayname` are not), hidden files and folders are skipped, subfolders one level down
    /// (one per address book, as vdirsyncer keeps them) are read too, and files are taken in
    /// order of their path for a deterministic result. A file in the folder that cannot be read
    /// is an error diagnostic; a folder without `.vcf` files is a warning.
    ///
    /// - Throws: `ContactSourceError` when `path` does not exist or cannot be read at all, and for
    ///   a CSV in an encoding or a layout this tool does not read.
    package static func load(_ path: String) throws(ContactSourceError) -> ContactBook {
        guard FileSystem.exists(path) else {
            throw ContactSourceError(path: path, reason: "no such file or folder")
        }
        guard FileSystem.isDirectory(path) else {
            let bytes: [UInt8]
            do {
                bytes = try FileSystem.readFile(path).bytes
            } catch {
                throw ContactSourceError(path: path, reason: error.reason)
            }
            return try CSVAddressBook.read(bytes, path: path) ?? parse(bytes, path: path)
        }
        let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
        let names = vCardFiles(in: folder)
        var contacts: [Contact] = []
        var diagnostics: [Diagnostic] = []
        if names.isEmpty {
            diagnostics.append(Diagnostic(
                path: path, line: 1, severity: .warning, message: "no .vcf file in this folder"))
        }
        for name in names {
            let filePath = folder + "/" + name
            guard let bytes = try? FileSystem.readFile(filePath).bytes else {
                diagnostics.append(Diagnostic(
                    path: filePath, line: 1, severity: .error, message: "the file cannot be read"))
                continue
            }
            let read = VCardReader(path: filePath).read(bytes)
            contacts += read.contacts
            diagnostics += read.diagnostics
        }
        return ContactBook(checking: contacts, diagnostics: diagnostics)
    }

    /// The `.vcf` files in `folder` and, with `subfolders`, in its folders, as paths relative to
    /// it, sorted; hidden entries skipped.
    private static func vCardFiles(in folder: String, subfolders: Bool = true) -> [String] {
        var found: [String] = []
        for entry in FileSystem.list(folder) where !entry.name.hasPrefix(".") {
            if entry.isDirectory {
                if subfolders { found += vCardFiles(in: folder + "/" + entry.name, subfolders: false).map { entry.name + "/" + $0 } }
            } else if entry.name.lowercased().hasSuffix(".vcf") {
                found.append(entry.name)
            }
        }
        return found.sorted()
    }
}
