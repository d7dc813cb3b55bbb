import Dispatch
import Foundation
import SkillscopeStore
import Synchronization
import Testing

@Suite struct LineageTableCacheTests {
    /// Waits up to 10 s for `cache` to hold the table of `generation`.
    private func waitForTable(_ cache: LineageTableCache, generation: Int) -> LineageTable? {
        for _ in 0..<1000 {
            if let table = cache.heldOrBuilding(generation: generation, build: { LineageTable() }) { return table }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return nil
    }

    @Test func aTableNotHeldIsBuiltOnceInTheBackground() throws {
        let cache = LineageTableCache()
        let builds = Mutex(0)
        let release = DispatchSemaphore(value: 0)
        let build: @Sendable () throws -> LineageTable = {
            release.wait()
            builds.withLock { $0 += 1 }
            return LineageTable(records: [])
        }
        #expect(cache.heldOrBuilding(generation: 1, build: build) == nil)
        // Asked again while it is being built: no second build.
        #expect(cache.heldOrBuilding(generation: 1, build: build) == nil)
        release.signal()
        #expect(waitForTable(cache, generation: 1) != nil)
        #expect(builds.withLock { $0 } == 1)
        // The blocking call finds it held.
        _ = try cache.table(generation: 1) {
            Issue.record("built again"); return LineageTable()
        }
    }

    @Test func aBuildANewerGenerationOvertookIsSkipped() throws {
        let cache = LineageTableCache()
        let built = Mutex<[Int]>([])
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        func build(_ generation: Int) -> @Sendable () throws -> LineageTable {
            {
                if generation == 1 {
                    entered.signal()
                    release.wait()
                }
                built.withLock { $0.append(generation) }
                return LineageTable()
            }
        }
        #expect(cache.heldOrBuilding(generation: 1, build: build(1)) == nil)
        entered.wait()  // the first build holds the cache's lock
        #expect(cache.heldOrBuilding(generation: 2, build: build(2)) == nil)
        #expect(cache.heldOrBuilding(generation: 3, build: build(3)) == nil)
        release.signal()
        #expect(waitForTable(cache, generation: 3) != nil)
        #expect(built.withLock { $0 } == [1, 3])
    }
}
