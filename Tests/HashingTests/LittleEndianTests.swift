import Hashing
import Testing

@Suite struct LittleEndianTests {
    @Test func valuesAreReadLowByteFirstFromAnyOffset() {
        let bytes: [UInt8] = [0xFF, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x10, 0x20, 0x30, 0x40, 0x50]
        #expect(LittleEndian.uint64s(bytes, from: 1, count: 1) == [0x0807_0605_0403_0201])
        #expect(LittleEndian.uint32s(bytes, from: 1, count: 3) == [0x0403_0201, 0x0807_0605, 0x4030_2010])
        #expect(LittleEndian.uint32s(bytes, from: 10, count: 1) == [0x5040_3020])
        #expect(LittleEndian.uint64s(bytes, from: 14, count: 0) == [])
    }

    @Test func aStoredListReadsBack() {
        let values: [UInt64] = (0..<1000).map { $0 &* 0x9E37_79B9_7F4A_7C15 }
        var bytes: [UInt8] = [7]
        for value in values { bytes += (0..<8).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        #expect(LittleEndian.uint64s(bytes, from: 1, count: values.count) == values)
    }
}
