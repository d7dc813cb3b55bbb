internal import Dispatch
internal import SkillscopeCore
public import SkillscopeRating
public import SkillscopeStore
internal import SkillscopeVersions
internal import Synchronization

/// Works out every current file's ``FileSummary`` (its versions, whether it is their likely origin, its quality), as
/// the file's page gives them, and saves them as the registry's ``FileSummaries`` blob for search hits.
///
/// Each file costs one version search on the whole registry's lineage table (built once) and one read of its reviews
/// (its rules are read 256 files at a time); "came from" is not worked out, which a summary does not show. Files
/// are shared among threads.
public struct FileSummaryBuilder: Sendable {
    public var rater: RegistryRater
    /// Threads that summarise at once.
    public var threads: Int

    /// - Parameter rater: the registry's rater; its finders measure on the whole lineage table.
    public init(rater: RegistryRater, threads: Int) {
        var rater = rater
        rater.versionConfiguration.tableScope = .whole
        rater.versionConfiguration.cameFromLimit = 0
        rater.versionConfiguration.bandLimit = 1
        self.rater = rater
        self.threads = max(1, threads)
    }

    /// What a build did.
    public struct Summary: Sendable, Codable {
        public var files: Int
        public var withVersions: Int
        public var origins: Int
    }

    /// Summarises every current indexed file and saves the summaries in one write.
    ///
    /// - Parameter progress: told now and then how far it got.
    public func build(progress: @Sendable (String) -> Void = { _ in }) throws -> Summary {
        let store = rater.store
        let ids = try store.fileKeys().map(\.id)
        let finder = try rater.versionFinder()
        let chunk = 256
        let chunks = (ids.count + chunk - 1) / chunk
        let next = Atomic(0)
        let done = Atomic(0)
        let collected = Mutex(
            (
                summaries: FileSummaries(), counts: Summary(files: 0, withVersions: 0, origins: 0),
                error: (any Error)?.none
            ))
        DispatchQueue.concurrentPerform(iterations: min(threads, max(chunks, 1))) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < chunks, collected.withLock({ $0.error == nil }) else { return }
                let slice = ids[(index * chunk)..<min(ids.count, (index + 1) * chunk)]
                do {
                    var local: [(id: Int64, sha256: String, summary: FileSummary)] = []
                    // The chunk's rules in one read (``Store/rules(ofFiles:)``), not one a file.
                    let rules = try store.rules(ofFiles: Array(slice))
                    for id in slice {
                        guard let file = try store.file(.id(id)), file.status == .indexed, file.removedAt == nil
                        else { continue }
                        let versions = try finder.versions(of: try finder.subject(for: file))
                        let reviews = FileReport.Reviews(
                            reviews: try store.reviews(ofFile: id), currentSHA256: file.sha256, recent: 0)
                        let quality = Reporter.quality(
                            of: file, rules: rules[id] ?? [], reviews: reviews,
                            adoption: versions.otherProjects)
                        let total = { (band: VersionBand) in
                            versions.bands.first { $0.band == band }?.total ?? 0
                        }
                        local.append(
                            (
                                id, file.sha256,
                                FileSummary(
                                    versions: versions.otherProjects, copies: total(.wordForWord),
                                    edited: total(.edited), own: total(.own),
                                    isOrigin: versions.likelyOrigin?.isSubject == true, quality: quality.score)
                            ))
                    }
                    collected.withLock { state in
                        for entry in local {
                            state.summaries.add(entry.summary, file: entry.id, sha256: entry.sha256)
                            state.counts.files += 1
                            if entry.summary.versions > 0 { state.counts.withVersions += 1 }
                            if entry.summary.isOrigin { state.counts.origins += 1 }
                        }
                    }
                } catch {
                    collected.withLock { $0.error = $0.error ?? error }
                    return
                }
                let finished = done.add(1, ordering: .relaxed).newValue
                if finished % 100 == 0 {
                    progress("summarised \(min(finished * chunk, ids.count)) of \(ids.count) files")
                }
            }
        }
        let (summaries, counts, error) = collected.withLock { ($0.summaries, $0.counts, $0.error) }
        if let error { throw error }
        try store.saveBlob(FileSummaries.blobName, summaries.encoded())
        return counts
    }
}
