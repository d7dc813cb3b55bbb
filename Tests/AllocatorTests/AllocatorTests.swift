import Allocator
import Testing

@Suite struct AllocatorTests {
    @Test func jemallocIsLinkedAndAnswersMalloc() {
        let version = Allocator.version
        #expect(version?.hasPrefix("5.") == true, "jemalloc's version: \(version ?? "none")")
        #expect(Allocator.isInUse, "malloc is bound to jemalloc in a process that links the module")
        #expect(Allocator.description.hasPrefix("jemalloc 5."))
    }

    @Test func theArenaForLargeAllocationsKeepsFreedPagesOnceConfigured() {
        #expect(Allocator.configure())
        #expect(Allocator.oversizeDecay == Allocator.oversizeDecayMilliseconds)
    }
}
