import SkillscopeTesting
import Testing
import Xapian

@Suite struct XapianDatabaseTests {
    /// Words are letters and digits; `_`, `.` and apostrophes separate, marks stay with their letters, and words are
    /// lower-cased and stemmed.
    @Test func wordsAreSplitLikeTheQueryWords() {
        #expect(
            XapianDatabase.terms(of: "GITHUB_TOKEN node.js Running") == ["Zgithub", "Ztoken", "Znode", "Zjs", "Zrun"])
        #expect(XapianDatabase.terms(of: "don't café") == ["Zdon", "Zt", "Zcafé"])
        // A virama (a mark) keeps a Devanagari word whole; an emoji outside the BMP separates.
        #expect(XapianDatabase.terms(of: "हिन्दी😀ok") == ["Zहिन्दी", "Zok"])
        #expect(XapianDatabase.terms(of: String(repeating: "a", count: 65) + " b") == ["Zb"])
    }

    private func sample(_ database: XapianDatabase) throws {
        let texts: [(UInt32, String, String)] = [
            (1, "Write commit messages in the imperative mood", "skill"),
            (2, "Commit often; review every message", "agents"),
            (3, "SwiftUI observable state for views", "skill"),
            (7, "Testing commits and messages with care", "cursor"),
        ]
        for (id, text, kind) in texts {
            let document = XapianDocument()
            document.addWords(text)
            document.addBooleanTerm("XK" + kind)
            document.setValue(kind, slot: 0)
            document.setValue(id == 1 ? "git\u{1F}style" : "git", slot: 1)
            document.setNumber(Double(id * 10), slot: 2)
            try database.replace(id, with: document)
        }
        try database.commit()
    }

    @Test func searchesFiltersCountsAndSorts() throws {
        let database = try XapianDatabase(path: nil, writable: true)
        try sample(database)
        var query = XapianQuery(words: ["commit", "messages"])
        query.countedSlots = [0, 1]
        query.checkAtLeast = 100
        let results = try database.search(query)
        #expect(Set(results.matches.map(\.id)) == [1, 2, 7])
        #expect(results.lowerBound == 3 && results.upperBound == 3 && results.counted == 3)
        #expect(results.counts[0] == ["skill": 1, "agents": 1, "cursor": 1])
        #expect(results.counts[1] == ["git": 3, "style": 1])

        query.filter = [["XKskill", "XKcursor"]]
        #expect(Set(try database.search(query).matches.map(\.id)) == [1, 7])

        query.filter = []
        query.sortSlot = 2
        #expect(try database.search(query).matches.map(\.id) == [7, 2, 1])

        query.sortSlot = nil
        query.allWords = false
        query.words = ["swiftui", "imperative"]
        #expect(Set(try database.search(query).matches.map(\.id)) == [1, 3])
        query.allWords = true
        #expect(try database.search(query).matches.isEmpty)
    }

    /// A factor multiplies the weight of the best matches with its value, the default the rest, and they are
    /// ordered again.
    @Test func factorsMultiplyWeightsAndReorder() throws {
        let database = try XapianDatabase(path: nil, writable: true)
        try sample(database)
        let plain = try database.search(XapianQuery(words: ["commit"]))
        var query = XapianQuery(words: ["commit"])
        query.factors = ["skill": 3]
        query.factorSlot = 0
        query.defaultFactor = 0.5
        let scaled = try database.search(query)
        let before = Dictionary(uniqueKeysWithValues: plain.matches.map { ($0.id, $0.weight) })
        for match in scaled.matches {
            let expected = (before[match.id] ?? 0) * (match.id == 1 ? 3 : 0.5)
            #expect(abs(match.weight - expected) < 1e-9)
        }
        #expect(scaled.matches.first?.id == 1)
        #expect(scaled.matches.map(\.weight) == scaled.matches.map(\.weight).sorted(by: >))
        // A page past the first is cut from the same order.
        query.offset = 1
        query.limit = 1
        #expect(try database.search(query).matches.map(\.id) == [scaled.matches[1].id])
    }

    /// A reader sees what a writer committed after it reopens; the folder keeps it after both close.
    @Test func readersSeeCommitsAfterReopening() throws {
        let directory = TemporaryDirectory("xapian")
        let path = directory.appending("index")
        let writer = try XapianDatabase(path: path, writable: true)
        try writer.setMetadata("owner", "registry-1")
        try sample(writer)
        let reader = try XapianDatabase(path: path, writable: false)
        #expect(reader.documentCount == 4 && !reader.isWritable)
        try writer.delete(2)
        try writer.delete(99)
        try writer.commit()
        #expect(reader.documentCount == 4)
        try reader.reopen()
        #expect(reader.documentCount == 3)
        #expect(try reader.metadata("owner") == "registry-1" && reader.metadata("missing") == "")
        #expect(throws: XapianError.self) { try reader.delete(1) }
        // A second writer is refused while the first is open.
        #expect(throws: XapianError.self) { _ = try XapianDatabase(path: path, writable: true) }
    }

    @Test func aFolderThatIsNotADatabaseIsUnreadable() throws {
        let directory = TemporaryDirectory("xapian")
        try directory.write("index/iamglass", "not a database")
        do {
            _ = try XapianDatabase(path: directory.appending("index"), writable: false)
            Issue.record("opened a folder that is not a database")
        } catch {
            #expect(error.isUnreadable, "\(error)")
        }
        do {
            _ = try XapianDatabase(path: directory.appending("none"), writable: false)
            Issue.record("opened a missing folder")
        } catch {
            #expect(error.isUnreadable, "\(error)")
        }
    }

    @Test func snippetsShowWhereTheWordsAre() throws {
        let database = try XapianDatabase(path: nil, writable: true)
        try sample(database)
        let results = try database.search(XapianQuery(words: ["observable"]))
        let text = String(repeating: "Unrelated filler words here. ", count: 20) + "Use observable state in views."
        let snippet = results.snippet(of: text, bytes: 60)
        // Xapian starts the passage at a sentence and marks a cut only inside one.
        #expect(snippet == "Unrelated filler words here. Use observable state in views.")
    }
}
