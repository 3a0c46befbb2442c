/// How the facts cache stores a file's stamp: its six fields as integers, in declaration order.
extension FileStamp {
    func encode(to w: inout ByteWriter) {
        w.int(Int(bitPattern: UInt(device)))
        w.int(Int(bitPattern: UInt(inode)))
        w.int(Int(size))
        w.int(Int(modified))
        w.int(Int(changed))
        w.int(Int(mode))
    }

    init(from r: inout ByteReader) throws(ByteReader.Malformed) {
        self.init(device: UInt64(UInt(bitPattern: try r.int())), inode: UInt64(UInt(bitPattern: try r.int())),
                  size: Int64(try r.int()), modified: Int64(try r.int()), changed: Int64(try r.int()),
                  mode: UInt32(truncatingIfNeeded: try r.int()))
    }
}
