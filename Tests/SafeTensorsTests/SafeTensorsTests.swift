import Foundation
import SafeTensors
import Testing

@Suite struct SafeTensorsTests {
    private func temporaryPath(_ name: String) -> String {
        NSTemporaryDirectory() + "safetensors-\(UUID().uuidString)-\(name)"
    }

    @Test func writtenTensorsReadBack() throws {
        let path = temporaryPath("ok.safetensors")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try SafeTensors.write(
            [
                .init(name: "a", shape: [2, 3], values: [1, 2, 3, 4, 5, 6]),
                .init(name: "b", shape: [1], values: [-0.5]),
            ],
            metadata: ["format": "pt"], to: path)
        let file = try SafeTensors(contentsOf: path)
        #expect(file.metadata == ["format": "pt"])
        #expect(file.tensors["a"]?.shape == [2, 3])
        #expect(try file.floats("a", shape: [2, 3]) == [1, 2, 3, 4, 5, 6])
        #expect(try file.floats("b") == [-0.5])
    }

    @Test func errorsNameTheFileAndTheTensor() throws {
        let path = temporaryPath("one.safetensors")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try SafeTensors.write([.init(name: "a", shape: [2], values: [1, 2])], to: path)
        let file = try SafeTensors(contentsOf: path)
        let missing = #expect(throws: SafeTensorsError.self) { try file.floats("nope") }
        #expect(missing?.code == .missingTensor && missing?.message.contains(path) == true)
        let shape = #expect(throws: SafeTensorsError.self) { try file.floats("a", shape: [3]) }
        #expect(shape?.code == .malformed && shape?.message.contains("a") == true)
        let absent = #expect(throws: SafeTensorsError.self) { try SafeTensors(contentsOf: path + ".absent") }
        #expect(absent?.code == .unreadable && absent?.message.contains(path + ".absent") == true)
    }

    @Test func aTruncatedOrGarbledFileIsMalformed() throws {
        let path = temporaryPath("bad.safetensors")
        defer { try? FileManager.default.removeItem(atPath: path) }
        for bytes: [UInt8] in [
            [1, 2, 3],  // shorter than the length field
            [200, 0, 0, 0, 0, 0, 0, 0, 0x7B, 0x7D],  // a header longer than the file
            [2, 0, 0, 0, 0, 0, 0, 0, 0x5B, 0x5D],  // a header that is not an object
            Array("\u{1E}\0\0\0\0\0\0\0{\"a\":{\"dtype\":\"F32\",\"shape\":[4],\"data_offsets\":[0,4]}}".utf8),
        ] {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let error = #expect(throws: SafeTensorsError.self) { try SafeTensors(contentsOf: path) }
            #expect(error?.code == .malformed)
        }
    }
}
