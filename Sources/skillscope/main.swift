import Foundation
import SkillscopeCLI

let code = await SkillscopeCLI.main(
    Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
exit(code.rawValue)
