import Foundation
import SkillscopeTesting
import Testing

/// Acceptance runs on ../shared/corpus; skipped when it is absent.
@Suite(.enabled(if: Paths.sharedCorpus != nil, "../shared/corpus is absent"))
struct SharedCorpusTests {
    @Test func everyCorpusFileIsIndexedOrReportedAndSwiftUISearchFindsSwiftUISkills() throws {
        let corpus = try #require(Paths.sharedCorpus)
        let manifestLines = try String(contentsOfFile: corpus + "/manifest.jsonl", encoding: .utf8)
            .split(separator: "\n").count
        let directory = TemporaryDirectory()
        let db = directory.appending("r.sqlite")
        let run = try BinaryRunner.run(["ingest", corpus, "--db", db, "--json"])
        #expect(run.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let indexed = report["indexed"] as? Int ?? 0
        let skipped = (report["skipped"] as? [[String: Any]])?.count ?? 0
        #expect(indexed + skipped == manifestLines)
        let search = try BinaryRunner.run(["search", "swiftui observable state", "--db", db, "--json", "--limit", "5"])
        let hits = try #require(
            (try JSONSerialization.jsonObject(with: Data(search.stdout.utf8)) as? [String: Any])?["hits"]
                as? [[String: Any]])
        #expect(hits.count == 5)
        for hit in hits.prefix(3) {
            #expect(hit["kind"] as? String == "skill")
            let text = ((hit["name"] as? String ?? "") + " " + (hit["description"] as? String ?? "")).lowercased()
            #expect(text.contains("swiftui"))
        }
    }
}
