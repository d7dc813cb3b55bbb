internal import SkillscopeSync

/// `skillscope update [NAME…]`: brings upstream changes without losing local edits.
struct UpdateCommand: Command {
    static let name = "update"
    static let summary = "bring upstream changes into installed skills, merging local edits rule by rule"
    static let help = """
        Usage: skillscope update [NAME…] [--dry-run] [--prune] [--force] [--allow-risk] [--global] [--project DIR]
                                [--json]

        Reads each skill's source again and merges, file by file, three versions at rule level: the locked one
        (base), the installed copy (local) and the source now (upstream). A rule changed on one side only is
        taken; rules changed on both sides differently are written between conflict markers (local, locked,
        upstream) and listed: never resolved silently. The lock moves to the new commit and records the merged
        files as kept local versions. A skill with conflicts not yet resolved is not updated again (its markers
        would be carried forward): edit them away and run `skillscope resolve NAME`. A skill its source no
        longer holds is kept, with a warning, unless --prune.

        What the merge would install is scanned as `skillscope check` scans a skill. When upstream brings in a
        line the scan fails (`curl … | bash`, a script posting ~/.ssh/id_rsa, …), the update is refused, each
        finding named with its file, line and reason, and nothing is written: the installed copies and the lock
        stay as they were (a dry run says the same). Findings the lock accepted before stay accepted; a new one
        needs --allow-risk, which updates with a warning and records it in the lock. Warnings never refuse.

        Options:
          --dry-run      show the rule-level changes on each side and the conflicts; write nothing
          --prune        remove skills their source no longer holds
          --force        with only a skills-lock.json (it keeps no base to merge from): take the source's
                         version over a local edit
        \(RiskOutput.help)

        Exit codes: 0 updated (or nothing to do), 1 conflicts were written or remain unresolved (listed), or a
        failing security scan refused the update,
        64 usage, 66 no such skill.
        """

    var options: SyncOptions
    var names: [String]
    var dryRun: Bool
    var prune: Bool
    var force: Bool
    var allowsRisk: Bool

    init(arguments: inout Arguments, context: Context) throws(CLIError) {
        options = try SyncOptions(arguments: &arguments, context: context, command: Self.name)
        dryRun = arguments.flag("dry-run")
        prune = arguments.flag("prune")
        force = arguments.flag("force")
        allowsRisk = arguments.flag("allow-risk")
        names = try arguments.positionals()
    }

    func run(context: Context) async throws -> ExitCode {
        var manager = options.makeManager(context: context)
        manager.force = force
        manager.allowsRisk = allowsRisk
        let updates = try manager.update(names, dryRun: dryRun, prune: prune)
        let blocked = updates.contains { !$0.unresolved.isEmpty }
        if context.json {
            try context.output.json(updates)
            return updates.contains { $0.conflicts > 0 } || blocked ? .failure : .success
        }
        let output = context.output
        for update in updates {
            if !update.unresolved.isEmpty {
                output.error("\(update.name): not updated: unresolved conflicts")
                for message in update.unresolved { output.error("  \(message)") }
                output.error("  edit them away, then run `skillscope resolve \(update.name)`")
                continue
            }
            if update.deletedUpstream {
                output.error(
                    update.removed
                        ? "\(update.name): removed: its source no longer holds it (--prune)"
                        : "warning: \(update.name): its source no longer holds it; kept (pass --prune to remove it)")
                continue
            }
            let span =
                "\(update.fromCommit.map { String($0.prefix(12)) } ?? "-") → \(update.toCommit.map { String($0.prefix(12)) } ?? "-")"
            if update.isUpToDate {
                output.print("\(update.name): up to date (\(span))")
                continue
            }
            output.print("\(update.name): \(dryRun ? "would update" : "updated") \(span)")
            if let scan = update.scan { RiskOutput.print(scan, skill: update.name, to: output) }
            for file in update.files where file.outcome != "kept" || !file.localChanges.isEmpty {
                output.print("  \(file.path): \(file.outcome)")
                for change in file.localChanges { output.print("    local    \(change.summary)") }
                for change in file.upstreamChanges { output.print("    upstream \(change.summary)") }
                for conflict in file.conflicts {
                    output.print(
                        "    CONFLICT at line \(conflict.line): local \"\(conflict.local)\" / upstream \"\(conflict.upstream)\""
                    )
                }
            }
        }
        let conflicts = updates.reduce(0) { $0 + $1.conflicts }
        if conflicts > 0 {
            output.error(
                "\(conflicts) conflict\(conflicts == 1 ? "" : "s")\(dryRun ? " would be" : "") written with <<<<<<< markers; edit them to the text you want, then run `skillscope resolve NAME`"
            )
            return .failure
        }
        return blocked ? .failure : .success
    }
}
