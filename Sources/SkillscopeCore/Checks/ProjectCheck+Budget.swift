/// What an agent loads with a file: Claude Code's `@imports` (missing, circular, too deep) and the AGENTS.md chain
/// Codex reads from the repository's root down (over 32 KiB).
extension ProjectCheck {
    /// Follows each CLAUDE.md's imports depth first, the way Claude Code loads them.
    func checkImports(_ files: [File], texts: [String: String], into outcome: inout Outcome) {
        var importsOf: [String: [ReferenceScan.Reference]] = [:]
        func imports(_ path: String) -> [ReferenceScan.Reference] {
            if let known = importsOf[path] { return known }
            let found = (texts[path] ?? text(path)).map {
                ReferenceScan(text: $0).references.filter { $0.form == .import }
            }
            importsOf[path] = found ?? []
            return found ?? []
        }
        var reported = Set<String>()
        func report(_ finding: Finding, at path: String) {
            guard reported.insert("\(path):\(finding.line ?? 0):\(finding.code)").inserted else { return }
            outcome.add(finding, to: path)
        }
        func follow(_ path: String, stack: [String]) {
            let folder = ProjectTree.folder(of: path)
            for reference in imports(path) {
                // A home or absolute import is outside the project: Skillscope does not look there.
                guard !reference.target.hasPrefix("~"), !reference.target.hasPrefix("/") else { continue }
                guard let target = ProjectTree.join(folder, reference.target) else { continue }
                guard tree.files.contains(target) else {
                    if tree.isInstructionsOnly {
                        outcome.unknowable[.import, default: 0] += 1
                        continue
                    }
                    report(
                        Finding(
                            code: "import-missing", severity: .error,
                            message: "@\(reference.target) imports a file that does not exist (no \(target))",
                            line: reference.line), at: path)
                    continue
                }
                if let start = stack.firstIndex(of: target) {
                    let cycle = (stack[start...] + [target]).joined(separator: " → ")
                    report(
                        Finding(
                            code: "import-cycle", severity: .error,
                            message: "@\(reference.target) closes an import cycle: \(cycle)", line: reference.line,
                            related: [Finding.Place(path: target, line: 1)]), at: path)
                    continue
                }
                if stack.count >= Self.importDepth {
                    report(
                        Finding(
                            code: "import-depth", severity: .warning,
                            message:
                                "@\(reference.target) is \(stack.count + 1) imports deep; Claude Code follows \(Self.importDepth) and skips it: \(stack.joined(separator: " → "))",
                            line: reference.line), at: path)
                    continue
                }
                follow(target, stack: stack + [target])
            }
        }
        for file in files where file.document.kind == .claude {
            follow(file.path, stack: [file.path])
        }
    }

    /// For every folder holding an AGENTS.md, the chain Codex reads when it works there: the AGENTS.md (or
    /// AGENTS.override.md) of each folder from the repository's root down, joined with a blank line, cut at 32 KiB.
    func checkBudget(_ files: [File], texts: [String: String], into outcome: inout Outcome) {
        func chosen(in folder: String) -> String? {
            let prefix = folder.isEmpty ? "" : folder + "/"
            return ["AGENTS.override.md", "AGENTS.md"].map { prefix + $0 }.first(where: tree.files.contains)
        }
        var sizes: [String: [UInt8]] = [:]
        func bytes(_ path: String) -> [UInt8] {
            if let known = sizes[path] { return known }
            let found = Array((texts[path] ?? text(path) ?? "").utf8)
            sizes[path] = found
            return found
        }
        var reported = Set<String>()
        for file in files where file.document.kind == .agents {
            let folder = ProjectTree.folder(of: file.path)
            guard chosen(in: folder) == file.path else { continue }
            let root = tree.repository(of: folder)
            var folders: [String] = []
            var current = folder
            while true {
                folders.append(current)
                if current == root || current.isEmpty { break }
                current = ProjectTree.folder(of: current)
            }
            let chain = folders.reversed().compactMap(chosen(in:))
            var used = 0
            for (position, member) in chain.enumerated() {
                let start = used + (position == 0 ? 0 : 2)
                let size = bytes(member).count
                if start + size > Self.codexBudget {
                    let above = chain[..<position].map { "\($0) (\(bytes($0).count) bytes)" }
                    let finding: Finding
                    if start >= Self.codexBudget {
                        finding = Finding(
                            code: "instruction-budget", severity: .warning,
                            message:
                                "Codex never reads this file: it reads AGENTS.md files from the repository's root down and stops at 32 KiB, which \(above.joined(separator: " + ")) already fill",
                            line: 1, related: chain[..<position].map { Finding.Place(path: $0, line: 1) })
                    } else {
                        let kept = Self.codexBudget - start
                        let line = bytes(member).prefix(kept).reduce(1) { $0 + ($1 == 10 ? 1 : 0) }
                        let total = chain.reduce(0) { $0 + bytes($1).count } + 2 * (chain.count - 1)
                        let with = above.isEmpty ? "" : " with \(above.joined(separator: " + ")) above it"
                        finding = Finding(
                            code: "instruction-budget", severity: .warning,
                            message:
                                "Codex stops reading AGENTS.md at 32 KiB (32,768 bytes): this chain is \(total) bytes\(with), so from line \(line) on this file is never read",
                            line: line, related: chain[..<position].map { Finding.Place(path: $0, line: 1) })
                    }
                    if reported.insert("\(member):\(finding.line ?? 0)").inserted { outcome.add(finding, to: member) }
                    break
                }
                used = start + size
            }
        }
    }
}
