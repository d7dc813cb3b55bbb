public import SkillscopeCore

/// The project a file that is not stored sits in, as read from disk: what a stored file's repository tells the
/// rater (its name, the file's place in it, its files and its skills).
public struct LocalProject: Sendable {
    /// The project's folder name (`orbit-station`): a rule naming it names the project itself.
    public var name: String
    /// The file's path in the project (`skills/deploy/SKILL.md`): where its relative paths start.
    public var filePath: String
    /// Every file of the project, as paths in it.
    public var paths: [String]
    /// The names of the project's skills (``NameKey``), the file's own left out.
    public var skills: Set<String>

    public init(name: String, filePath: String, paths: [String], skills: Set<String>) {
        self.name = name
        self.filePath = filePath
        self.paths = paths
        self.skills = skills
    }
}

extension RuleRater.Context {
    /// Takes what `project` tells of the rated file: its place, its project's name, files and skills.
    public mutating func describe(_ project: LocalProject) {
        filePath = project.filePath
        repositoryName = project.name
        repositoryFiles = RepositoryPaths(project.paths + [project.filePath])
        repositorySkills = project.skills
    }
}
