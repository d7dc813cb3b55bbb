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

    /// A skill named `api` whose file names `localeCompare` orders differently from code points (`api_examples.md`
    /// before `api-reference.md`, `references/…` before `SKILL.md`), written for issue 46.
    public static let apiSkill: [String: String] = [
        "SKILL.md":
            "---\nname: api\ndescription: Calls the service API.\n---\n\n- Read api_examples.md before api-reference.md.\n",
        "api-reference.md": "# Reference\n\nGET /items returns a list.\n",
        "api_examples.md": "# Examples\n\ncurl /items\n",
        "references/Notes.md": "Use the v2 endpoints.\n",
        "references/notes.md": "notes\n",
    ]

    /// ``apiSkill``'s `computedHash` by the skills CLI's algorithm (`computeSkillFolderHash` in vercel-labs/skills'
    /// `src/local-lock.ts`: every regular file, sorted by `localeCompare`, sha256 over each path then its bytes),
    /// computed with Node 18's own `localeCompare` from these files.
    public static let apiSkillHash = "cbcda2860b8247d713459c8d30acfc9c9fcfb3d60edcf41479d41745b8ea697d"

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
