internal import Foundation
internal import Postgres
public import SkillscopeStore

extension PostgresStore {
    public func createToken(name: String, secretSHA256: String, at createdAt: String) throws -> Int64 {
        try writing { connection in
            try connection.queryOne(
                "INSERT INTO tokens (name, secret_sha256, created_at) VALUES ($1, $2, $3) RETURNING id",
                [name, secretSHA256, createdAt])?.int64(0) ?? 0
        }
    }

    public func token(secretSHA256: String) throws -> TokenRecord? {
        try reading { connection in
            try connection.queryOne(
                "SELECT id, name, created_at FROM tokens WHERE secret_sha256 = $1", [secretSHA256]
            ).map { TokenRecord(id: $0.int64(0) ?? 0, name: $0.string(1) ?? "", createdAt: $0.string(2) ?? "") }
        }
    }

    /// Writes run one at a time (the registry's advisory lock, see ``PostgresStore``), so the count and the write
    /// see the same log: two servers cannot both let a token's 61st review through.
    public func writeReview(_ review: ReviewRecord, perMinute: Int) throws -> ReviewWrite {
        let windowStart = ReviewRecord.minuteBefore(review.at)
        return try writing { connection in
            let recent =
                try connection.queryOne(
                    "SELECT count(*) FROM review_log WHERE token_id = $1 AND at > $2", [review.tokenID, windowStart]
                )?.int(0) ?? 0
            guard recent < perMinute else { return .rateLimited }
            _ = try connection.query(
                "INSERT INTO review_log (token_id, at) VALUES ($1, $2)", [review.tokenID, review.at])
            _ = try connection.query("DELETE FROM review_log WHERE at <= $1", [ReviewRecord.minuteBefore(windowStart)])
            if let existing = try connection.queryOne(
                "SELECT id FROM reviews WHERE file_id = $1 AND file_sha256 = $2 AND token_id = $3",
                [review.fileID, review.fileSHA256, review.tokenID])?.int64(0)
            {
                _ = try connection.query(
                    """
                    UPDATE reviews SET outcome = $1, used_for = $2, reviewer = $3, at = $4, cost_usd = $5::double precision,
                        latency_ms = $6::integer
                    WHERE id = $7
                    """,
                    [
                        review.outcome.rawValue, review.usedFor, review.reviewer, review.at, review.costUSD,
                        review.latencyMs, existing,
                    ])
                return .replaced(existing)
            }
            let id =
                try connection.queryOne(
                    """
                    INSERT INTO reviews (file_id, file_sha256, token_id, outcome, used_for, reviewer, at, cost_usd, latency_ms)
                    VALUES ($1, $2, $3, $4, $5, $6, $7, $8::double precision, $9::integer) RETURNING id
                    """,
                    [
                        review.fileID, review.fileSHA256, review.tokenID, review.outcome.rawValue, review.usedFor,
                        review.reviewer, review.at, review.costUSD, review.latencyMs,
                    ])?.int64(0) ?? 0
            return .created(id)
        }
    }

    public func reviews(ofFile id: Int64) throws -> [StoredReview] {
        try reading { connection in
            try connection.query(
                """
                SELECT \(StoredReview.selectedColumns) FROM reviews WHERE file_id = $1
                ORDER BY at DESC, id DESC
                """, [id]
            ).map(StoredReview.init(reading:))
        }
    }

    public func reviewSummary(ofFile id: Int64) throws -> ReviewSummary {
        try reading { connection in
            ReviewSummary(
                reading: try connection.query(
                    "SELECT \(ReviewSummary.selectedColumns) FROM reviews WHERE file_id = $1", [id]))
        }
    }
}

extension PostgresStore {
    public func exportReviews() throws -> ReviewRows {
        try reading { connection in
            let tokens = try connection.query("SELECT id, name, secret_sha256, created_at FROM tokens ORDER BY id").map
            {
                ReviewRows.Token(
                    id: $0.int64(0) ?? 0, name: $0.string(1) ?? "", secretSHA256: $0.string(2) ?? "",
                    createdAt: $0.string(3) ?? "")
            }
            let reviews = try connection.query(
                "SELECT \(StoredReview.selectedColumns), token_id FROM reviews ORDER BY id"
            ).map { row in (review: StoredReview(reading: row), tokenID: row.int64(9) ?? 0) }
            return ReviewRows(tokens: tokens, reviews: reviews)
        }
    }

    /// Ids are kept; the identity sequences are moved past them so later inserts do not collide.
    public func importReviews(_ rows: ReviewRows) throws {
        guard !rows.tokens.isEmpty || !rows.reviews.isEmpty else { return }
        try writing { connection in
            for token in rows.tokens {
                _ = try connection.query(
                    "INSERT INTO tokens (id, name, secret_sha256, created_at) VALUES ($1, $2, $3, $4)",
                    [token.id, token.name, token.secretSHA256, token.createdAt])
            }
            for (review, tokenID) in rows.reviews {
                _ = try connection.query(
                    """
                    INSERT INTO reviews (id, file_id, file_sha256, token_id, outcome, used_for, reviewer, at, cost_usd,
                        latency_ms)
                    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::double precision, $10::integer)
                    """,
                    [
                        review.id, review.fileID, review.fileSHA256, tokenID, review.outcome.rawValue, review.usedFor,
                        review.reviewer, review.at, review.costUSD, review.latencyMs,
                    ])
            }
            for table in ["tokens", "reviews"] {
                _ = try connection.query(
                    "SELECT setval(pg_get_serial_sequence('\(table)', 'id'), coalesce((SELECT max(id) FROM \(table)), 0) + 1, false)"
                )
            }
        }
    }
}
