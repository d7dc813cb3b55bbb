internal import Hashing
public import SkillscopeCore
public import SkillscopeStore

/// Small instruction files written for the tests, and records built from them.
public enum Fixtures {
    public static let reviewSkill = """
        ---
        name: code-review
        description: Review a change before it is merged. Use when asked for a review.
        ---
        # Code review

        ## Rules

        - Read the whole diff before commenting.
        - Flag missing tests for new behaviour.
        - Never approve a change that breaks the build.

        ```bash
        make test
        ```
        """

    public static let commitSkill = """
        ---
        name: commit-messages
        description: Write commit messages that explain why.
        ---
        # Commit messages

        - Start the subject with a verb in the imperative mood.
        - Keep the subject under 72 characters.
        """

    public static let agentsFile = """
        # Agents

        Always run `npm test` before pushing.

        | Command | When |
        |---|---|
        | `npm run lint` | before each commit |
        """

    /// A parsed record for `text` at `repository`/`path`.
    public static func record(_ repository: String, _ path: String, _ text: String) -> FileRecord {
        let bytes = Array(text.utf8)
        let kind = FileKind.ownKind(of: path) ?? .agents
        return FileRecord(
            key: FileKey(repository: repository, path: path), kind: kind, commit: String(repeating: "b", count: 40),
            firstCommitAt: "2026-01-01T00:00:00Z", lastCommitAt: "2026-02-01T00:00:00Z", sha256: SHA256.hex(of: bytes),
            bytes: bytes.count, outcome: DocumentParser().parse(bytes, path: path, kind: kind))
    }
}
