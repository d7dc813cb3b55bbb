internal import Foundation

// The data is little-endian, and is copied as it is.
#if _endian(big)
    #error("SafeTensors reads and writes little-endian data on little-endian machines only")
#endif

/// A safetensors file, memory-mapped: an 8-byte little-endian header length, a JSON header naming each tensor's
/// type, shape and byte range, then the raw little-endian data.
///
/// Only the header is parsed when the file is opened; ``floats(_:)`` copies one tensor out.
/// Related documentation: <https://huggingface.co/docs/safetensors/index>
public struct SafeTensors: Sendable {
    /// One tensor of the header.
    public struct Tensor: Sendable, Hashable {
        /// The element type as the header spells it (`F32`, `F16`, `I64`, …).
        public var type: String
        public var shape: [Int]
        /// The tensor's bytes, counted from the start of the data (after the header).
        public var byteRange: Range<Int>
        /// The number of elements: the product of `shape`.
        public var count: Int { shape.reduce(1, *) }
    }

    /// The file as it was opened, for messages.
    public let path: String
    /// Every tensor by name.
    public let tensors: [String: Tensor]
    /// The header's `__metadata__` strings.
    public let metadata: [String: String]
    private let bytes: Data
    private let dataStart: Int

    /// Opens and checks the file at `path`: its header must parse and every tensor's bytes must lie in the file.
    ///
    /// - Throws: ``SafeTensorsError`` `.unreadable` or `.malformed`, naming the file.
    public init(contentsOf path: String) throws(SafeTensorsError) {
        self.path = path
        do {
            bytes = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw SafeTensorsError(.unreadable, "cannot read \(path): \(error.localizedDescription)")
        }
        guard bytes.count >= 8 else { throw SafeTensorsError(.malformed, "\(path) is too short for safetensors") }
        let headerLength = bytes.prefix(8).reversed().reduce(0) { $0 << 8 | Int($1) }
        guard headerLength > 1, headerLength <= bytes.count - 8, headerLength < 100_000_000 else {
            throw SafeTensorsError(.malformed, "\(path): header length \(headerLength) does not fit the file")
        }
        dataStart = 8 + headerLength
        let header = try Self.parseHeader(bytes[8..<dataStart], path: path, dataCount: bytes.count - dataStart)
        (tensors, metadata) = header
    }

    private static func parseHeader(
        _ json: Data, path: String, dataCount: Int
    ) throws(SafeTensorsError) -> ([String: Tensor], [String: String]) {
        guard let object = try? JSONSerialization.jsonObject(with: json), let entries = object as? [String: Any]
        else { throw SafeTensorsError(.malformed, "\(path): the header is not a JSON object") }
        var tensors: [String: Tensor] = [:]
        var metadata: [String: String] = [:]
        for (name, value) in entries {
            if name == "__metadata__" {
                metadata = value as? [String: String] ?? [:]
                continue
            }
            guard let fields = value as? [String: Any], let type = fields["dtype"] as? String,
                let shape = fields["shape"] as? [Int], let offsets = fields["data_offsets"] as? [Int],
                offsets.count == 2, shape.allSatisfy({ $0 >= 0 }), 0 <= offsets[0], offsets[0] <= offsets[1],
                offsets[1] <= dataCount
            else { throw SafeTensorsError(.malformed, "\(path): bad header entry for tensor \(name)") }
            let tensor = Tensor(type: type, shape: shape, byteRange: offsets[0]..<offsets[1])
            if let size = elementSize[type], tensor.count * size != tensor.byteRange.count {
                throw SafeTensorsError(.malformed, "\(path): tensor \(name)'s shape does not match its bytes")
            }
            tensors[name] = tensor
        }
        return (tensors, metadata)
    }

    static let elementSize = ["F64": 8, "F32": 4, "F16": 2, "BF16": 2, "I64": 8, "I32": 4, "I16": 2, "I8": 1, "U8": 1]

    /// The values of the F32 tensor `name`, row-major.
    ///
    /// - Parameter shape: when given, the shape the tensor must have.
    /// - Throws: ``SafeTensorsError`` `.missingTensor`, `.unsupportedType` or `.malformed`, naming file and tensor.
    public func floats(_ name: String, shape: [Int]? = nil) throws(SafeTensorsError) -> [Float] {
        guard let tensor = tensors[name] else {
            throw SafeTensorsError(.missingTensor, "\(path) has no tensor \(name)")
        }
        guard tensor.type == "F32" else {
            throw SafeTensorsError(.unsupportedType, "\(path): tensor \(name) is \(tensor.type), not F32")
        }
        if let shape, shape != tensor.shape {
            throw SafeTensorsError(.malformed, "\(path): tensor \(name) has shape \(tensor.shape), not \(shape)")
        }
        let start = dataStart + tensor.byteRange.lowerBound
        return [Float](unsafeUninitializedCapacity: tensor.count) { buffer, initialized in
            bytes.withUnsafeBytes { raw in
                let source = UnsafeRawBufferPointer(rebasing: raw[start..<start + tensor.byteRange.count])
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: source)
            }
            initialized = tensor.count
        }
    }
}
