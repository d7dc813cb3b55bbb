public import SkillscopeStore

/// Files close in meaning to a subject: what the "their own version" band adds beside the same name.
///
/// The
/// embeddings module provides it (from `skillscope group`); the store knows nothing of embeddings.
public protocol MeaningNeighbours: Sendable {
    /// Ids of files whose meaning is close to the subject's (the subject itself left out).
    func neighbours(of subject: VersionFinder.Subject) throws -> [Int64]

    /// How close in meaning each of `ids` is to the subject (cosine, -1 to 1); files without a meaning are left out.
    func closeness(of subject: VersionFinder.Subject, to ids: [Int64]) throws -> [Int64: Float]
}
