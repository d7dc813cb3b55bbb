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
                SELECT id, file_id, file_sha256, outcome, used_for, reviewer, at, cost_usd, latency_ms FROM reviews
                WHERE file_id = ?1
                ORDER BY at DESC, id DESC
                """, [id]
            ).map { row in
                StoredReview(
                    id: Int64(row.int(0) ?? 0), fileID: Int64(row.int(1) ?? 0), fileSHA256: row.string(2) ?? "",
                    outcome: ReviewOutcome(rawValue: row.string(3) ?? "") ?? .failed, usedFor: row.string(4) ?? "",
                    reviewer: row.string(5) ?? "", at: row.string(6) ?? "", costUSD: row.double(7),
                    latencyMs: row.int(8))
            }
        }
    }

    public func reviewSummary(ofFile id: Int64) throws -> ReviewSummary {
        try reading { connection in
            var summary = ReviewSummary()
            for row in try connection.query(
                "SELECT outcome, count(*) FROM reviews WHERE file_id = ?1 GROUP BY outcome", [id])
            {
                let count = row.int(1) ?? 0
                summary.count += count
                switch ReviewOutcome(rawValue: row.string(0) ?? "") {
                case .worked?: summary.worked += count
                case .partly?: summary.partly += count
                case .failed?: summary.failed += count
                case nil: break
                }
            }
            summary.costUSDAverage = try connection.queryOne(
                "SELECT avg(cost_usd) FROM reviews WHERE file_id = ?1 AND cost_usd IS NOT NULL", [id])?.double(0)
            let latencies = try connection.query(
                "SELECT latency_ms FROM reviews WHERE file_id = ?1 AND latency_ms IS NOT NULL ORDER BY latency_ms", [id]
            ).compactMap { $0.int(0) }
            summary.latencyP50Ms = latencies.isEmpty ? nil : latencies[(latencies.count - 1) / 2]
            return summary
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
                """
                SELECT id, file_id, file_sha256, outcome, used_for, reviewer, at, token_id, cost_usd, latency_ms
                FROM reviews ORDER BY id
                """
            ).map { row in
                (
                    review: StoredReview(
                        id: Int64(row.int(0) ?? 0), fileID: Int64(row.int(1) ?? 0), fileSHA256: row.string(2) ?? "",
                        outcome: ReviewOutcome(rawValue: row.string(3) ?? "") ?? .failed, usedFor: row.string(4) ?? "",
                        reviewer: row.string(5) ?? "", at: row.string(6) ?? "", costUSD: row.double(8),
                        latencyMs: row.int(9)),
                    tokenID: Int64(row.int(7) ?? 0)
                )
            }
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
