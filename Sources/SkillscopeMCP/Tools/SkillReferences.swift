internal import Foundation

/// The files a SKILL.md names inside its own folder (`scripts/analyze_trace.py`, `./run.sh`), found in its text.
///
/// The registry keeps only instruction files, so a skill's scripts and assets are often not stored: an install
/// plan names each one it would not write. A path counts when it starts with `./` or with one of the folders the
/// Agent Skills layout uses (scripts, references, assets, …), so a project path a skill merely mentions
/// (`src/main.py`) is not taken for one of its own files.
enum SkillReferences {
    /// The folders a skill keeps its own files in.
    static let skillFolders: Set<String> = [
        "scripts", "references", "reference", "assets", "templates", "examples", "bin", "lib", "tools",
        "resources", "data", "docs",
    ]

    // A relative path of at least one folder and a file with an extension, not inside a URL.
    private static let pattern = try? NSRegularExpression(
        pattern:
            #"(?<![\w/:.~-])(\./)?((?:[A-Za-z0-9_-][A-Za-z0-9_.-]*/)+[A-Za-z0-9_-][A-Za-z0-9_.-]*\.[A-Za-z0-9]{1,8})"#)

    /// The skill-relative paths `text` names, in order of first mention, each once.
    static func paths(in text: String) -> [String] {
        guard let pattern else { return [] }
        var found: [String] = []
        let range = NSRange(text.startIndex..., in: text)
        for match in pattern.matches(in: text, range: range) {
            guard let pathRange = Range(match.range(at: 2), in: text) else { continue }
            let path = String(text[pathRange])
            let dotted = match.range(at: 1).location != NSNotFound
            let first = String(path.prefix { $0 != "/" })
            guard dotted || skillFolders.contains(first), !path.split(separator: "/").contains(".."),
                !found.contains(path)
            else { continue }
            found.append(path)
        }
        return found
    }

    /// The paths `text` names that are not among `files` (paths relative to the skill's folder).
    static func missing(in text: String, files: Set<String>) -> [String] {
        paths(in: text).filter { !files.contains($0) }
    }
}
