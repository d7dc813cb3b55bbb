internal import FoundationEssentials
internal import SQLite
public import SkillscopeStore

extension SQLiteStore {
    public func createToken(name: String, secretSHA256: String, at createdAt: String) throws -> Int64 {
        try writing { connection in
            try connection.run(
                "INSERT INTO tokens (name, secret_sha256, created_at) VALUES (?1, ?2, ?3)",
                [name, secretSHA256, createdAt])
            return connection.lastInsertRowID
        }
    }

    public func token(secretSHA256: String) throws -> TokenRecord? {
        try reading { connection in
            try connection.queryOne(
                "SELECT id, name, created_at FROM tokens WHERE secret_sha256 = ?1", [secretSHA256]
            ).map { TokenRecord(id: Int64($0.int(0) ?? 0), name: $0.string(1) ?? "", createdAt: $0.string(2) ?? "") }
        }
    }

    public func writeReview(_ review: ReviewRecord, perMinute: Int) throws -> ReviewWrite {
        let windowStart = ReviewRecord.minuteBefore(review.at)
        return try writing { connection in
            let recent =
                try connection.queryOne(
                    "SELECT count(*) FROM review_log WHERE token_id = ?1 AND at > ?2", [review.tokenID, windowStart]
                )?.int(0) ?? 0
            guard recent < perMinute else { return .rateLimited }
            try connection.run("INSERT INTO review_log (token_id, at) VALUES (?1, ?2)", [review.tokenID, review.at])
            try connection.run("DELETE FROM review_log WHERE at <= ?1", [ReviewRecord.minuteBefore(windowStart)])
            let existing = try connection.queryOne(
                "SELECT id FROM reviews WHERE file_id = ?1 AND file_sha256 = ?2 AND token_id = ?3",
                [review.fileID, review.fileSHA256, review.tokenID])?.int(0)
            if let existing {
                try connection.run(
                    """
                    UPDATE reviews SET outcome = ?1, used_for = ?2, reviewer = ?3, at = ?4, cost_usd = ?5, latency_ms = ?6
                    WHERE id = ?7
                    """,
                    [
                        review.outcome.rawValue, review.usedFor, review.reviewer, review.at, review.costUSD,
                        review.latencyMs, existing,
                    ])
                return .replaced(Int64(existing))
            }
            try connection.run(
                """
                INSERT INTO reviews (file_id, file_sha256, token_id, outcome, used_for, reviewer, at, cost_usd, latency_ms)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
                """,
                [
                    review.fileID, review.fileSHA256, review.tokenID, review.outcome.rawValue, review.usedFor,
                    review.reviewer, review.at, review.costUSD, review.latencyMs,
                ])
            return .created(connection.lastInsertRowID)
        }
    }

    public func reviews(ofFile id: Int64) throws -> [StoredReview] {
        try reading { connection in
            try connection.query(
                """
                SELECT \(StoredReview.selectedColumns) FROM reviews WHERE file_id = ?1
                ORDER BY at DESC, id DESC
                """, [id]
            ).map(StoredReview.init(reading:))
        }
    }

    public func reviewSummary(ofFile id: Int64) throws -> ReviewSummary {
        try reading { connection in
            ReviewSummary(
                reading: try connection.query(
                    "SELECT \(ReviewSummary.selectedColumns) FROM reviews WHERE file_id = ?1", [id]))
        }
    }
}

extension SQLiteStore {
    public func exportReviews() throws -> ReviewRows {
        try reading { connection in
            let tokens = try connection.query("SELECT id, name, secret_sha256, created_at FROM tokens ORDER BY id").map
            {
                ReviewRows.Token(
                    id: Int64($0.int(0) ?? 0), name: $0.string(1) ?? "", secretSHA256: $0.string(2) ?? "",
                    createdAt: $0.string(3) ?? "")
            }
            let reviews = try connection.query(
                "SELECT \(StoredReview.selectedColumns), token_id FROM reviews ORDER BY id"
            ).map { row in (review: StoredReview(reading: row), tokenID: row.int64(9) ?? 0) }
            return ReviewRows(tokens: tokens, reviews: reviews)
        }
    }

    public func importReviews(_ rows: ReviewRows) throws {
        guard !rows.tokens.isEmpty || !rows.reviews.isEmpty else { return }
        try writing { connection in
            for token in rows.tokens {
                try connection.run(
                    "INSERT INTO tokens (id, name, secret_sha256, created_at) VALUES (?1, ?2, ?3, ?4)",
                    [token.id, token.name, token.secretSHA256, token.createdAt])
            }
            for (review, tokenID) in rows.reviews {
                try connection.run(
                    """
                    INSERT INTO reviews (id, file_id, file_sha256, token_id, outcome, used_for, reviewer, at, cost_usd,
                        latency_ms)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
                    """,
                    [
                        review.id, review.fileID, review.fileSHA256, tokenID, review.outcome.rawValue, review.usedFor,
                        review.reviewer, review.at, review.costUSD, review.latencyMs,
                    ])
            }
        }
    }
}
