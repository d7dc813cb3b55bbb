internal import CArchive

/// Reads files out of a ZIP archive (a Python wheel, say) on disk through libarchive.
public enum ZipReader {
    public typealias Entry = ZipWriter.Entry
    public typealias Failure = ZipWriter.Failure

    /// The regular files of the archive at `path` whose path `include` accepts, in archive order.
    ///
    /// - Throws: ``ZipWriter/Failure`` with libarchive's message when the file is missing or not a ZIP archive.
    public static func entries(atPath path: String, where include: (String) -> Bool) throws(Failure) -> [Entry] {
        guard let archive = archive_read_new() else { throw Failure(description: "libarchive could not start") }
        defer { archive_read_free(archive) }
        func check(_ status: Int32, _ step: String) throws(Failure) { try Failure.check(archive, status, step) }
        try check(archive_read_support_format_zip(archive), "zip format")
        try check(archive_read_open_filename(archive, path, 1 << 16), "open \(path)")
        var entries: [Entry] = []
        var header: OpaquePointer?
        while true {
            let status = archive_read_next_header(archive, &header)
            if status == ARCHIVE_EOF { break }
            try check(status, "read \(path)")
            guard let header else { break }
            let name = (archive_entry_pathname_utf8(header) ?? archive_entry_pathname(header)).map {
                String(cString: $0)
            }
            guard let name, archive_entry_filetype(header) == carchive_ifreg, include(name) else {
                try check(archive_read_data_skip(archive), "skip in \(path)")
                continue
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(max(Int(archive_entry_size(header)), 0))
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let read = chunk.withUnsafeMutableBytes { archive_read_data(archive, $0.baseAddress, $0.count) }
                if read == 0 { break }
                guard read > 0 else { try check(Int32(read), "read \(name) in \(path)"); break }
                bytes.append(contentsOf: chunk[0..<read])
            }
            entries.append(Entry(path: name, bytes: bytes, modified: archive_entry_mtime(header)))
        }
        return entries
    }
}
