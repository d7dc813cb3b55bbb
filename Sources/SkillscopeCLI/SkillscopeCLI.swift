internal import Allocator
internal import Foundation
internal import SkillscopeEmbeddings
internal import SkillscopeIngest
internal import SkillscopeStore
internal import SkillscopeSync

/// The `skillscope` command line: picks the command, reads shared options, maps errors to exit codes.
public enum SkillscopeCLI {
    static let commands: [any Command.Type] = [
        IngestCommand.self, CrawlCommand.self, RulesCommand.self, ShowCommand.self, SearchCommand.self,
        VersionsCommand.self, CheckCommand.self, ExportCommand.self, MigrateCommand.self, ServeCommand.self,
        MCPCommand.self, TokenCommand.self, ReviewsCommand.self, StatsCommand.self, RemixCommand.self, AddCommand.self,
        RemoveCommand.self, ListCommand.self, InstallCommand.self, UpdateCommand.self, ResolveCommand.self,
        KeepCommand.self, SyncCommand.self,
        StatusCommand.self, GroupCommand.self, AnalyzeCommand.self, ModelCommand.self,
    ]

    static var usage: String {
        let width = commands.map { $0.name.count }.max() ?? 0
        let list = commands.map { "  \($0.name.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.summary)" }
        return """
            skillscope: index, split and rate the instruction files AI coding agents read.

            Usage: skillscope <command> [options]

            Commands:
            \(list.joined(separator: "\n"))

            Options for every command:
              --db DB     the registry: an SQLite path or a postgres:// URL (default $SKILLSCOPE_DB,
                          else ~/.skillscope/registry.sqlite)
              --model DIR the all-MiniLM-L6-v2 folder (default $SKILLSCOPE_MODEL, else
                          $XDG_DATA_HOME/skillscope/models/all-MiniLM-L6-v2; `skillscope model install` fills it)
              --json      print results as JSON (read commands)
              --help      show a command's help

            Exit codes: 0 ok, 1 nothing found (or drift, a conflict, a lock mismatch), 64 usage, 65 bad data, 66 no input,
            69 registry unavailable, 70 an unexpected error.
            """
    }

    /// The commands a mistyped name most likely meant: those fewest edits away (letters added, dropped, changed
    /// or two swapped), two at most, or the one command it begins.
    static func closestCommands(to typed: String) -> [String] {
        let names = commands.map { $0.name }
        let prefixed = names.filter { $0.hasPrefix(typed) }
        if !typed.isEmpty, prefixed.count == 1 { return prefixed }
        let distances = names.map { editDistance(Array(typed), Array($0)) }
        guard let nearest = distances.min(), nearest <= 2 else { return [] }
        return zip(names, distances).filter { $0.1 == nearest }.map(\.0)
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// The options every command takes (`--db DB`, `--model DIR`, `--json`), moved from before the command name
    /// to after it, so `skillscope --db X stats` reads as `skillscope stats --db X`.
    static func commandFirst(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var rest = arguments[...]
        while let first = rest.first {
            if ["--db", "--model"].contains(first), rest.count >= 2 {
                leading += rest.prefix(2)
                rest = rest.dropFirst(2)
            } else if first.hasPrefix("--db=") || first.hasPrefix("--model=") || first == "--json" {
                leading.append(first)
                rest = rest.dropFirst()
            } else {
                break
            }
        }
        guard !leading.isEmpty, let command = rest.first else { return arguments }
        return [command] + leading + rest.dropFirst()
    }

    /// Runs the command line `arguments` (without the program name) and returns the exit code.
    public static func main(_ arguments: [String], environment: [String: String]) async -> ExitCode {
        let output = Output()
        let arguments = Self.commandFirst(arguments)
        guard let name = arguments.first, !name.hasPrefix("-") || name == "--help" || name == "-h" else {
            if arguments.first == "--version" {
                output.print("skillscope 0.1.0 (memory allocator: \(Allocator.description))")
                return .success
            }
            output.error(arguments.isEmpty ? usage : "skillscope: unknown option \(arguments[0])\n\n" + usage)
            return arguments.isEmpty ? .usage : .usage
        }
        if name == "--help" || name == "-h" || name == "help" {
            output.print(usage)
            return .success
        }
        guard let type = commands.first(where: { $0.name == name }) else {
            let close = Self.closestCommands(to: name).map { "`skillscope \($0)`" }
            let guess = close.isEmpty ? "" : "; did you mean \(close.joined(separator: " or "))?"
            output.error("skillscope: unknown command '\(name)'\(guess) (see `skillscope --help`)")
            return .usage
        }
        var rest = Arguments(Array(arguments.dropFirst()), command: name)
        if rest.flag("help") || arguments.dropFirst().contains("-h") {
            output.print(type.help)
            return .success
        }
        do {
            let home = environment["HOME"] ?? NSHomeDirectory()
            let named = try rest.option("db") ?? environment["SKILLSCOPE_DB"].flatMap { $0.isEmpty ? nil : $0 }
            let db = named ?? home + "/.skillscope/registry.sqlite"
            let json = rest.flag("json")
            let model = ModelFolder.resolve(flag: try rest.option("model"), environment: environment)
            var context = Context(
                environment: environment, databasePath: db, json: json, output: output, modelFolder: model)
            context.isRegistryNamed = named != nil
            let command = try type.init(arguments: &rest, context: context)
            return try await command.run(context: context)
        } catch let error as CLIError {
            output.error("skillscope \(name): \(error.message)")
            return error.exitCode
        } catch let error as StoreError {
            output.error("skillscope \(name): \(error.message)")
            switch error.code {
            case .notFound: return .noInput
            case .corrupt: return .dataError
            case .invalidQuery: return .usage
            default: return .unavailable
            }
        } catch let error as SyncError {
            output.error("skillscope \(name): \(error.message)")
            return error.exitCode
        } catch let error as EmbeddingsError {
            output.error("skillscope \(name): \(error.message)")
            switch error.code {
            case .modelMissing: return .noInput
            case .modelCorrupt: return .dataError
            default: return .unavailable
            }
        } catch let error as IngestError {
            output.error("skillscope \(name): \(error.message)")
            return error.code == .noInput ? .noInput : .dataError
        } catch {
            output.error("skillscope \(name): \(error) (an unexpected error: please report it)")
            return .internalError
        }
    }
}
