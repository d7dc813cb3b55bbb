internal import SkillscopeSync

/// How `add`, `update` and `install` say what the security scan found in a skill they install, on standard error.
enum RiskOutput {
    /// The help shared by the three commands.
    static let help = """
          --allow-risk   install a skill whose security scan fails anyway; the findings are printed and
                         skillscope.lock records them, with the content they were accepted for
        """

    /// Says `scan`'s warnings, the fail-level findings accepted now, and those the lock accepted before.
    ///
    /// - Parameter lockFile: the lock the acceptance is recorded in, for the sentence.
    static func print(_ scan: RiskVerdict, skill: String, lockFile: String = "skillscope.lock", to output: Output) {
        if !scan.failures.isEmpty {
            output.error(
                "warning: \(skill): its security scan fails and was accepted with --allow-risk; \(lockFile) records:")
            for finding in scan.failures { output.error("  " + finding.described(skill: skill)) }
        }
        if !scan.accepted.isEmpty {
            output.error("note: \(skill): fail-level findings \(lockFile) accepts (--allow-risk):")
            for finding in scan.accepted { output.error("  " + finding.described(skill: skill)) }
        }
        for finding in scan.warnings { output.error("warning: " + finding.described(skill: skill)) }
    }
}
