import Foundation
import FoundationNetworking
import SkillscopeTesting
import Testing

/// The one report, three surfaces: `skillscope show --json`, `/api/v1/files/ID` and MCP `registry_read` answer
/// the same counts, bands, ratings and status for every file of a registry.
@Suite struct SurfacesAgreeTests {
    /// Sentences the seeded files are made of.
    static let sentences = [
        "Run the whole test suite before you push.", "Keep functions under forty lines.",
        "Write the commit subject in the imperative mood.", "Never commit secrets or tokens.",
        "Use `scripts/release.sh` to cut a release.", "Prefer composition over inheritance.",
        "Document every public function.", "Ask before deleting files outside the project.",
        "Log errors with their request id.", "Read `docs/architecture.md` before changing a module.",
        "Pin every dependency to an exact version.", "Review your own diff before asking for review.",
        "Name tests after the behaviour they check.", "Keep pull requests small and focused.",
        "Set `APP_ENV=test` when running the tests.", "Prefer early returns over nested conditions.",
    ]

    /// A registry of 24 repositories, 192 files: skills, their copies and edits elsewhere, CLAUDE.md, AGENTS.md
    /// and cursor rules, grouped (lexically) so that ratings carry every kind of evidence, the peers' estimate too.
    static func registry(in directory: TemporaryDirectory) throws -> String {
        var generator = SeededGenerator(seed: 26)
        func rules(_ count: Int) -> String {
            (0..<count).map { _ in "- " + sentences[Int(generator.next() % UInt64(sentences.count))] }
                .joined(separator: "\n")
        }
        var skills: [String: String] = [:]
        for index in 0..<12 {
            skills["skill-\(index)"] = """
                ---
                name: skill-\(index)
                description: Seeded skill number \(index). Use when the task needs it.
                ---
                # Skill \(index)

                \(rules(5 + index % 4))
                """
        }
        let owners = ["acme", "lena", "orbit", "kite", "moss", "pine", "reed", "vale"].flatMap {
            [$0, $0 + "-b", $0 + "-c"]
        }
        for (number, owner) in owners.enumerated() {
            let root = "\(owner)/"
            for index in 0..<12 where (index + number) % 3 == 0 {
                var text = skills["skill-\(index)"] ?? ""
                // Some repositories edit what they copied.
                if number % 2 == 1 { text += "\n- Edited in \(owner): check with the team first.\n" }
                try directory.write(root + "skills/skill-\(index)/SKILL.md", text)
            }
            try directory.write(root + "CLAUDE.md", "# \(owner)\n\n" + rules(6))
            try directory.write(root + "AGENTS.md", "# Agents\n\n" + rules(4))
            try directory.write(
                root + ".cursor/rules/style.mdc", "---\ndescription: Style\nglobs: *.ts\n---\n" + rules(3))
            try directory.write(root + "scripts/release.sh", "#!/bin/sh\necho release\n")
            // A file of its own words with one common rule: no other file is a version of it, so how common that
            // rule is comes from the files most like it (the peers' estimate).
            let words = (0..<60).map { _ in String(UnicodeScalar(UInt8(97 + generator.next() % 26))) }
            let own = (0..<8).map { sentence in
                "- Check the "
                    + (0..<8).map { word in
                        owner + words[(sentence * 8 + word) % words.count] + "\(sentence)\(word)"
                    }.joined(separator: " ") + " today."
            }
            try directory.write(
                root + "GEMINI.md",
                "# Gemini\n\n- Run the whole test suite before you push.\n" + own.joined(separator: "\n"))
        }
        let database = directory.appending("r.sqlite")
        for owner in owners {
            let run = try BinaryRunner.run([
                "ingest", directory.appending(owner), "--repository", "\(owner)/work", "--db", database,
            ])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let group = try BinaryRunner.run(["group", "--db", database, "--embedder", "lexical"])
        #expect(group.status == 0, "\(group.stderr)")
        return database
    }

    func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// What must agree: status, rule count, each rule's line and rating, the rating counts, the bands with their
    /// totals, other projects, the quality score and the review count.
    func essentials(_ report: [String: Any]) -> String {
        let file = report["file"] as? [String: Any] ?? [:]
        let rules = (report["rules"] as? [[String: Any]] ?? []).map {
            "\($0["line"] as? Int ?? -1):\($0["rating"] as? String ?? "?"):\($0["evidence"] as? String ?? "?")"
        }
        let ratings = report["ratings"] as? [String: Any] ?? [:]
        let counts = ratings["counts"] as? [String: Int] ?? [:]
        let versions = report["versions"] as? [String: Any] ?? [:]
        let bands = (versions["bands"] as? [[String: Any]] ?? []).map {
            "\($0["band"] as? String ?? "?")=\($0["total"] as? Int ?? -1)"
        }
        let quality = ((report["checks"] as? [String: Any])?["quality"] as? [String: Any])?["score"] as? Double
        let reviews = (report["reviews"] as? [String: Any])?["count"] as? Int
        return [
            "status=\(file["status"] as? String ?? "?")", "ruleCount=\(file["ruleCount"] as? Int ?? -1)",
            "rules=\(rules.joined(separator: ","))",
            "counts=\(counts["common"] ?? -1)/\(counts["distinctive"] ?? -1)/\(counts["verySpecific"] ?? -1)",
            "bands=\(bands.joined(separator: ","))", "other=\(versions["otherProjects"] as? Int ?? -1)",
            "quality=\(quality.map { String(format: "%.4f", $0) } ?? "?")", "reviews=\(reviews ?? -1)",
        ].joined(separator: " ")
    }

    @Test func showTheAPIAndRegistryReadAgreeOnFiftyFiles() async throws {
        let directory = TemporaryDirectory()
        let database = try Self.registry(in: directory)
        let server = try ServerProcess(["--db", database])
        defer { server.stop() }
        var compared = 0
        var sawVersions = false
        // Every kind of evidence a rating gives, seen at least once among the files compared.
        let evidenceKinds = ["kept by ", "≈ held by ", "a file of this repository", "held by only "]
        var sawEvidence: Set<String> = []
        for id in 1...56 {
            let show = try BinaryRunner.run(["show", String(id), "--db", database, "--json"])
            guard show.status == 0 else { continue }
            let cli = try object(Data(show.stdout.utf8))
            let (apiData, _) = try await URLSession.shared.data(
                from: try #require(URL(string: "\(server.url)api/v1/files/\(id)")))
            let api = try object(apiData)
            var request = URLRequest(url: try #require(URL(string: "\(server.url)mcp")))
            request.httpMethod = "POST"
            for (name, value) in [
                ("Content-Type", "application/json"), ("Accept", "application/json, text/event-stream"),
                ("MCP-Protocol-Version", "2026-07-28"), ("Mcp-Method", "tools/call"), ("Mcp-Name", "registry_read"),
            ] {
                request.setValue(value, forHTTPHeaderField: name)
            }
            request.httpBody = Data(
                """
                {"jsonrpc":"2.0","id":\(id),"method":"tools/call","params":{"name":"registry_read",\
                "arguments":{"id":\(id),"includeText":false},\
                "_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}
                """.utf8)
            let (mcpData, _) = try await URLSession.shared.data(for: request)
            let mcp = try #require(
                (try object(mcpData)["result"] as? [String: Any])?["structuredContent"] as? [String: Any])
            let expected = essentials(cli)
            #expect(essentials(api) == expected, "file \(id): the API disagrees with show")
            #expect(essentials(mcp) == expected, "file \(id): registry_read disagrees with show")
            if expected.range(of: #"(word-for-word|edited)=[1-9]"#, options: .regularExpression) != nil {
                sawVersions = true
            }
            for kind in evidenceKinds where expected.contains(kind) { sawEvidence.insert(kind) }
            compared += 1
        }
        #expect(compared >= 50)
        // The registry is built so that most skills have copies or edits elsewhere.
        #expect(sawVersions)
        #expect(sawEvidence == Set(evidenceKinds), "evidence seen: \(sawEvidence.sorted())")
    }
}
