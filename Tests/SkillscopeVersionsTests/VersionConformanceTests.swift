import SkillscopeTesting
import Testing

/// The version finder on every engine: bands, origin, texts not stored, cuts, the passage index and the lineage
/// table.
@Suite struct VersionConformanceTests {
    @Test(arguments: StoreEngine.available)
    func bandsHoldOneVersionPerRepository(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try VersionConformance.bandsHoldOneVersionPerRepository(try engine.makeEmptyStore(in: directory))
    }

    @Test(arguments: StoreEngine.available)
    func anEarlierCopyIsTheLikelyOrigin(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try VersionConformance.anEarlierCopyIsTheLikelyOrigin(try engine.makeEmptyStore(in: directory))
    }

    @Test(arguments: StoreEngine.available)
    func copiesSharingAFirstCommitNameOneOrigin(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try VersionConformance.copiesSharingAFirstCommitNameOneOrigin(try engine.makeEmptyStore(in: directory))
    }

    @Test(arguments: StoreEngine.available)
    func aTextOutsideTheRegistryIsComparedNotStored(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try VersionConformance.aTextOutsideTheRegistryIsComparedNotStored(try engine.makeEmptyStore(in: directory))
    }

    @Test(arguments: StoreEngine.available)
    func bandsAreRankedByStarsAndCutWithTotalsBeforeTheCut(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try VersionConformance.bandsAreRankedByStarsAndCutWithTotalsBeforeTheCut(
            try engine.makeEmptyStore(in: directory))
    }

    @Test(arguments: StoreEngine.available)
    func theStoredFingerprintIsTheOneTheTextGives(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try VersionConformance.theStoredFingerprintIsTheOneTheTextGives(try engine.makeEmptyStore(in: directory))
    }

    @Test(arguments: StoreEngine.available)
    func theIndexFollowsWrites(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try VersionConformance.theIndexFollowsWrites(try engine.makeEmptyStore(in: directory))
    }

    @Test(arguments: StoreEngine.available)
    func theLineageTableHoldsTheStoredRecords(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try VersionConformance.theLineageTableHoldsTheStoredRecords(try engine.makeEmptyStore(in: directory))
    }

    @Test(arguments: StoreEngine.available)
    func versionsAreTheRecordsMeasuredOneByOne(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try VersionConformance.versionsAreTheRecordsMeasuredOneByOne(try engine.makeEmptyStore(in: directory))
    }

    @Test(arguments: StoreEngine.available)
    func theKeptIndexIsABuildOverTheCurrentFiles(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        let open = try engine.makeReopenableStore(in: directory)
        let store = try open()
        try VersionConformance.theKeptIndexIsABuildOverTheCurrentFiles(
            store, reopened: open,
            appended: {
                (
                    try #require(try StoreEngine.meta("passage_index_appended", of: store)),
                    try #require(try StoreEngine.meta("passage_index_tail_files", of: store))
                )
            })
    }

    @Test(arguments: StoreEngine.available)
    func aServerFinderDoesNotWaitForTheWholeTable(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try VersionConformance.aServerFinderDoesNotWaitForTheWholeTable(try engine.makeEmptyStore(in: directory))
    }

    @Test(arguments: StoreEngine.available)
    func theCandidatesAloneGiveTheWholeTablesReport(engine: StoreEngine) throws {
        let directory = TemporaryDirectory()
        try VersionConformance.theCandidatesAloneGiveTheWholeTablesReport(try engine.makeEmptyStore(in: directory))
    }
}
