import SQLite
public import SkillscopeStore

extension SQLiteStore {
    public func fileRules(after id: Int64, limit: Int) throws -> [FileRules] {
        try reading { connection in
            try connection.query(
                """
                SELECT f.id, f.repository_id, f.rules_text, f.name, f.description FROM files f
                WHERE f.id > ?1 AND f.status = 'indexed' AND \(Self.isCurrent) ORDER BY f.id LIMIT ?2
                """, [id, limit]
            ).map { row in
                FileRules(
                    id: row.int64(0) ?? 0, repositoryID: row.int64(1) ?? 0, rulesText: row.string(2) ?? "",
                    name: row.string(3), description: row.string(4))
            }
        }
    }

    public func saveBlob(_ name: String, _ bytes: [UInt8]) throws {
        try writing { connection in
            try connection.run("DELETE FROM blobs WHERE name = ?1", [name])
            for (number, start) in stride(from: 0, to: max(bytes.count, 1), by: Self.blobPart).enumerated() {
                try connection.run(
                    "INSERT INTO blobs (name, part, data) VALUES (?1, ?2, ?3)",
                    [name, number, Array(bytes[start..<min(start + Self.blobPart, bytes.count)])])
            }
            try connection.run(
                """
                INSERT INTO blob_generations (name, generation) VALUES (?1, 1)
                ON CONFLICT (name) DO UPDATE SET generation = generation + 1
                """, [name])
        }
    }

    public func blob(_ name: String) throws -> [UInt8]? {
        try reading { connection in
            let rows = try connection.query("SELECT data FROM blobs WHERE name = ?1 ORDER BY part", [name])
            guard !rows.isEmpty else { return nil }
            var bytes: [UInt8] = []
            for row in rows { if case .blob(let part) = row[0] { bytes += part } }
            return bytes
        }
    }

    public func blobGeneration(_ name: String) throws -> Int {
        try reading { connection in
            try connection.queryOne("SELECT generation FROM blob_generations WHERE name = ?1", [name])?.int(0) ?? 0
        }
    }

    public func changeStamp() throws -> String {
        try reading { connection in
            try connection.queryOne(
                """
                SELECT (SELECT value FROM meta WHERE key = 'files_generation') || ':' || (SELECT count(*) FROM reviews)
                    || ':' || coalesce((SELECT max(at) FROM reviews), '') || ':'
                    || coalesce((SELECT sum(generation) FROM blob_generations), 0) || ':'
                    || (SELECT count(hidden_at) || '/' || coalesce(max(hidden_at), '') || '/' || coalesce(max(kept_at), '')
                        FROM reviews)
                """)?.string(0) ?? ""
        }
    }

    /// Blobs are stored in parts of 32 MiB, well under SQLite's default limit of 1 GB a value.
    static let blobPart = 32 << 20
}
