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
                """
                SELECT \(TokenRecord.selectedColumns) FROM \(TokenRecord.joinedTables)
                WHERE t.secret_sha256 = ?1 AND t.revoked_at IS NULL AND t.kind <> 'person'
                """, [secretSHA256]
            ).map(TokenRecord.init(reading:))
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
                SELECT \(StoredReview.attributedColumns) FROM \(StoredReview.attributedTables) WHERE r.file_id = ?1 AND r.hidden_at IS NULL
                ORDER BY r.at DESC, r.id DESC
                """, [id]
            ).map(StoredReview.init(readingAttributed:))
        }
    }

    public func deleteReview(id: Int64, tokenID: Int64) throws -> Bool {
        try writing { connection in
            try connection.run(
                "DELETE FROM review_reports WHERE review_id = (SELECT id FROM reviews WHERE id = ?1 AND token_id = ?2)",
                [id, tokenID])
            try connection.run("DELETE FROM reviews WHERE id = ?1 AND token_id = ?2", [id, tokenID])
            return connection.changes > 0
        }
    }

    public func reportReview(id: Int64, reporter: String, at: String, hideAfter: Int) throws -> ReviewReport {
        try writing { connection in
            guard let review = try connection.queryOne("SELECT hidden_at, kept_at FROM reviews WHERE id = ?1", [id]),
                review.string(0) == nil
            else { return .notFound }
            guard
                try connection.queryOne(
                    "SELECT 1 FROM review_reports WHERE review_id = ?1 AND reporter = ?2", [id, reporter]) == nil
            else { return .alreadyReported }
            try connection.run(
                "INSERT INTO review_reports (review_id, reporter, at) VALUES (?1, ?2, ?3)", [id, reporter, at])
            let count =
                try connection.queryOne("SELECT count(*) FROM review_reports WHERE review_id = ?1", [id])?.int(0) ?? 0
            // An operator who showed it again has the last word.
            guard count >= hideAfter, review.string(1) == nil else { return .reported(count) }
            try connection.run("UPDATE reviews SET hidden_at = ?2, hidden_by = 'reports' WHERE id = ?1", [id, at])
            return .hidden
        }
    }

    public func moderatedReviews(hiddenOnly: Bool, limit: Int) throws -> [ModeratedReview] {
        try reading { connection in
            let which =
                hiddenOnly
                ? "r.hidden_at IS NOT NULL"
                : "(r.hidden_at IS NOT NULL OR EXISTS (SELECT 1 FROM review_reports x WHERE x.review_id = r.id))"
            return try connection.query(
                """
                SELECT \(StoredReview.attributedColumns),
                    (SELECT count(*) FROM review_reports x WHERE x.review_id = r.id)
                FROM \(StoredReview.attributedTables) WHERE \(which) ORDER BY r.at DESC, r.id DESC LIMIT ?1
                """, [limit]
            ).map { ModeratedReview(review: StoredReview(readingAttributed: $0), reports: $0.int(15) ?? 0) }
        }
    }

    public func setReviewHidden(id: Int64, hidden: Bool, at: String) throws -> Bool {
        try writing { connection in
            if hidden {
                try connection.run(
                    "UPDATE reviews SET hidden_at = ?2, hidden_by = 'operator', kept_at = NULL WHERE id = ?1", [id, at])
            } else {
                try connection.run(
                    "UPDATE reviews SET hidden_at = NULL, hidden_by = NULL, kept_at = ?2 WHERE id = ?1", [id, at])
            }
            return connection.changes > 0
        }
    }

    public func account(login: String, at createdAt: String) throws -> AccountRecord {
        try writing { connection in
            let key = login.lowercased()
            if let id = try connection.queryOne("SELECT id FROM accounts WHERE login_key = ?1", [key])?.int64(0) {
                // GitHub may have changed how the login is capitalised: keep its spelling.
                try connection.run("UPDATE accounts SET login = ?1 WHERE id = ?2 AND login <> ?1", [login, id])
            } else {
                try connection.run(
                    "INSERT INTO accounts (login, login_key, created_at) VALUES (?1, ?2, ?3)", [login, key, createdAt])
                let id = connection.lastInsertRowID
                try connection.run(
                    """
                    INSERT INTO tokens (name, secret_sha256, created_at, kind, account_id)
                    VALUES (?1, ?1, ?2, 'person', ?3)
                    """, [TokenRecord.personToken(accountID: id), createdAt, id])
            }
            guard
                let row = try connection.queryOne(
                    "SELECT \(AccountRecord.selectedColumns) FROM \(AccountRecord.joinedTables) WHERE a.login_key = ?1",
                    [key])
            else { throw StoreError(.corrupt, "the account of \(login) has no person token") }
            return AccountRecord(reading: row)
        }
    }

    public func createSession(accountID: Int64, secretSHA256: String, at createdAt: String, expiresAt: String) throws {
        try writing { connection in
            try connection.run(
                "INSERT INTO sessions (secret_sha256, account_id, created_at, expires_at) VALUES (?1, ?2, ?3, ?4)",
                [secretSHA256, accountID, createdAt, expiresAt])
        }
    }

    public func session(secretSHA256: String, at now: String) throws -> AccountRecord? {
        try reading { connection in
            try connection.queryOne(
                """
                SELECT \(AccountRecord.selectedColumns) FROM \(AccountRecord.joinedTables)
                    JOIN sessions s ON s.account_id = a.id
                WHERE s.secret_sha256 = ?1 AND s.expires_at > ?2
                """, [secretSHA256, now]
            ).map(AccountRecord.init(reading:))
        }
    }

    public func deleteSession(secretSHA256: String, at now: String) throws {
        try writing { connection in
            try connection.run(
                "DELETE FROM sessions WHERE secret_sha256 = ?1 OR expires_at <= ?2", [secretSHA256, now])
        }
    }

    public func createAgentToken(accountID: Int64, name: String, secretSHA256: String, at createdAt: String) throws
        -> Int64
    {
        try writing { connection in
            let stored = TokenRecord.agentTokenName(accountID: accountID, name: name)
            guard try connection.queryOne("SELECT 1 FROM tokens WHERE name = ?1", [stored]) == nil else {
                throw StoreError(.conflict, "you already have a token named \(name)")
            }
            try connection.run(
                """
                INSERT INTO tokens (name, secret_sha256, created_at, kind, account_id)
                VALUES (?1, ?2, ?3, 'agent', ?4)
                """, [stored, secretSHA256, createdAt, accountID])
            return connection.lastInsertRowID
        }
    }

    public func agentTokens(ofAccount id: Int64) throws -> [TokenRecord] {
        try reading { connection in
            try connection.query(
                """
                SELECT \(TokenRecord.selectedColumns) FROM \(TokenRecord.joinedTables)
                WHERE t.account_id = ?1 AND t.kind = 'agent' AND t.revoked_at IS NULL ORDER BY t.id
                """, [id]
            ).map(TokenRecord.init(reading:))
        }
    }

    public func revokeAgentToken(id: Int64, accountID: Int64, at revokedAt: String) throws -> Bool {
        try writing { connection in
            // The name goes free for a new token; the revoked one keeps its id, and its reviews stay.
            try connection.run(
                """
                UPDATE tokens SET revoked_at = ?3, name = name || ':revoked:' || id
                WHERE id = ?1 AND account_id = ?2 AND kind = 'agent' AND revoked_at IS NULL
                """, [id, accountID, revokedAt])
            return connection.changes > 0
        }
    }

    public func reviewSummary(ofFile id: Int64) throws -> ReviewSummary {
        try reading { connection in
            ReviewSummary(
                reading: try connection.query(
                    "SELECT \(ReviewSummary.selectedColumns) FROM reviews WHERE file_id = ?1 AND hidden_at IS NULL",
                    [id]))
        }
    }
}

extension SQLiteStore {
    public func exportReviews() throws -> ReviewRows {
        try reading { connection in
            let accounts = try connection.query("SELECT id, login, created_at FROM accounts ORDER BY id").map {
                ReviewRows.Account(id: $0.int64(0) ?? 0, login: $0.string(1) ?? "", createdAt: $0.string(2) ?? "")
            }
            let tokens = try connection.query(
                "SELECT \(ReviewRows.Token.selectedColumns) FROM tokens ORDER BY id"
            ).map(ReviewRows.Token.init(reading:))
            let reviews = try connection.query(
                "SELECT \(StoredReview.exportedColumns) FROM reviews ORDER BY id"
            ).map { row in (review: StoredReview(readingExported: row), tokenID: row.int64(9) ?? 0) }
            let reports = try connection.query(
                "SELECT review_id, reporter, at FROM review_reports ORDER BY review_id, reporter"
            ).map {
                ReviewRows.Report(reviewID: $0.int64(0) ?? 0, reporter: $0.string(1) ?? "", at: $0.string(2) ?? "")
            }
            var rows = ReviewRows(tokens: tokens, reviews: reviews)
            rows.accounts = accounts
            rows.reports = reports
            return rows
        }
    }

    public func importReviews(_ rows: ReviewRows) throws {
        guard !rows.tokens.isEmpty || !rows.reviews.isEmpty || !rows.accounts.isEmpty else { return }
        try writing { connection in
            for account in rows.accounts {
                try connection.run(
                    "INSERT INTO accounts (id, login, login_key, created_at) VALUES (?1, ?2, ?3, ?4)",
                    [account.id, account.login, account.login.lowercased(), account.createdAt])
            }
            for token in rows.tokens {
                try connection.run(
                    """
                    INSERT INTO tokens (id, name, secret_sha256, created_at, kind, account_id, revoked_at)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                    """,
                    [
                        token.id, token.name, token.secretSHA256, token.createdAt, token.kind.rawValue,
                        token.accountID, token.revokedAt,
                    ])
            }
            for (review, tokenID) in rows.reviews {
                try connection.run(
                    """
                    INSERT INTO reviews (id, file_id, file_sha256, token_id, outcome, used_for, reviewer, at, cost_usd,
                        latency_ms, hidden_at, hidden_by, kept_at)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
                    """,
                    [
                        review.id, review.fileID, review.fileSHA256, tokenID, review.outcome.rawValue, review.usedFor,
                        review.reviewer, review.at, review.costUSD, review.latencyMs, review.hiddenAt, review.hiddenBy,
                        review.keptAt,
                    ])
            }
            for report in rows.reports {
                try connection.run(
                    "INSERT INTO review_reports (review_id, reporter, at) VALUES (?1, ?2, ?3)",
                    [report.reviewID, report.reporter, report.at])
            }
        }
    }
}
