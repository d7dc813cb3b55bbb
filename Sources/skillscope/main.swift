import Allocator
import Foundation
import SkillscopeCLI

Allocator.configure()

let code = await SkillscopeCLI.main(
    Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
exit(code.rawValue)
