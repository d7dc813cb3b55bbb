internal import Foundation
internal import Hashing

/// What `skillscope add` would write for a source and a set of agents, computed without writing anything: paths
/// relative to the project (or, for the user's scope, the home folder).
public struct InstallPlan: Sendable, Hashable, Codable {
    /// One thing `add` would do to the file system.
    public struct Action: Sendable, Hashable, Codable {
        public enum Kind: String, Sendable, Hashable, Codable {
            /// Write a file (the canonical copy, the upstream base, or a copy for an agent that cannot link).
            case write
            /// Link an agent's skill folder entry to the canonical copy.
            case link
            /// Nothing to do for the agent: it reads `.agents/skills` itself.
            case shared
            /// Record the skill in the lock file.
            case lock
        }
        public var kind: Kind
        public var path: String
        /// Where a link points, relative to the link.
        public var target: String?
        public var sha256: String?
        public var bytes: Int?
        /// The agent the action is for, when it is for one.
        public var agent: String?
    }

    /// One skill of the source.
    public struct Skill: Sendable, Hashable, Codable {
        public var name: String
        /// The source as the lock file records it.
        public var source: String
        public var commit: String?
        public var actions: [Action]
        /// Spec errors in the skill's SKILL.md, which `add` reports but does not refuse.
        public var notes: [String]
        /// The security scan of the files `add` would write: with fail-level findings, `add` refuses the skill
        /// unless `--allow-risk` is given.
        public var scan: RiskVerdict
    }

    public var skills: [Skill]
    /// The lock file `add` updates.
    public var lockFile: String
}

extension SkillManager {
    /// What ``add(_:only:agents:)`` would write, without writing: the same skills, names and paths checked the same
    /// way, for links where links are made and copies where ``copiesInsteadOfLinks`` asks for them.
    ///
    /// - Throws: ``SyncError`` as `add` does for a missing skill or an unsafe name or path.
    public func plan(_ source: SkillSource, only: [String] = [], agents: [Agent]) throws(SyncError) -> InstallPlan {
        let (commit, found) = try skills(of: source, only: only)
        let lockFile = isGlobal ? ".agents/skillscope.lock" : "skillscope.lock"
        let skills = found.map { skill -> InstallPlan.Skill in
            let files = skill.files.sorted { $0.key < $1.key }
            func writes(into folder: String, agent: String?) -> [InstallPlan.Action] {
                files.map { path, bytes in
                    InstallPlan.Action(
                        kind: .write, path: folder + "/" + skill.name + "/" + path, sha256: SHA256.hex(of: bytes),
                        bytes: bytes.count, agent: agent)
                }
            }
            var actions = writes(into: Self.skillsFolder, agent: nil) + writes(into: Self.baseFolder, agent: nil)
            for agent in agents {
                let folder = agent.skillFolder(global: isGlobal)
                if folder == Self.skillsFolder {
                    actions.append(
                        InstallPlan.Action(kind: .shared, path: folder + "/" + skill.name, agent: agent.id))
                } else if copiesInsteadOfLinks {
                    actions += writes(into: folder, agent: agent.id)
                } else {
                    actions.append(
                        InstallPlan.Action(
                            kind: .link, path: folder + "/" + skill.name,
                            target: Self.linkDestination(folder: folder, name: skill.name), agent: agent.id))
                }
            }
            actions.append(InstallPlan.Action(kind: .lock, path: lockFile))
            return InstallPlan.Skill(
                name: skill.name, source: source.appending(skill.folder).description, commit: commit,
                actions: actions, notes: Self.specNotes(skill.files),
                scan: RiskVerdict(files: skill.files, acceptance: nil))
        }
        return InstallPlan(skills: skills, lockFile: lockFile)
    }
}
