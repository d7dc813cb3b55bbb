internal import Foundation

extension SafeTensors {
    /// A tensor to write: its name, shape and row-major F32 values.
    public struct Entry: Sendable {
        public var name: String
        public var shape: [Int]
        public var values: [Float]
        public init(name: String, shape: [Int], values: [Float]) {
            precondition(shape.reduce(1, *) == values.count, "the shape does not match the values")
            (self.name, self.shape, self.values) = (name, shape, values)
        }
    }

    /// Writes `entries` as F32 tensors, with `metadata` as the header's `__metadata__`, to `path` atomically.
    ///
    /// - Throws: ``SafeTensorsError`` `.unreadable` when the file cannot be written.
    public static func write(
        _ entries: [Entry], metadata: [String: String] = [:], to path: String
    ) throws(SafeTensorsError) {
        var header: [String: Any] = [:]
        if !metadata.isEmpty { header["__metadata__"] = metadata }
        var offset = 0
        for entry in entries {
            header[entry.name] = [
                "dtype": "F32", "shape": entry.shape, "data_offsets": [offset, offset + entry.values.count * 4],
            ]
            offset += entry.values.count * 4
        }
        guard var json = try? JSONSerialization.data(withJSONObject: header, options: [.sortedKeys]) else {
            throw SafeTensorsError(.malformed, "cannot encode the header of \(path)")
        }
        while json.count % 8 != 0 { json.append(0x20) }  // pad with spaces so the data starts 8-aligned
        var file = Data(capacity: 8 + json.count + offset)
        withUnsafeBytes(of: UInt64(json.count).littleEndian) { file.append(contentsOf: $0) }
        file.append(json)
        for entry in entries {
            entry.values.withUnsafeBufferPointer { file.append($0) }
        }
        do {
            try file.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw SafeTensorsError(.unreadable, "cannot write \(path): \(error.localizedDescription)")
        }
    }
}
