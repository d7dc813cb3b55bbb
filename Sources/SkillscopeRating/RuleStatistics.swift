/// What `skillscope group` learns from the whole registry, kept as a store blob: each distinct rule's kind, each
/// kind's reach (files holding a rule of it) and, per named thing, how many repositories name it.
///
/// Lookups are binary searches over sorted arrays, so the statistics of 350,000 files stay a few compact arrays.
public struct RuleStatistics: Sendable {
    /// The store blob it is kept in.
    public static let blobName = "rule-statistics"

    public var embedder: String
    public var threshold: Float
    /// The current indexed files and repositories counted.
    public var files: Int
    public var repositories: Int
    /// ISO 8601 UTC.
    public var builtAt: String
    /// Sorted rule keys (``SkillscopeCore/RuleKey``) and each one's kind.
    public var ruleKeys: [UInt64]
    public var ruleKinds: [Int32]
    /// Files holding a rule of each kind, by kind id.
    public var kindReach: [Int32]
    /// Sorted named-thing keys and the repositories naming each.
    public var things: [String]
    public var thingRepositories: [Int32]

    public var kindCount: Int { kindReach.count }

    /// The kind of the rule with these words, if the registry holds it.
    public func kind(ofKey key: UInt64) -> Int32? {
        var low = 0
        var high = ruleKeys.count
        while low < high {
            let middle = (low + high) / 2
            if ruleKeys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < ruleKeys.count && ruleKeys[low] == key ? ruleKinds[low] : nil
    }

    /// The repositories naming the thing with this key (0: none).
    public func repositories(naming key: String) -> Int {
        var low = 0
        var high = things.count
        while low < high {
            let middle = (low + high) / 2
            if things[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < things.count && things[low] == key ? Int(thingRepositories[low]) : 0
    }

    public func encoded() -> [UInt8] {
        var writer = ByteWriter()
        writer.write(UInt32(1))
        writer.write(embedder)
        writer.write(threshold)
        writer.write(UInt64(files))
        writer.write(UInt64(repositories))
        writer.write(builtAt)
        writer.write(array: ruleKeys)
        writer.write(array: ruleKinds)
        writer.write(array: kindReach)
        writer.write(UInt64(things.count))
        for thing in things { writer.write(thing) }
        writer.write(array: thingRepositories)
        return writer.bytes
    }

    public init(decoding bytes: [UInt8]) throws {
        var reader = ByteReader(bytes)
        guard try reader.read(UInt32.self) == 1 else { throw ByteReader.Malformed() }
        embedder = try reader.readString()
        threshold = try reader.readFloat()
        files = Int(try reader.read(UInt64.self))
        repositories = Int(try reader.read(UInt64.self))
        builtAt = try reader.readString()
        ruleKeys = try reader.readArray()
        ruleKinds = try reader.readArray()
        kindReach = try reader.readArray()
        let thingCount = Int(try reader.read(UInt64.self))
        things = try (0..<thingCount).map { _ in try reader.readString() }
        thingRepositories = try reader.readArray()
        guard ruleKeys.count == ruleKinds.count, things.count == thingRepositories.count, reader.isAtEnd else {
            throw ByteReader.Malformed()
        }
    }

    public init(
        embedder: String, threshold: Float, files: Int, repositories: Int, builtAt: String, ruleKeys: [UInt64],
        ruleKinds: [Int32], kindReach: [Int32], things: [String], thingRepositories: [Int32]
    ) {
        self.embedder = embedder
        self.threshold = threshold
        self.files = files
        self.repositories = repositories
        self.builtAt = builtAt
        self.ruleKeys = ruleKeys
        self.ruleKinds = ruleKinds
        self.kindReach = kindReach
        self.things = things
        self.thingRepositories = thingRepositories
    }
}
