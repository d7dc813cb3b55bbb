#if canImport(Glibc)
    internal import Glibc
#endif

/// A whole file mapped read-only into memory: its pages come from the page cache, so every process that maps one
/// file shares one copy, and a page is read from disk only when touched.
///
/// The mapping stays valid while the value lives, even after the file is replaced or removed (the old inode is
/// kept until the last mapping goes).
public final class MappedFile: @unchecked Sendable {
    /// The file's bytes, valid only while this object lives.
    ///
    /// Hold the object (as a property of what reads the bytes) or read them in ``withBytes(_:)``. Read-only;
    /// never written while mapped (files are replaced, not rewritten).
    public let bytes: UnsafeRawBufferPointer

    /// Calls `body` with the file's bytes, the mapping kept alive until it returns.
    public func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(self) { try body(bytes) }
    }

    /// Maps the file at `path`; nil when it cannot be opened, is empty, or cannot be mapped.
    public init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0 else { return nil }
        let size = Int(status.st_size)
        guard let base = mmap(nil, size, PROT_READ, MAP_SHARED, descriptor, 0), base != MAP_FAILED else {
            return nil
        }
        bytes = UnsafeRawBufferPointer(start: base, count: size)
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }
}

/// A file written under a temporary name beside its final path and renamed into place on ``commit()``: readers
/// see the old file or the whole new one, never a part; dropped without a commit, the temporary file is removed.
public final class AtomicFileWriter {
    public let path: String
    private let temporaryPath: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []

    /// Opens a temporary file beside `path`, created with `mode`.
    /// - Throws: ``FileSystemError`` naming the path when it cannot be created; so do the other calls.
    public init(path: String, mode: UInt32 = 0o644) throws {
        self.path = path
        temporaryPath = path + ".tmp-\(getpid())"
        descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode_t(mode))
        guard descriptor >= 0 else { throw FileSystemError(path: temporaryPath, errno: errno) }
        buffer.reserveCapacity(Self.bufferBytes)
    }

    static let bufferBytes = 1 << 20

    /// Appends `bytes`.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        written += bytes.count
        if buffer.count + bytes.count > Self.bufferBytes { try flush() }
        if bytes.count >= Self.bufferBytes {
            try writeAll(bytes)
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    /// Appends the values' bytes as they lie in memory.
    public func write<T: BitwiseCopyable>(_ values: [T]) throws {
        try values.withUnsafeBytes { raw in try write(raw) }
    }

    /// Appends zero bytes up to the next multiple of `alignment`, counted from the file's start.
    public func pad(to alignment: Int) throws {
        let remainder = written % alignment
        if remainder != 0 { try write([UInt8](repeating: 0, count: alignment - remainder)) }
    }

    /// Bytes written so far.
    public private(set) var written = 0

    /// Flushes, syncs and renames the file into place.
    public func commit() throws {
        try flush()
        guard fsync(descriptor) == 0 else { throw FileSystemError(path: temporaryPath, errno: errno) }
        close(descriptor)
        descriptor = -1
        guard rename(temporaryPath, path) == 0 else {
            let code = errno
            unlink(temporaryPath)
            throw FileSystemError(path: path, errno: code)
        }
    }

    deinit {
        if descriptor >= 0 {
            close(descriptor)
            unlink(temporaryPath)
        }
    }

    private func flush() throws {
        let pending = buffer
        buffer.removeAll(keepingCapacity: true)
        try pending.withUnsafeBytes { raw in try writeAll(raw) }
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
        guard var base = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let count = Glibc.write(descriptor, base, left)
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(path: temporaryPath, errno: errno)
            }
            base += count
            left -= count
        }
    }
}

/// A file operation that failed: the path and the C library's reason.
public struct FileSystemError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    init(path: String, errno code: Int32) {
        self.path = path
        reason = String(cString: strerror(code))
    }

    public var description: String { "\(path): \(reason)" }
}

extension MappedFile {
    /// Reads a mapped file in order, every read checked against its end: what a file format's loader walks its
    /// header and sections with.
    public struct Reader {
        public let file: MappedFile
        public private(set) var position = 0

        public init(_ file: MappedFile) { self.file = file }

        public var isAtEnd: Bool { position == file.bytes.count }

        /// The next `count` bytes, or nil past the end.
        public mutating func take(_ count: Int) -> Slice<UnsafeRawBufferPointer>? {
            guard count >= 0, count <= file.bytes.count - position else { return nil }
            defer { position += count }
            return file.bytes[position..<position + count]
        }

        /// The next little-endian integer.
        public mutating func integer<T: FixedWidthInteger>(_: T.Type) -> T? {
            take(MemoryLayout<T>.size).map { T(littleEndian: $0.loadUnaligned(as: T.self)) }
        }

        /// Whether the next bytes are `expected`, read past them.
        public mutating func expect(_ expected: [UInt8]) -> Bool {
            take(expected.count)?.elementsEqual(expected) == true
        }

        /// Skips to the next multiple of `alignment` from the file's start; false past the end.
        public mutating func align(_ alignment: Int) -> Bool {
            let remainder = position % alignment
            return remainder == 0 || take(alignment - remainder) != nil
        }

        /// Skips `count` bytes and returns where they start, or nil past the end.
        public mutating func offset(forBytes count: Int) -> Int? {
            let start = position
            return take(count) == nil ? nil : start
        }
    }
}
