import Foundation
import SkillscopeSQLite
import SkillscopeStore
import SkillscopeTesting
import Testing

/// `skillscope reviews list|hide|show` on a registry whose reviews were reported.
@Suite struct ReviewsCommandTests {
    @Test func anOperatorListsReportedReviewsHidesOneAndShowsOneAgain() throws {
        let directory = TemporaryDirectory()
        let db = directory.appending("r.sqlite")
        #expect(try BinaryRunner.run(["ingest", Paths.examples, "--db", db]).status == 0)
        #expect(try BinaryRunner.run(["reviews", "list", "--db", db]).stdout.contains("no reported or hidden reviews"))
        var ids: [Int64] = []
        do {
            let store = try SQLiteStore(path: db)
            let first = try #require(try store.fileKeys().first)
            let file = try #require(try store.file(.id(first.id)))
            let lena = try store.account(login: "lena", at: "2026-12-04T00:00:00.000Z")
            let token = try store.createToken(name: "ci", secretSHA256: "ab", at: "2026-12-04T00:00:00.000Z")
            for (tokenID, text) in [(lena.personTokenID, "a settings screen"), (token, "buy cheap watches")] {
                if case .created(let id) = try store.writeReview(
                    ReviewRecord(
                        fileID: file.id, fileSHA256: file.sha256, tokenID: tokenID, outcome: .worked, usedFor: text,
                        reviewer: tokenID == token ? "ci" : "@lena", at: ReviewSubmission.now()), perMinute: 10)
                {
                    ids.append(id)
                }
            }
            try #require(ids.count == 2)
            for reporter in ["account:7", "address:10.0.0.1", "address:10.0.0.2"] {
                _ = try store.reportReview(id: ids[1], reporter: reporter, at: ReviewSubmission.now(), hideAfter: 3)
            }
            _ = try store.reportReview(id: ids[0], reporter: "account:7", at: ReviewSubmission.now(), hideAfter: 3)
        }
        let listed = try BinaryRunner.run(["reviews", "list", "--db", db])
        #expect(listed.status == 0)
        let lines = listed.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(
            lines.contains { $0.hasPrefix("\(ids[1])\thidden by reports\t3 reports") && $0.contains("cheap watches") })
        #expect(lines.contains { $0.hasPrefix("\(ids[0])\tshown\t1 report\t") && $0.contains("@lena") })
        let hidden = try BinaryRunner.run(["reviews", "list", "--hidden", "--json", "--db", db])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(hidden.stdout.utf8)) as? [[String: Any]])
        #expect(json.map { $0["id"] as? Int } == [Int(ids[1])] && json.first?["hiddenBy"] as? String == "reports")

        #expect(try BinaryRunner.run(["reviews", "show", String(ids[1]), "--db", db]).status == 0)
        #expect(try BinaryRunner.run(["reviews", "hide", String(ids[0]), "--db", db]).status == 0)
        let store = try SQLiteStore(path: db)
        let first = try #require(try store.fileKeys().first)
        #expect(try store.reviews(ofFile: first.id).map(\.id) == [ids[1]])
        let after = try BinaryRunner.run(["reviews", "list", "--db", db]).stdout
        #expect(after.contains("\(ids[1])\tshown by an operator") && after.contains("\(ids[0])\thidden by operator"))

        let missing = try BinaryRunner.run(["reviews", "hide", "999999", "--db", db])
        #expect(missing.status == 65 && missing.stderr.contains("no review 999999"))
        #expect(try BinaryRunner.run(["reviews", "hide", "x", "--db", db]).status == 64)
        #expect(try BinaryRunner.run(["reviews", "purge", "--db", db]).status == 64)
    }
}
