public import Foundation

/// Material the install and sync tests share.
public enum SyncFixtures {
    /// A valid skill named `demo-skill` with three rules on lines 9, 10 and 11.
    public static let demoSkill = """
        ---
        name: demo-skill
        description: Demo rules for tests. Use when testing installs.
        ---
        # Demo Skill

        ## Rules

        - Follow rule one.
        - Follow rule two.
        - Follow rule three.

        """

    /// The sha256 of `text` as the system's `sha256sum` prints it, independent of the code under test.
    public static func sha256(_ text: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try? process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try? input.fileHandleForWriting.close()
        let data = output.readAll()
        process.waitUntilExit()
        return String(String(decoding: data, as: UTF8.self).prefix(64))
    }
}
