internal import FileSystem
public import Foundation

extension Pipe {
    /// Everything the other end writes until it closes, read again whenever a signal interrupts a read.
    ///
    /// `FileHandle.readDataToEndOfFile()` traps on an interrupted read, and tests start children (git, the
    /// skillscope binary, servers) whose exits send the process signals while other tests read their pipes.
    public func readAll() -> Data {
        Data(FileSystem.readToEnd(fileHandleForReading.fileDescriptor) ?? [])
    }
}
