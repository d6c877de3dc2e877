import Foundation

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
        var result = [UInt8]()
        let errors = ErrorCollector()
        let run = try start(executable, arguments, timeLimit: timeLimit) { errors.store($0) }
        let handle = run.output.fileHandleForReading
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            if result.count + chunk.count > limit {
                run.process.terminate()
                run.process.waitUntilExit()
                throw RenderError("\(path): \(run.tool) wrote more than the \(limit) bytes expected")
            }
            result.append(contentsOf: chunk)
        }
        try finish(run, path: path, timeLimit: timeLimit, lastError: errors.lastLine())
        return result
    }

    /// A started tool: its process, its standard output, the timer that stops it.
    struct Run {
        let process: Process
        let output: Pipe
        let tool: String
        let timer: DispatchSourceTimer
        let errorReader: Thread
    }

    /// Starts a tool with standard error read on another thread, a line at a time (each line at
    /// most `ErrorLines.longestLine` characters), so neither pipe fills and stalls the tool.
    static func start(_ executable: String, _ arguments: [String], timeLimit: Double,
                      standardError: @escaping @Sendable (String) -> Void) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let timer = DispatchSource.makeTimerSource()
        timer.schedule(deadline: .now() + timeLimit)
        timer.setEventHandler { if process.isRunning { process.terminate() } }
        timer.resume()
        let errorHandle = errors.fileHandleForReading
        let reader = Thread {
            var pending = [UInt8]()
            while true {
                let chunk = errorHandle.availableData
                if chunk.isEmpty { break }
                for byte in chunk {
                    if byte == UInt8(ascii: "\n") {
                        standardError(String(decoding: pending, as: UTF8.self))
                        pending.removeAll(keepingCapacity: true)
                    } else if pending.count < ErrorCollector.longestLine {
                        pending.append(byte)
                    }
                }
            }
            if !pending.isEmpty { standardError(String(decoding: pending, as: UTF8.self)) }
            standardError(ErrorCollector.endOfStream)
        }
        reader.start()
        return Run(process: process, output: output, tool: (executable as NSString).lastPathComponent, timer: timer, errorReader: reader)
    }

    /// Waits for the tool to end; a signal (the time limit) or a failing status is an error.
    static func finish(_ run: Run, path: String, timeLimit: Double, lastError: @autoclosure () -> String) throws {
        run.process.waitUntilExit()
        run.timer.cancel()
        let reason = lastError()
        if run.process.terminationReason == .uncaughtSignal {
            throw RenderError("\(path): \(run.tool) was stopped after \(String(format: "%.0f s", timeLimit)) or by a signal\(reason.isEmpty ? "" : ": " + reason)")
        }
        guard run.process.terminationStatus == 0 else {
            throw RenderError("\(path): \(run.tool) could not read it\(reason.isEmpty ? "" : ": " + reason)")
        }
    }
}

/// Standard error of a tool, kept as its last non-empty line.
final class ErrorCollector: @unchecked Sendable {
    /// What the reader passes once the pipe has closed.
    static let endOfStream = "\u{0}end"
    /// A line of ffmpeg's is short; its side-data dumps are not, and are cut here.
    static let longestLine = 4096
    private let lock = NSLock()
    private var last = ""
    private var finished = false

    func store(_ line: String) {
        lock.lock(); defer { lock.unlock() }
        if line == Self.endOfStream { finished = true; return }
        if !line.trimmingCharacters(in: .whitespaces).isEmpty { last = String(line.prefix(300)) }
    }

    /// The last non-empty line, once the reader has finished (it has when the tool has exited and
    /// its pipe closed), at most 300 characters.
    func lastLine() -> String {
        for _ in 0..<200 {
            lock.lock(); let done = finished; lock.unlock()
            if done { break }
            Thread.sleep(forTimeInterval: 0.005)
        }
        lock.lock(); defer { lock.unlock() }
        return last
    }
}
