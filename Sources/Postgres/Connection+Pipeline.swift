internal import CLibPQ

/// A statement sent in a pipeline: SQL with `$1…$N` and its parameters.
public struct PipelineStatement {
    public var sql: String
    public var parameters: [any PostgresBindable]
    public init(_ sql: String, _ parameters: [any PostgresBindable] = []) {
        self.sql = sql
        self.parameters = parameters
    }
}

extension Connection {
    /// Runs `statements` in libpq's pipeline mode: sent back to back, one round trip per batch instead of one
    /// per statement, and returns their results in order.
    ///
    /// Measured on loopback (`../shared/notes/c-libraries.md`): 27k rows/s pipelined against 10k–16k one
    /// statement at a time. Each batch ends with a sync point and is read whole before the next is sent: on a
    /// blocking connection, sending without reading can deadlock once both sockets' buffers are full, so
    /// `batchSize` bounds what the server holds for us. Inside ``transaction(_:)`` a sync point does not commit.
    ///
    /// Related documentation: <https://www.postgresql.org/docs/15/libpq-pipeline-mode.html>
    ///
    /// - Throws: the first statement's error; the statements after it in its batch are not run, and an open
    ///   transaction is left aborted for the caller to roll back.
    public func pipeline(
        _ statements: [PipelineStatement], batchSize: Int = 64, format: ResultSet.Format = .text
    ) throws(PostgresError) -> [ResultSet] {
        guard !statements.isEmpty else { return [] }
        guard PQenterPipelineMode(handle) == 1 else {
            throw PostgresError(.client, message: "cannot enter pipeline mode: \(lastMessage)")
        }
        defer { _ = PQexitPipelineMode(handle) }
        var results: [ResultSet] = []
        results.reserveCapacity(statements.count)
        var failure: PostgresError?
        var start = 0
        while start < statements.count, failure == nil {
            let batch = statements[start..<min(start + max(1, batchSize), statements.count)]
            start += batch.count
            for statement in batch {
                let sent = Self.withParameters(statement.parameters.map(\.postgresValue)) {
                    count, types, values, lengths, formats in
                    PQsendQueryParams(handle, statement.sql, count, types, values, lengths, formats, format.rawValue)
                }
                guard sent == 1 else { throw PostgresError(.connection, message: lastMessage, sql: statement.sql) }
            }
            guard PQpipelineSync(handle) == 1 else { throw PostgresError(.connection, message: lastMessage) }
            try readBatch(batch, into: &results, failure: &failure)
        }
        if let failure { throw failure }
        return results
    }

    /// Reads one batch's results up to its sync point: each statement's result, then a NULL, then the sync.
    private func readBatch(
        _ batch: ArraySlice<PipelineStatement>, into results: inout [ResultSet], failure: inout PostgresError?
    ) throws(PostgresError) {
        var index = batch.startIndex
        var nulls = 0
        while true {
            guard let result = PQgetResult(handle) else {
                // One NULL ends each statement's results; two in a row mean the connection has nothing more.
                nulls += 1
                if nulls > 1 { throw PostgresError(.connection, message: lastMessage) }
                continue
            }
            nulls = 0
            defer { PQclear(result) }
            let status = PQresultStatus(result)
            if status == PGRES_PIPELINE_SYNC { return }
            let sql = index < batch.endIndex ? batch[index].sql : ""
            index += 1
            if status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK {
                results.append(Self.copy(result))
            } else if status == PGRES_PIPELINE_ABORTED {
                continue
            } else if failure == nil {
                failure = Self.error(from: result, connection: self, sql: sql)
            }
        }
    }
}
