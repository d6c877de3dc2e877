import Foundation

/// A child process: the one place SplashLab starts one (ffmpeg and ffprobe for intros, reference
/// recordings and `record`; cpp for a preprocessed Info.plist; the program itself for a capture's
/// render and the window's reference curve).
///
/// Every child gets the same treatment: standard input is /dev/null unless the caller feeds it;
/// standard error, when it is read, is read a line at a time on a thread of its own (each line at
/// most `longestLine` bytes), so neither pipe fills and stalls the child; an optional time limit
/// stops it with SIGTERM; and `wait()` asks the kernel, not Foundation's monitor thread (see
/// `wait()` for why).
public final class Subprocess: @unchecked Sendable {
    /// What the child reads.
    public enum Input {
        /// /dev/null.
        case none
        /// A pipe the caller writes through `input` and closes.
        case pipe
        /// These bytes, written from a thread of their own (a large input would otherwise fill the
        /// pipe while the child's own output waits to be read), then end of file.
        case bytes([UInt8])
    }

    /// Where the child's standard output goes.
    public enum Output {
        /// /dev/null.
        case discard
        /// A pipe the caller reads through `output` (or `readOutput(limit:)`).
        case pipe
    }

    /// Where the child's standard error goes.
    public enum ErrorOutput {
        /// /dev/null.
        case discard
        /// This process's standard error: the child speaks to the user directly.
        case inherit
        /// Each line to `line` as it arrives, on the reader's thread; `end` once the pipe closes.
        case lines(_ line: @Sendable (String) -> Void, end: @Sendable () -> Void = {})
        /// Kept, to read once the child has ended: `errorLines` and `lastErrorLine`.
        case collect
        /// Appended to a file, read once the child has ended (ffmpeg's log while it encodes).
        case file(String)
    }

    /// How a child ended.
    public enum Termination: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)

        /// As a shell reports it: the exit code, or 128 plus the signal.
        public var status: Int32 {
            switch self {
            case let .exited(code): return code
            case let .signalled(signal): return 128 + signal
            }
        }
    }

    /// The child's output was larger than its reader allowed; the child was stopped.
    public struct OutputLimitExceeded: Error {
        public let limit: Int
    }

    /// A line of standard error past this many bytes is cut here (ffmpeg's side-data dumps).
    public static let longestLine = 4096

    /// The executable's file name, for messages.
    public let tool: String
    /// The write end of the child's standard input, with `.pipe`.
    public let input: FileHandle?
    /// The read end of the child's standard output, with `.pipe`.
    public let output: FileHandle?

    private let process = Process()
    private let collected = CollectedLines()
    private let timer: DispatchSourceTimer?
    private let errorReader: Thread?
    private let errorReaderDone = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var ended: Termination?

    /// Starts `executable` with `arguments`. Throws what Foundation throws when it cannot start
    /// (no such file, not executable), for the caller to name in its own terms.
    /// `environment` is added to this process's own for the child.
    public init(_ executable: String, _ arguments: [String], input: Input = .none, output: Output = .discard,
                errors: ErrorOutput = .discard, timeLimit: Double? = nil, environment: [String: String] = [:]) throws {
        tool = (executable as NSString).lastPathComponent
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        }
        var inputPipe: Pipe?
        switch input {
        case .none: process.standardInput = FileHandle.nullDevice
        case .pipe, .bytes:
            let pipe = Pipe()
            process.standardInput = pipe
            inputPipe = pipe
        }
        var outputPipe: Pipe?
        switch output {
        case .discard: process.standardOutput = FileHandle.nullDevice
        case .pipe:
            let pipe = Pipe()
            process.standardOutput = pipe
            outputPipe = pipe
        }
        var errorPipe: Pipe?
        var errorLog: FileHandle?
        switch errors {
        case .discard: process.standardError = FileHandle.nullDevice
        case .inherit: process.standardError = FileHandle.standardError
        case .lines, .collect:
            let pipe = Pipe()
            process.standardError = pipe
            errorPipe = pipe
        case let .file(path):
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            errorLog = FileHandle(forWritingAtPath: path)
            process.standardError = errorLog ?? FileHandle.nullDevice
        }
        try process.run()
        // The child holds its own copy now.
        try? errorLog?.close()
        self.input = inputPipe?.fileHandleForWriting
        self.output = outputPipe?.fileHandleForReading
        if case let .bytes(bytes) = input, let handle = inputPipe?.fileHandleForWriting {
            Thread {
                try? handle.write(contentsOf: Data(bytes))
                try? handle.close()
            }.start()
        }
        if let timeLimit {
            let process = self.process
            let timer = DispatchSource.makeTimerSource()
            timer.schedule(deadline: .now() + timeLimit)
            timer.setEventHandler { if process.isRunning { process.terminate() } }
            timer.resume()
            self.timer = timer
        } else {
            timer = nil
        }
        var lineReader: (line: @Sendable (String) -> Void, end: @Sendable () -> Void)?
        switch errors {
        case let .lines(line, end): lineReader = (line, end)
        case .collect:
            let collected = self.collected
            lineReader = ({ collected.store($0) }, {})
        default: break
        }
        if let (line, end) = lineReader, let handle = errorPipe?.fileHandleForReading {
            let done = errorReaderDone
            let reader = Thread {
                Self.readLines(handle, line)
                end()
                done.signal()
            }
            reader.start()
            errorReader = reader
        } else {
            errorReader = nil
            errorReaderDone.signal()
        }
    }

    private static func readLines(_ handle: FileHandle, _ line: (String) -> Void) {
        var pending = [UInt8]()
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            for byte in chunk {
                if byte == UInt8(ascii: "\n") {
                    line(String(decoding: pending, as: UTF8.self))
                    pending.removeAll(keepingCapacity: true)
                } else if pending.count < longestLine {
                    pending.append(byte)
                }
            }
        }
        if !pending.isEmpty { line(String(decoding: pending, as: UTF8.self)) }
    }

    /// With `.collect`, once `wait()` has returned: the first lines of standard error (at most
    /// `CollectedLines.keptLines`), and its last non-empty line (at most 300 characters).
    public var errorLines: [String] { collected.lines }
    public var lastErrorLine: String { collected.last }

    /// Whether the child is still running (it has not exited, as the kernel reports).
    public var isRunning: Bool { exitIfEnded() == nil }

    /// How the child ended, or nil while it runs; never blocks.
    public func exitIfEnded() -> Termination? {
        lock.lock(); defer { lock.unlock() }
        if let ended { return ended }
        ended = Self.peekExit(process)
        return ended
    }

    /// Asks the child to stop (SIGTERM).
    public func terminate() {
        if isRunning { process.terminate() }
    }

    /// Waits for the child to end and for its standard error's reader to finish, and stops the
    /// time limit's timer.
    ///
    /// Foundation's `waitUntilExit` was seen waiting forever here: an encoder had exited and
    /// stayed a zombie, never reaped, while another child was still alive; Foundation's monitor
    /// thread waited in a run loop on a socket, and a SIGCHLD sent again did not wake it. So this
    /// asks the kernel: waitid with WNOWAIT reports the exit and its status without reaping the
    /// child, which stays Foundation's to reap.
    @discardableResult
    public func wait() -> Termination {
        var termination = exitIfEnded()
        while termination == nil {
            usleep(2_000)
            termination = exitIfEnded()
        }
        timer?.cancel()
        errorReaderDone.wait()
        errorReaderDone.signal()
        return termination!
    }

    /// Reads standard output to its end: at most `limit` bytes, past which the child is stopped
    /// and `OutputLimitExceeded` thrown.
    public func readOutput(limit: Int) throws -> [UInt8] {
        guard let output else { return [] }
        var result = [UInt8]()
        while true {
            let chunk = output.availableData
            if chunk.isEmpty { break }
            if result.count + chunk.count > limit {
                terminate()
                wait()
                throw OutputLimitExceeded(limit: limit)
            }
            result.append(contentsOf: chunk)
        }
        return result
    }

    /// The exit, if the child has exited, without reaping it (waitid(2), WNOWAIT).
    private static func peekExit(_ process: Process) -> Termination? {
        let pid = id_t(process.processIdentifier)
        var info = siginfo_t()
        if waitid(P_PID, pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0, info._sifields._kill.si_pid == pid_t(pid) {
            // <bits/siginfo-consts.h>: CLD_EXITED (1) carries the exit code, the others a signal.
            let code = info.si_code, value = info._sifields._sigchld.si_status
            return code == 1 ? .exited(value) : .signalled(value)
        }
        // Already reaped (by Foundation's monitor): its own record is then final.
        if !process.isRunning {
            return process.terminationReason == .uncaughtSignal ? .signalled(process.terminationStatus) : .exited(process.terminationStatus)
        }
        return nil
    }
}

/// A child's standard error as `Subprocess.ErrorOutput.collect` keeps it.
final class CollectedLines: @unchecked Sendable {
    /// A tool's own message is a few lines; a chatty one's are not all kept.
    static let keptLines = 200
    private let lock = NSLock()
    private var kept: [String] = []
    private var lastNonEmpty = ""

    func store(_ line: String) {
        lock.lock(); defer { lock.unlock() }
        if kept.count < Self.keptLines { kept.append(line) }
        if !line.trimmingCharacters(in: .whitespaces).isEmpty { lastNonEmpty = String(line.prefix(300)) }
    }

    var lines: [String] { lock.lock(); defer { lock.unlock() }; return kept }
    var last: String { lock.lock(); defer { lock.unlock() }; return lastNonEmpty }
}
