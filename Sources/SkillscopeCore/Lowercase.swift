/// Lowercasing that is quick for text with a few non-ASCII characters.
///
/// `String.lowercased()` maps ASCII text by bytes, but once a single non-ASCII character appears it makes a string
/// of every scalar's lowercase mapping and appends it. A 255-character line with one em dash took 12.2 µs against
/// 0.41 µs without it. Here ASCII scalars are mapped as bytes, and only the others that change when lowercased take
/// their `lowercaseMapping`, the mapping `lowercased()` applies to each scalar. The result is the same string; a
/// test compares the two on every scalar.
public enum Lowercase {
    /// `text.lowercased()`, computed faster.
    public static func of(_ text: some StringProtocol) -> String {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 >= 0x80 }) else { return text.lowercased() }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                let byte = UInt8(truncatingIfNeeded: value)
                bytes.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            } else if scalar.properties.changesWhenLowercased {
                bytes.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
            } else {
                bytes.append(contentsOf: scalar.utf8)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
