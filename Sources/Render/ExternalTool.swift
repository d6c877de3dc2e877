import Foundation
import Formats

/// The first executable called `name` on PATH.
public func findOnPath(_ name: String) -> String? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
        let candidate = "\(dir)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}

/// ffprobe and ffmpeg runs, as the video intro and the reference recording read their files: every
/// run has a time limit and a bound on what it may write, and a failure is an error naming the
/// file and the tool's last line of standard error.
enum ExternalTool {
    /// Standard output of one run as text. The listing of 72,000 frames' times is under 1 MiB;
    /// 8 MiB is far past any real one.
    static func text(_ executable: String, _ arguments: [String], path: String, timeLimit: Double = 30) throws -> String {
        String(decoding: try bytes(executable, arguments, path: path, limit: 8 << 20, timeLimit: timeLimit), as: UTF8.self)
    }

    /// Standard output of one run, at most `limit` bytes; a failure, a signal or `timeLimit`
    /// passing is an error naming the file and the tool's last line of standard error.
    static func bytes(_ executable: String, _ arguments: [String], path: String, limit: Int, timeLimit: Double) throws -> [UInt8] {
        let run = try start(executable, arguments, timeLimit: timeLimit, standardError: .collect)
        let result: [UInt8]
        do { result = try run.readOutput(limit: limit) } catch is Subprocess.OutputLimitExceeded {
            throw RenderError("\(path): \(run.tool) wrote more than the \(limit) bytes expected")
        }
        try finish(run, path: path, timeLimit: timeLimit, lastError: run.lastErrorLine)
        return result
    }

    /// Starts a tool with its standard output on a pipe and standard error read as `standardError` says.
    static func start(_ executable: String, _ arguments: [String], timeLimit: Double,
                      standardError: Subprocess.ErrorOutput) throws -> Subprocess {
        try Subprocess(executable, arguments, output: .pipe, errors: standardError, timeLimit: timeLimit)
    }

    /// Waits for the tool to end; a signal (the time limit) or a failing status is an error.
    static func finish(_ run: Subprocess, path: String, timeLimit: Double, lastError: @autoclosure () -> String) throws {
        let termination = run.wait()
        let reason = lastError()
        switch termination {
        case .signalled:
            throw RenderError("\(path): \(run.tool) was stopped after \(String(format: "%.0f s", timeLimit)) or by a signal\(reason.isEmpty ? "" : ": " + reason)")
        case let .exited(code) where code != 0:
            throw RenderError("\(path): \(run.tool) could not read it\(reason.isEmpty ? "" : ": " + reason)")
        case .exited:
            return
        }
    }
}
