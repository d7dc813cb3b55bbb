internal import CArchive
internal import Foundation

/// Writes a ZIP archive in memory through libarchive: deflated entries, UTF-8 names flagged as such.
public enum ZipWriter {
    /// One file of an archive.
    public struct Entry: Sendable {
        public var path: String
        public var bytes: [UInt8]
        /// Seconds since 1970.
        public var modified: Int
        public init(path: String, bytes: [UInt8], modified: Int = 0) {
            self.path = path
            self.bytes = bytes
            self.modified = modified
        }
    }

    /// Why an archive could not be written, in libarchive's words.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String

        /// Throws libarchive's message for `archive`, after `step`, unless `status` is `ARCHIVE_OK`.
        static func check(_ archive: OpaquePointer, _ status: Int32, _ step: String) throws(Failure) {
            guard status == ARCHIVE_OK else {
                let message = archive_error_string(archive).map { String(cString: $0) } ?? "error \(status)"
                throw Failure(description: "\(step): \(message)")
            }
        }
    }

    /// The archive's bytes.
    public static func archive(_ entries: [Entry]) throws(Failure) -> [UInt8] {
        let sink = Sink()
        guard let archive = archive_write_new() else { throw Failure(description: "libarchive could not start") }
        defer { archive_write_free(archive) }
        func check(_ status: Int32, _ step: String) throws(Failure) { try Failure.check(archive, status, step) }
        try check(archive_write_set_format_zip(archive), "zip format")
        try check(archive_write_set_options(archive, "zip:compression=deflate,zip:hdrcharset=UTF-8"), "zip options")
        try check(archive_write_set_bytes_per_block(archive, 0), "block size")
        let context = Unmanaged.passRetained(sink)
        defer { context.release() }
        try check(archive_write_open2(archive, context.toOpaque(), nil, zipWrite, nil, nil), "open")
        for entry in entries {
            guard let header = archive_entry_new() else {
                throw Failure(description: "libarchive could not add \(entry.path)")
            }
            defer { archive_entry_free(header) }
            archive_entry_set_pathname_utf8(header, entry.path)
            archive_entry_set_size(header, Int64(entry.bytes.count))
            archive_entry_set_filetype(header, carchive_ifreg)
            archive_entry_set_perm(header, 0o644)
            archive_entry_set_mtime(header, entry.modified, 0)
            try check(archive_write_header(archive, header), "header of \(entry.path)")
            let written = entry.bytes.withUnsafeBytes { archive_write_data(archive, $0.baseAddress, $0.count) }
            guard written == entry.bytes.count else { throw Failure(description: "could not write \(entry.path)") }
        }
        try check(archive_write_close(archive), "close")
        return sink.bytes
    }
}

/// Collects what libarchive writes.
final class Sink {
    var bytes: [UInt8] = []
}

func zipWrite(
    _ archive: OpaquePointer?, _ context: UnsafeMutableRawPointer?, _ buffer: UnsafeRawPointer?, _ length: Int
) -> Int {
    guard let context, let buffer else { return -1 }
    let sink = Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue()
    sink.bytes.append(contentsOf: UnsafeRawBufferPointer(start: buffer, count: length))
    return length
}
