internal import Foundation
internal import Hashing

extension SkillManager {
    /// Whether each agent really loads what the lock records: a linked agent's folder must be Skillscope's link to
    /// the canonical copy (not a link elsewhere, nor a folder of another origin); a copied agent's folder must hold
    /// the canonical copy's bytes and modes.
    ///
    /// - Parameter installed: the canonical copy under `.agents/skills/<name>`.
    func agentFolderDrifts(_ name: String, entry: SkillLock.Entry, installed: Snapshot) throws(SyncError) -> [Drift] {
        var drifts: [Drift] = []
        let manager = FileManager.default
        for agent in try Agent.parse(entry.agents) where agent.skillFolder(global: isGlobal) != Self.skillsFolder {
            let folder = agent.skillFolder(global: isGlobal)
            let path = root + "/" + folder + "/" + name
            let shown = folder + "/" + name
            let link = try? manager.destinationOfSymbolicLink(atPath: path)
            guard link != nil || (try? manager.attributesOfItem(atPath: path)) != nil else {
                drifts.append(Drift(.skillMissing, name, "\(agent.name) cannot load it: \(shown) is missing"))
                continue
            }
            if (entry.copied ?? []).contains(agent.id) {
                let copy = link == nil ? readFolder(path) : Snapshot(files: [:], commit: nil)
                if link != nil {
                    drifts.append(
                        Drift(
                            .agentFolder, name,
                            "\(agent.name) reads \(shown), a link to \(link ?? "") where the lock records a copy"))
                } else if copy.files != installed.files || copy.executables != installed.executables {
                    let differing = Set(copy.files.keys).union(installed.files.keys)
                        .filter { copy.files[$0] != installed.files[$0] }.sorted()
                    drifts.append(
                        Drift(
                            .agentFolder, name,
                            "\(agent.name)'s copy \(shown) differs from \(Self.skillsFolder)/\(name)"
                                + (differing.isEmpty ? " (file modes)" : " (\(differing.joined(separator: ", ")))")
                                + "; `skillscope update \(name)` refreshes it"))
                }
                continue
            }
            let expected = Self.linkDestination(folder: folder, name: name)
            if let link, link != expected {
                let inside = (try? SafePath.checkInside(path, root: root)) != nil
                drifts.append(
                    Drift(
                        .agentFolder, name,
                        "\(agent.name) reads \(shown), a link to \(link)\(inside ? "" : " (outside the project)"), not to \(Self.skillsFolder)/\(name); remove it and run `skillscope install`"
                    ))
            } else if link == nil {
                drifts.append(
                    Drift(
                        .agentFolder, name,
                        "\(agent.name) reads \(shown), a folder skillscope did not make, not the link to \(Self.skillsFolder)/\(name); move it away and run `skillscope install`"
                    ))
            } else if !manager.fileExists(atPath: path + "/SKILL.md"), !manager.fileExists(atPath: path + "/skill.md") {
                drifts.append(Drift(.skillMissing, name, "\(agent.name) cannot load it: \(shown) leads to no SKILL.md"))
            }
        }
        return drifts
    }
}
