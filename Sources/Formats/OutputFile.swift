import Foundation

/// A write that failed: where it was going (a path, or "standard output") and the system's reason.
public struct WriteError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public init(path: String, reason: String) { self.path = path; self.reason = reason }
    public var description: String { "cannot write \(path): \(reason)" }
}

/// Writes a whole file or nothing. The bytes go to a new file beside the target; every write,
/// the flush to disk and the close are checked, and only then does a rename put it under the
/// target's name. So a reader sees the old file or the new one, and a full disk or an I/O error
/// leaves the old file (or none) and a message, never half a file under the final name.
///
/// What a rename cannot replace is written straight into, each write checked: an existing
/// device (`/dev/full`, `/dev/null`, a terminal), a FIFO (a shell's `>(…)`), and the process's
/// own descriptors by name (`/dev/stdout`, `/dev/fd/N`), which are written at their current
/// offset so a shell's `>>` still appends. A symbolic link is kept: its target is replaced.
public enum OutputFile {
    /// The name standard output has in messages.
    public static let standardOutputName = "standard output"

    public static func write(_ text: String, to path: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0), to: path) }
    }

    public static func write(_ bytes: [UInt8], to path: String) throws {
        try bytes.withUnsafeBytes { try write($0, to: path) }
    }

    public static func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws {
        if let descriptor = openDescriptor(named: path) {
            try writeAll(bytes, to: descriptor, name: path)
            return
        }
        var status = stat()
        if stat(path, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFREG: try replace(resolvingLink(path), with: bytes, keeping: status)
            case S_IFDIR: throw WriteError(path: path, reason: "it is a folder")
            default: try writeStraight(bytes, into: path)
            }
        } else {
            try replace(path, with: bytes, keeping: nil)
        }
    }

    /// Text to standard output, every byte of it, or a `WriteError` naming standard output: a
    /// closed pipe (`| head`) or a full disk is a failure to report, not a silent end. The
    /// process must ignore SIGPIPE for a closed pipe to come back as EPIPE here.
    public static func writeStandardOutput(_ text: String) throws {
        var text = text
        try text.withUTF8 { try writeAll(UnsafeRawBufferPointer($0), to: STDOUT_FILENO, name: standardOutputName) }
    }

    /// Text to standard error, as much as it takes: a message that cannot be shown has nowhere
    /// left to be reported, and must not stop the process (Foundation's `FileHandle.write` traps
    /// on a closed descriptor).
    public static func writeStandardError(_ text: String) {
        var text = text
        text.withUTF8 { try? writeAll(UnsafeRawBufferPointer($0), to: STDERR_FILENO, name: "standard error") }
    }

    // MARK: The two ways of writing

    /// Through a temporary file beside `path` and a rename over it.
    private static func replace(_ path: String, with bytes: UnsafeRawBufferPointer, keeping existing: stat?) throws {
        let (descriptor, temporary) = try createTemporary(beside: path)
        do { try writeAll(bytes, to: descriptor, name: path) } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        try finish(temporary, open: descriptor, as: path, keeping: existing)
    }

    /// Flushes a finished temporary to disk, closes it and renames it to `path`, or removes it
    /// and throws.
    private static func finish(_ temporary: String, open descriptor: Int32, as path: String, keeping existing: stat?) throws {
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        if let existing {
            // A file being replaced keeps its mode, and its owner where the system permits.
            _ = fchown(descriptor, existing.st_uid, existing.st_gid)
            _ = fchmod(descriptor, existing.st_mode & 0o7777)
        }
        // The data reaches the disk before the name does: otherwise a crash just after the
        // rename can leave an empty file under the final name.
        guard fsync(descriptor) == 0 else {
            let reason = systemReason()
            close(descriptor)
            throw WriteError(path: path, reason: reason)
        }
        guard close(descriptor) == 0 else { throw WriteError(path: path, reason: systemReason()) }
        guard rename(temporary, path) == 0 else { throw WriteError(path: path, reason: systemReason()) }
        renamed = true
    }

    /// Into an existing special file, which is not created, truncated or replaced.
    private static func writeStraight(_ bytes: UnsafeRawBufferPointer, into path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw WriteError(path: path, reason: systemReason()) }
        do { try writeAll(bytes, to: descriptor, name: path) } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw WriteError(path: path, reason: systemReason()) }
    }

    /// Makes a folder and any missing folders above it (`mkdir -p`); a failure names the
    /// folder and the system's reason, where Foundation's error gives only a code.
    public static func createFolder(_ path: String) throws {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part
            var status = stat()
            if stat(prefix, &status) != 0 {
                guard mkdir(prefix, 0o777) == 0 || errno == EEXIST else {
                    throw WriteError(path: path, reason: "cannot create the folder \(prefix): \(systemReason())")
                }
            } else if status.st_mode & S_IFMT != S_IFDIR {
                throw WriteError(path: path, reason: "\(prefix) is not a folder")
            }
            prefix += "/"
        }
    }

    // MARK: A file another program writes

    /// Where a program that writes its own output (ffmpeg) should write `path`: a new empty file
    /// beside it, which `commit` renames to `path` once the program has succeeded and `discard`
    /// removes otherwise; or `path` itself when it is a special file, written straight.
    public static func staging(for path: String) throws -> String {
        if openDescriptor(named: path) != nil { return path }
        var status = stat()
        if stat(path, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw WriteError(path: path, reason: "it is a folder")
            default: return path
            }
        }
        let (descriptor, temporary) = try createTemporary(beside: resolvingLink(path))
        close(descriptor)
        return temporary
    }

    /// Puts a staged file that its program has finished under the final name: flushed to disk,
    /// then renamed, as `write` does; the staged file is removed if that fails.
    public static func commit(_ staged: String, to path: String) throws {
        guard staged != path else { return }
        let target = resolvingLink(path)
        var status = stat()
        let existing = stat(target, &status) == 0 && status.st_mode & S_IFMT == S_IFREG ? status : nil
        let descriptor = open(staged, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = systemReason()
            unlink(staged)
            throw WriteError(path: path, reason: reason)
        }
        try finish(staged, open: descriptor, as: target, keeping: existing)
    }

    /// Removes a staged file whose program failed, so nothing half-written is left.
    public static func discard(_ staged: String, for path: String) {
        if staged != path { unlink(staged) }
    }

    // MARK: Pieces

    /// A new file beside `path`, hidden and named after it, made with the usual mode for a new
    /// file (0666 less the umask) and opened for writing.
    private static func createTemporary(beside path: String) throws -> (Int32, String) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        while true {
            let temporary = (folder == "/" ? "" : folder) + "/.\(name).\(String(UInt64.random(in: 0...UInt64.max), radix: 36)).tmp"
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 { return (descriptor, temporary) }
            if errno == EEXIST { continue }
            throw WriteError(path: path, reason: "cannot create a file in \(folder): \(systemReason())")
        }
    }

    /// The file a symbolic link at `path` leads to, so the link stays and its target is updated.
    private static func resolvingLink(_ path: String) -> String {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The descriptor a path names directly: `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`.
    private static func openDescriptor(named path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                guard let n = Int32(path.dropFirst(prefix.count)), fcntl(n, F_GETFD) != -1 else { return nil }
                return n
            }
            return nil
        }
    }

    /// Every byte, resuming after a write that was cut short (a signal); any failure is thrown,
    /// naming `name`. For a descriptor a caller holds open, as a recording's pipe to ffmpeg.
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, name: String) throws {
        guard var next = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let n = Glibc.write(descriptor, next, left)
            if n < 0 {
                if errno == EINTR { continue }
                throw WriteError(path: name, reason: systemReason())
            }
            next += n
            left -= n
        }
    }

    private static func systemReason() -> String { String(cString: strerror(errno)) }
}
