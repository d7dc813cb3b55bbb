public import Foundation
import Synchronization

/// Runs the real `skillscope` binary and collects what it printed.
public struct BinaryRun: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

public enum BinaryRunner {
    /// Runs `skillscope arguments…` to completion with `environment` added; killed after `timeout` seconds.
    public static func run(_ arguments: [String], environment: [String: String] = [:], timeout: Double = 600) throws
        -> BinaryRun
    {
        try collect(try start(arguments, environment: environment), timeout: timeout)
    }

    /// Runs another program (a test client such as a browser driver) to completion; killed after `timeout` seconds.
    public static func runProgram(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], timeout: Double = 600
    ) throws -> BinaryRun {
        try collect(try startProgram(executable, arguments, environment: environment), timeout: timeout)
    }

    /// Waits for `process`, reading both pipes fully first so a large output cannot block it.
    ///
    /// A process still running after `timeout` seconds is killed with SIGKILL, so a hung program fails its test
    /// instead of hanging the suite; its standard error then ends with a line that says so.
    private static func collect(_ process: Process, timeout: Double) throws -> BinaryRun {
        let pid = process.processIdentifier
        let killedForTime = Flag()
        let watchdog = DispatchWorkItem {
            killedForTime.set()
            Foundation.kill(pid, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        defer { watchdog.cancel() }
        let out = process.standardOutput as? Pipe
        let err = process.standardError as? Pipe
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = err?.readAll() ?? Data()
            group.leave()
        }
        let outData = out?.readAll() ?? Data()
        group.wait()
        process.waitUntilExit()
        watchdog.cancel()
        var stderr = String(decoding: errData, as: UTF8.self)
        if killedForTime.isSet {
            stderr += "\n[test harness: killed after \(Int(timeout)) s]\n"
        }
        return BinaryRun(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: stderr)
    }

    /// Starts `skillscope arguments…` with piped output; the caller waits or kills it.
    public static func start(_ arguments: [String], environment: [String: String] = [:]) throws -> Process {
        try startProgram(Paths.binary, arguments, environment: environment)
    }

    /// Starts `executable arguments…` with piped output and `$SKILLSCOPE_DB` removed.
    public static func startProgram(_ executable: String, _ arguments: [String], environment: [String: String] = [:])
        throws -> Process
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
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

    /// Kills `process` with SIGKILL once `ready` says so, checked every 5 ms; returns whether it was killed
    /// before it finished.
    ///
    /// The wait is a blocking sleep on purpose: after `Task.sleep` the check waits for a free one of the few
    /// threads the tests share, and while other tests hold them all the process finishes unkilled.
    public static func kill(_ process: Process, when ready: () -> Bool, within seconds: Double = 60) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline && process.isRunning && !ready() { usleep(5_000) }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal
    }
}

/// A flag one thread sets and another reads.
private final class Flag: Sendable {
    private let value = Mutex(false)
    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}
