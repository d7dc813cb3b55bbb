internal import Hashing
public import SkillscopeEmbeddings

/// The leader vector of every rule kind (as half floats) and, for the lexical embedder, the vocabulary it was
/// weighted with: what placing a rule that is not in the registry (an `analyze` of the user's own file) needs.
public struct KindVectors: Sendable {
    /// The store blob it is kept in.
    public static let blobName = "rule-kind-vectors"
    /// The store blob holding the vectors blob's tag (``tag(of:)``), saved just after it: what names the index
    /// file built from them, so a reader finds its file without reading the vectors.
    public static let tagBlobName = "rule-kind-vectors-tag"
    /// The index file's name beside the registry (``SkillscopeStore/Store/derivedFilePath(_:)``).
    public static let indexFileName = "kinds.index"

    /// The tag of an encoded vectors blob: its SHA-256, in hex.
    public static func tag(of encoded: [UInt8]) -> [UInt8] { Array(SHA256.hex(of: encoded).utf8) }

    public var embedder: String
    public var dimension: Int
    /// `kinds × dimension` values, kind after kind.
    public var values: [Float]
    public var vocabulary: LexicalEmbedder.Vocabulary?
    /// The grouping's inverted-file lists: the lists' centroids (`lists × dimension`) and each kind's list.
    ///
    /// Kept so that placing rules needs no k-means of its own; nil in vectors saved before they were kept.
    public var centroids: [Float]?
    public var listOfKind: [Int32]?

    /// The leaders as stored (half floats), kept instead of ``values`` when decoded `asHalves`: a reader that
    /// copies them elsewhere (the placer's index) then never holds a whole Float copy beside its own.
    public private(set) var halves: [UInt16] = []

    public var count: Int { (values.isEmpty ? halves.count : values.count) / max(dimension, 1) }

    /// Kind `kind`'s leader.
    public func row(_ kind: Int) -> [Float] {
        let range = kind * dimension..<(kind + 1) * dimension
        return values.isEmpty ? halves[range].map { Float(Float16(bitPattern: $0)) } : Array(values[range])
    }

    public init(
        embedder: String, dimension: Int, values: [Float], vocabulary: LexicalEmbedder.Vocabulary?,
        centroids: [Float]? = nil, listOfKind: [Int32]? = nil
    ) {
        self.embedder = embedder
        self.dimension = dimension
        self.values = values
        self.vocabulary = vocabulary
        self.centroids = centroids
        self.listOfKind = listOfKind
    }

    public func encoded() -> [UInt8] {
        var writer = ByteWriter()
        writer.write(UInt32(2))
        writer.write(embedder)
        writer.write(UInt32(dimension))
        writer.write(array: values.map { Float16($0).bitPattern })
        writer.write(UInt64(vocabulary?.documents ?? 0))
        let frequencies = (vocabulary?.frequencies ?? [:]).sorted { $0.key < $1.key }
        writer.write(array: frequencies.map(\.key))
        writer.write(array: frequencies.map(\.value))
        writer.write(UInt8(vocabulary == nil ? 0 : 1))
        if let centroids, let listOfKind {
            writer.write(UInt8(1))
            writer.write(array: centroids.map { Float16($0).bitPattern })
            writer.write(array: listOfKind)
        } else {
            writer.write(UInt8(0))
        }
        return writer.bytes
    }

    /// - Parameter asHalves: keep the leaders as stored, in ``halves``, and leave ``values`` empty.
    public init(decoding bytes: [UInt8], asHalves: Bool = false) throws {
        var reader = ByteReader(bytes)
        let version = try reader.read(UInt32.self)
        guard version == 1 || version == 2 else { throw ByteReader.Malformed() }
        embedder = try reader.readString()
        dimension = Int(try reader.read(UInt32.self))
        let stored = try reader.readArray(UInt16.self)
        if asHalves {
            halves = stored
            values = []
        } else {
            values = stored.map { Float(Float16(bitPattern: $0)) }
        }
        let documents = Int(try reader.read(UInt64.self))
        let keys: [UInt64] = try reader.readArray()
        let counts: [Int32] = try reader.readArray()
        let hasVocabulary = try reader.read(UInt8.self) == 1
        if version == 2, try reader.read(UInt8.self) == 1 {
            centroids = try reader.readArray(UInt16.self).map { Float(Float16(bitPattern: $0)) }
            listOfKind = try reader.readArray()
        }
        guard keys.count == counts.count, dimension > 0, stored.count % dimension == 0, reader.isAtEnd,
            (centroids?.count ?? 0) % dimension == 0, listOfKind.map({ $0.count == stored.count / dimension }) ?? true
        else {
            throw ByteReader.Malformed()
        }
        vocabulary =
            hasVocabulary
            ? LexicalEmbedder.Vocabulary(
                documents: documents, frequencies: Dictionary(uniqueKeysWithValues: zip(keys, counts))) : nil
    }
}
