internal import Archive
internal import Foundation
internal import MicroHTTP
internal import SkillscopeCore
internal import SkillscopeStore

/// `GET /files/{id}/download.zip`: a skill's folder as the registry holds it (its SKILL.md and the Markdown
/// references beside it), or the one file for other kinds, zipped with UTF-8 names.
struct Download {
    let store: any Store

    func zip(fileID: Int64) throws -> HTTPResponse {
        let file = try API.file(fileID, in: store)
        guard file.status == .indexed else {
            throw WebError(
                404, "not_indexed", "file \(fileID) was rejected when ingested; there is nothing to download")
        }
        let folder = (file.key.path as NSString).deletingLastPathComponent
        let name = file.kind == .skill && !folder.isEmpty ? (folder as NSString).lastPathComponent : nil
        var entries: [ZipWriter.Entry] = []
        if let name {
            let prefix = folder + "/"
            for sibling in try store.repositoryFiles(file.key.repository) where sibling.path.hasPrefix(prefix) {
                guard let stored = try store.file(.id(sibling.id)), stored.status == .indexed else { continue }
                entries.append(
                    ZipWriter.Entry(
                        path: name + "/" + sibling.path.dropFirst(prefix.count), bytes: Array(stored.text.utf8)))
            }
            if !entries.contains(where: { $0.path == name + "/" + (file.key.path as NSString).lastPathComponent }) {
                entries.append(
                    ZipWriter.Entry(
                        path: name + "/" + (file.key.path as NSString).lastPathComponent, bytes: Array(file.text.utf8)))
            }
        } else {
            entries = [
                ZipWriter.Entry(path: (file.key.path as NSString).lastPathComponent, bytes: Array(file.text.utf8))
            ]
        }
        entries.sort { $0.path < $1.path }
        let bytes: [UInt8]
        do {
            bytes = try ZipWriter.archive(entries)
        } catch {
            throw WebError(500, "archive", error.description)
        }
        let download = (name ?? (file.key.path as NSString).lastPathComponent) + ".zip"
        let safe = download.filter { $0.isLetter || $0.isNumber || "-_.".contains($0) }
        return HTTPResponse(
            status: 200,
            headers: [
                ("Content-Type", "application/zip"),
                ("Content-Disposition", "attachment; filename=\"\(safe.isEmpty ? "skill.zip" : safe)\""),
            ], body: bytes)
    }
}
