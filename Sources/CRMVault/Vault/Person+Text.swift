import CRMFormat

extension Person {
    /// The person file at `path` as it would read if it held `bytes` (an editor's unsaved
    /// text), read as the vault reads its files.
    package init(path: String, bytes: [UInt8], settings: PersonDocument.LogSettings) {
        self.init(id: Person.id(forPath: path), path: path, document: PersonDocument(bytes: bytes, path: path, settings: settings),
                  stamp: FileStamp(device: 0, inode: 0, size: 0, modified: 0, changed: 0, mode: 0))
    }
}
