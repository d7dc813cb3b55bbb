import Hashing
import Testing

@Suite struct SHA256Tests {
    @Test func knownVectors() {
        #expect(SHA256.hex(of: [UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(of: Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(of: Array("abc".utf8)[...]) == SHA256.hex(of: Array("abc".utf8)))
    }
}
