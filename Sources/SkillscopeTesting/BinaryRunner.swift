public import Foundation

/// Runs the real `skillscope` binary and collects what it printed.
public struct BinaryRun: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

public enum BinaryRunner {
    /// Runs `skillscope arguments…` to completion with `environment` added.
    public static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> BinaryRun {
        let process = try start(arguments, environment: environment)
        let out = process.standardOutput as? Pipe
        let err = process.standardError as? Pipe
        // Read both pipes fully before waiting, so a large output cannot block the child.
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = err?.fileHandleForReading.readDataToEndOfFile() ?? Data()
            group.leave()
        }
        let outData = out?.fileHandleForReading.readDataToEndOfFile() ?? Data()
        group.wait()
        process.waitUntilExit()
        return BinaryRun(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Starts `skillscope arguments…` with piped output; the caller waits or kills it.
    public static func start(_ arguments: [String], environment: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Paths.binary)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "SKILLSCOPE_DB")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }
}
