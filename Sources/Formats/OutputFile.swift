import Foundation

/// A write that failed: where it was going (a path, or "standard output") and the system's reason.
public struct WriteError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String
    /// What stopped the write, for a caller that words its own message (a save names the folder,
    /// or the kind of file it will not replace).
    public var cause: Cause
    public init(path: String, reason: String, cause: Cause = .system) { self.path = path; self.reason = reason; self.cause = cause }
    public var description: String { "cannot write \(path): \(reason)" }

    public enum Cause: Equatable, Sendable {
        /// The system refused a step; `reason` is its `strerror`.
        case system
        /// The file's folder (named) is not there, or is not a folder.
        case missingFolder(String)
        /// The file's folder (named) may not be written into.
        case unwritableFolder(String)
        /// The write reached `file`, which is `kind` ("a folder", "a pipe (FIFO)", …), not a
        /// regular file, and the options refuse to write into it.
        case notARegularFile(file: String, kind: String)
        /// The symbolic link `link` in the chain could not be read.
        case unreadableLink(String)
        /// More links in a chain than the kernel follows (a loop, most likely).
        case tooManyLinks
    }
}

/// How `OutputFile.write` treats what is already at the path.
public struct WriteOptions: Equatable, Sendable {
    /// Write the file at the end of a chain of symbolic links, so each link stays a link; when
    /// false, a link at the path is itself replaced by the new file.
    public var followsLinks: Bool
    /// A replaced file keeps its mode, and its owner and group where the system permits.
    public var keepsModeAndOwner: Bool
    /// The data reaches the disk before the rename, so even a power cut leaves the old file or
    /// the new one. Worth its cost for a user's file, not for one rewritten on every edit.
    public var syncs: Bool
    /// What to do with an existing file that a rename cannot replace (a device, a FIFO).
    public var specialFiles: SpecialFiles

    public enum SpecialFiles: Equatable, Sendable {
        /// Written straight into, as a command's output to `/dev/stdout` or a shell's `>(…)`.
        case writtenStraight
        /// Refused (`WriteError.Cause.notARegularFile`), as a save, which reads the file back.
        case refused
    }

    public init(followsLinks: Bool = true, keepsModeAndOwner: Bool = true, syncs: Bool = true, specialFiles: SpecialFiles = .writtenStraight) {
        self.followsLinks = followsLinks
        self.keepsModeAndOwner = keepsModeAndOwner
        self.syncs = syncs
        self.specialFiles = specialFiles
    }

    /// A command's output: through links, mode and owner kept, synced, special files written straight.
    public static let output = WriteOptions()
}

/// Writes a whole file or nothing: the one writer of every file SplashLab makes (images, videos'
/// finishing renames, exports, scripts, timings saves and the recovery file). The bytes go to a
/// new file beside the target; every write, the flush to disk and the close are checked, and only
/// then does a rename put it under the target's name. So a reader sees the old file or the new
/// one, and a full disk or an I/O error leaves the old file (or none) and a message, never half a
/// file under the final name. The rename stays in the target's folder, so it never crosses file
/// systems.
///
/// What a rename cannot replace is written straight into, each write checked (unless the options
/// refuse it): an existing device (`/dev/full`, `/dev/null`, a terminal), a FIFO (a shell's
/// `>(…)`), and the process's own descriptors by name (`/dev/stdout`, `/dev/fd/N`), which are
/// written at their current offset so a shell's `>>` still appends. A symbolic link is kept: the
/// file at the end of its chain is replaced (`WriteOptions`).
public enum OutputFile {
    /// The name standard output has in messages.
    public static let standardOutputName = "standard output"

    public static func write(_ text: String, to path: String, options: WriteOptions = .output) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0), to: path, options: options) }
    }

    public static func write(_ bytes: [UInt8], to path: String, options: WriteOptions = .output) throws {
        try bytes.withUnsafeBytes { try write($0, to: path, options: options) }
    }

    public static func write(_ bytes: UnsafeRawBufferPointer, to path: String, options: WriteOptions = .output) throws {
        if options.specialFiles == .writtenStraight, let descriptor = openDescriptor(named: path) {
            try writeAll(bytes, to: descriptor, name: path)
            return
        }
        let file = options.followsLinks ? try followingLinks(path) : path
        var status = stat()
        guard (options.followsLinks ? stat(file, &status) : lstat(file, &status)) == 0 else {
            try replace(file, with: bytes, keeping: nil, options: options)
            return
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: try replace(file, with: bytes, keeping: status, options: options)
        // A link not followed is replaced by the new file, which takes no mode from the link.
        case S_IFLNK: try replace(file, with: bytes, keeping: nil, options: options)
        case S_IFDIR where options.specialFiles == .writtenStraight: throw WriteError(path: path, reason: "it is a folder")
        default:
            guard options.specialFiles == .writtenStraight else {
                let kind = kindOfFile(status.st_mode)
                throw WriteError(path: path, reason: "\(file == path ? "it" : file) is \(kind)", cause: .notARegularFile(file: file, kind: kind))
            }
            try writeStraight(bytes, into: path)
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
    private static func replace(_ path: String, with bytes: UnsafeRawBufferPointer, keeping existing: stat?, options: WriteOptions) throws {
        let (descriptor, temporary) = try createTemporary(beside: path)
        do { try writeAll(bytes, to: descriptor, name: path) } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        try finish(temporary, open: descriptor, as: path, keeping: options.keepsModeAndOwner ? existing : nil, syncing: options.syncs)
    }

    /// Flushes a finished temporary to disk (when `syncing`), closes it and renames it to `path`,
    /// or removes it and throws.
    private static func finish(_ temporary: String, open descriptor: Int32, as path: String, keeping existing: stat?, syncing: Bool) throws {
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        func failure() -> WriteError {
            let error = WriteError(path: path, reason: systemReason())
            close(descriptor)
            return error
        }
        if let existing {
            // Owner first: a change of owner clears the set-id bits, which the mode then restores.
            // As another user the owner cannot be given away (EPERM); the file is then ours, its mode kept.
            _ = fchown(descriptor, existing.st_uid, existing.st_gid)
            guard fchmod(descriptor, existing.st_mode & 0o7777) == 0 else { throw failure() }
        }
        // The data reaches the disk before the name does: otherwise a crash just after the
        // rename can leave an empty file under the final name.
        if syncing {
            guard fsync(descriptor) == 0 else { throw failure() }
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
        var partial = PathText.isAbsolute(path) ? "/" : ""
        for part in path.split(separator: "/") {
            partial += part
            var status = stat()
            if stat(partial, &status) != 0 {
                guard mkdir(partial, 0o777) == 0 || errno == EEXIST else {
                    throw WriteError(path: path, reason: "cannot create the folder \(partial): \(systemReason())")
                }
            } else if status.st_mode & S_IFMT != S_IFDIR {
                throw WriteError(path: path, reason: "\(partial) is not a folder")
            }
            partial += "/"
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
        let (descriptor, temporary) = try createTemporary(beside: followingLinks(path))
        close(descriptor)
        return temporary
    }

    /// Puts a staged file that its program has finished under the final name: flushed to disk,
    /// then renamed, as `write` does; the staged file is removed if that fails.
    public static func commit(_ staged: String, to path: String) throws {
        guard staged != path else { return }
        let target: String
        do { target = try followingLinks(path) } catch {
            unlink(staged)
            throw error
        }
        var status = stat()
        let existing = stat(target, &status) == 0 && status.st_mode & S_IFMT == S_IFREG ? status : nil
        let descriptor = open(staged, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = systemReason()
            unlink(staged)
            throw WriteError(path: path, reason: reason)
        }
        try finish(staged, open: descriptor, as: target, keeping: existing, syncing: true)
    }

    /// Removes a staged file whose program failed, so nothing half-written is left.
    public static func discard(_ staged: String, for path: String) {
        if staged != path { unlink(staged) }
    }

    // MARK: Links and kinds of file

    /// Linux's own limit on the links followed for one path (MAXSYMLINKS in <linux/namei.h>).
    public static let maximumLinksFollowed = 40

    /// The path a write to `path` reaches: every symbolic link in the chain at its end followed,
    /// a relative target taken from the link's own folder, as the kernel does. The folders along
    /// the way are left as written (a `..` after a linked folder means what the kernel says it
    /// means). A path that is not a link, or names nothing yet, is itself.
    public static func followingLinks(_ path: String) throws -> String {
        var current = path
        for _ in 0...maximumLinksFollowed {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
            let count = readlink(current, &buffer, buffer.count)
            guard count > 0 else {
                throw WriteError(path: path, reason: "cannot read the link \(current): \(systemReason())", cause: .unreadableLink(current))
            }
            let destination = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = PathText.isAbsolute(destination) ? destination : split(current).folder + destination
        }
        throw WriteError(path: path, reason: "more than \(maximumLinksFollowed) symbolic links in a chain (a loop?)", cause: .tooManyLinks)
    }

    /// The folder part of `path`, with its trailing slash ("" for a bare name), and the name
    /// after it. Split on the bytes: a "/" followed by a combining mark is still a separator.
    public static func split(_ path: String) -> (folder: String, name: String) {
        let bytes = Array(path.utf8)
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return ("", path) }
        return (String(decoding: bytes[...slash], as: UTF8.self), String(decoding: bytes[(slash + 1)...], as: UTF8.self))
    }

    /// What an existing file that is not a regular file is, in words ("a folder", "a device"),
    /// nil for a regular file or none.
    public static func kindOfSpecialFile(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG else { return nil }
        return kindOfFile(status.st_mode)
    }

    private static func kindOfFile(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: "a regular file"
        case S_IFDIR: "a folder"
        case S_IFIFO: "a pipe (FIFO)"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }

    // MARK: Pieces

    /// A new file beside `path`, hidden and named after it, made with the usual mode for a new
    /// file (0666 less the umask) and opened for writing. O_EXCL never follows a link planted
    /// under the name.
    private static func createTemporary(beside path: String) throws -> (Int32, String) {
        let (folderPart, name) = split(path)
        let folder = folderPart.isEmpty ? "." : folderPart == "/" ? "/" : String(folderPart.dropLast())
        while true {
            let temporary = folderPart + ".\(name).\(String(UInt64.random(in: 0...UInt64.max), radix: 36)).tmp"
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 { return (descriptor, temporary) }
            let number = errno
            if number == EEXIST { continue }
            let cause: WriteError.Cause = switch number {
            case ENOENT, ENOTDIR: .missingFolder(folder)
            case EACCES, EROFS, EPERM: .unwritableFolder(folder)
            default: .system
            }
            throw WriteError(path: path, reason: "cannot create a file in \(folder): \(systemReason())", cause: cause)
        }
    }

    /// The descriptor a path names directly: `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`.
    private static func openDescriptor(named path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        default:
            for folder in ["/dev/fd/", "/proc/self/fd/"] {
                guard let number = path.droppingLeadingFolder(folder) else { continue }
                guard let n = Int32(number), fcntl(n, F_GETFD) != -1 else { return nil }
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

private extension String {
    /// The rest of this path after `folder` (which ends in "/"), nil when the path is not inside it.
    func droppingLeadingFolder(_ folder: String) -> Substring? {
        guard starts(with: folder) else { return nil }
        return dropFirst(folder.count)
    }
}
