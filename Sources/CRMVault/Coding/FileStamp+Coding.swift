import CRMFormat

/// How the facts cache stores a file's stamp: its six fields as 8-byte little-endian integers, in
/// declaration order, so that checking 100,000 stamps decodes no variable-length integer.
extension FileStamp {
    func encode(to w: inout ByteWriter) {
        w.fixed64(device)
        w.fixed64(inode)
        w.fixed64(UInt64(bitPattern: size))
        w.fixed64(UInt64(bitPattern: modified))
        w.fixed64(UInt64(bitPattern: changed))
        w.fixed64(UInt64(mode))
    }

    init(from r: inout ByteReader) throws(ByteReader.Malformed) {
        self.init(device: try r.fixed64(), inode: try r.fixed64(), size: Int64(bitPattern: try r.fixed64()),
                  modified: Int64(bitPattern: try r.fixed64()), changed: Int64(bitPattern: try r.fixed64()),
                  mode: UInt32(truncatingIfNeeded: try r.fixed64()))
    }
}
