import Foundation
import SkillscopeTesting
import Testing

/// bench/peers/mcp_conformance.py against the real binary: every named MUST of MCP 2026-07-28, its Streamable HTTP
/// transport, the legacy handshake and the Skills extension, under both SDK lines (2.x in bench/.venv, 1.x in
/// bench/.venv-mcp1, both made by bench/peers/setup.sh), over stdio and HTTP.
@Suite(.serialized) struct ConformanceTests {
    static let script = Paths.packageRoot + "/bench/peers/mcp_conformance.py"

    /// The SDK lines: the venv's interpreter and the major version it must hold.
    static let sdks = [("bench/.venv", 2), ("bench/.venv-mcp1", 1)]

    /// Whether `venv` holds the SDK of major version `major`.
    static func isInstalled(_ venv: String, major: Int) -> Bool {
        let python = Paths.packageRoot + "/" + venv + "/bin/python"
        guard FileManager.default.isExecutableFile(atPath: python) else { return false }
        let check = try? BinaryRunner.runProgram(
            python,
            [
                "-c",
                "import mcp, jsonschema, yaml, importlib.metadata as m; assert m.version('mcp').startswith('\(major).')",
            ],
            timeout: 60)
        return check?.status == 0
    }

    static let bothInstalled = sdks.allSatisfy { isInstalled($0.0, major: $0.1) }

    /// Why a check may be passed over: it belongs to the other transport, or to the era SDK 1.x does not speak.
    ///
    /// A check skipped for any other reason (the script's time budget, say) fails the test.
    static func isExpectedSkip(_ reason: String, transport: String) -> Bool {
        reason == (transport == "stdio" ? "http only" : "stdio only")
            || reason.hasPrefix("SDK 1.") && reason.contains("only the initialize handshake")
    }

    @Test(
        .enabled(if: bothInstalled, "bench/.venv or bench/.venv-mcp1 lacks its MCP SDK: run bench/peers/setup.sh"),
        arguments: ["stdio", "http"])
    func everyMustPassesUnderBothSDKLines(transport: String) throws {
        let directory = TemporaryDirectory("skillscope-mcp-conformance")
        let db = directory.appending("registry.sqlite")
        let ingest = try BinaryRunner.run(["ingest", Paths.examples, "--db", db])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        try conform(db: db, transport: transport, every: false)
    }

    /// Every skill of ../shared/corpus, not a sample, over stdio and HTTP: each listed URI is unique, each listed
    /// file reads back with its size and digest, each front matter is SKILL.md's, and each skills/get answer is its
    /// listing entry.
    @Test(
        .enabled(if: Paths.sharedCorpus != nil, "../shared/corpus is absent"),
        .enabled(if: bothInstalled, "bench/.venv or bench/.venv-mcp1 lacks its MCP SDK: run bench/peers/setup.sh"))
    func everyCorpusSkillReadsBackUnderBothSDKLines() throws {
        let corpus = try #require(Paths.sharedCorpus)
        let directory = TemporaryDirectory("skillscope-mcp-conformance-corpus")
        let db = directory.appending("registry.sqlite")
        let ingest = try BinaryRunner.run(["ingest", corpus, "--db", db], timeout: 900)
        try #require(ingest.status == 0, "\(ingest.stderr.suffix(2000))")
        for transport in ["stdio", "http"] {
            try conform(db: db, transport: transport, every: true)
        }
    }

    /// Runs the script under both SDK lines against `db` over `transport` and checks its reports.
    func conform(db: String, transport: String, every: Bool) throws {
        let name = "conf-\(transport)"
        let created = try BinaryRunner.run(["token", "create", "--name", name, "--db", db])
        #expect(created.status == 0, "\(created.stderr)")
        let token = created.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        var passedSomewhere = Set<String>()
        var checks = Set<String>()
        var otherTransport = Set<String>()
        for (venv, major) in Self.sdks {
            let run = try BinaryRunner.runProgram(
                Paths.packageRoot + "/" + venv + "/bin/python",
                [
                    Self.script, "--binary", Paths.binary, "--db", db, "--transport", transport, "--token-name", name,
                ] + (every ? ["--every", "--budget", "1500"] : []),
                environment: ["SKILLSCOPE_TOKEN": token], timeout: every ? 1800 : 400)
            let line = try #require(run.stdout.split(separator: "\n").last, "no report: \(run.stderr.suffix(2000))")
            let report = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            let sdk = report["sdk"] as? String ?? ""
            #expect(sdk.hasPrefix("\(major)."), "\(venv) ran SDK \(sdk)")
            let failed = report["failed"] as? [[String: Any]] ?? []
            #expect(failed.isEmpty, "SDK \(sdk) over \(transport): \(failed)")
            #expect(run.status == 0, "SDK \(sdk) over \(transport): exit \(run.status)\n\(run.stderr.suffix(2000))")
            passedSomewhere.formUnion(report["passed"] as? [String] ?? [])
            checks.formUnion(report["passed"] as? [String] ?? [])
            checks.formUnion(failed.compactMap { $0["name"] as? String })
            for skipped in report["skipped"] as? [[String: Any]] ?? [] {
                let name = skipped["name"] as? String ?? "?"
                let why = skipped["why"] as? String ?? ""
                checks.insert(name)
                if why.hasSuffix(" only") { otherTransport.insert(name) }
                #expect(Self.isExpectedSkip(why, transport: transport), "SDK \(sdk): \(name) skipped: \(why)")
            }
        }
        // All 51 checks were named; each of this transport's passed under at least one SDK line (the current-era
        // SDK session only under 2.x); and the MUSTs the issue lists are among them.
        #expect(checks.count >= 51, "the script named \(checks.count) checks")
        let ranNowhere = checks.subtracting(passedSomewhere).subtracting(otherTransport)
        #expect(ranNowhere.isEmpty, "passed under neither SDK: \(ranNowhere.sorted())")
        for name in Self.required(transport) {
            #expect(passedSomewhere.contains(name), "\(name) did not pass over \(transport)")
        }
    }

    /// The MUSTs the issue names, by the script's check names, that each transport must pass.
    static func required(_ transport: String) -> [String] {
        var names = [
            "discover/result", "results/resultType-and-cache-hints", "meta/missing-clientCapabilities-32602",
            "resources/read-unknown-32602", "skills/list-walk", "skills/resources-read-back",
            "skills/frontmatter-verbatim", "skills/get-listed", "skills/limits-512-files-16MiB",
            "skills/get-unknown-32602", "skills/directory-read-gated", "legacy/initialize-2025-06-18",
            "registry_write/reviewer-with-agent", "jsonrpc/batch-rejected-32600", "sdk/modern-session",
            "sdk/legacy-session",
        ]
        if transport == "http" {
            names += [
                "http/header-mismatch-32020", "http/missing-required-header-32020", "http/no-session-id-new-era",
                "http/refused-initialize-no-session-id",
            ]
        }
        return names
    }
}
