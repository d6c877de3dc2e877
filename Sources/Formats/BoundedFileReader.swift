import Foundation

/// The most bytes read of one kind of file. A path on the command line can name anything `open`
/// accepts, a device with no end (`/dev/zero`) among them, so every read stops at its kind's
/// limit, far above any real file of that kind, instead of growing until memory runs out.
public struct FileSizeLimit: Sendable, Equatable {
    public let bytes: Int
    /// What the file is, as a message says it: "a timings file".
    public let kind: String

    public init(bytes: Int, kind: String) { self.bytes = bytes; self.kind = kind }

    /// The built-in timings file is 10 KiB; a hand-made one with every comment imaginable is
    /// still well under 1 MiB.
    public static let timings = FileSizeLimit(bytes: 16 << 20, kind: "a timings file")
    /// A minute of captured input is about 200 KiB (60 events a second); 256 MiB holds days of it,
    /// beyond the 24 hours a script's times may reach.
    public static let script = FileSizeLimit(bytes: 256 << 20, kind: "an input script")
    /// A gradient and a few layout numbers.
    public static let launchDescription = FileSizeLimit(bytes: 1 << 20, kind: "launch.json")
    /// A PNG at the largest accepted size (`AssetCatalog.maximumImagePixels`), stored with no
    /// compression at all, is 64 MiB and a little more.
    public static let image = FileSizeLimit(bytes: 80 << 20, kind: "an image")
    /// DejaVu Sans is 740 KiB; the largest CJK fonts are about 20 MiB.
    public static let font = FileSizeLimit(bytes: 64 << 20, kind: "a font")

    /// "16 MiB".
    public var text: String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : bytes % (1 << 10) == 0 ? "\(bytes >> 10) KiB" : "\(bytes) bytes"
    }

    /// "larger than the 16 MiB limit for a timings file".
    public var exceededMessage: String { "larger than the \(text) limit for \(kind)" }
}

/// Why a file could not be read, without the path: callers put it in their own error's form.
public struct FileReadFailure: Error, Equatable, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
}

/// Reads whole files with a size limit. Works for anything `open` can read: regular files,
/// pipes and process substitution (`<(cat timings.json)`), `/dev/stdin`, devices.
///
/// A FIFO blocks in `open` until a writer opens it, as POSIX says and as `cat` does: that is what
/// a named pipe filled by another process needs, and process substitution always has its writer.
public enum BoundedFileReader {
    /// The file's bytes, or a failure naming the system's reason, that it is a directory, or that
    /// it passed `limit`. A regular file over the limit is refused from its size, before reading;
    /// anything else is read until the byte after the limit.
    public static func read(_ path: String, limit: FileSizeLimit) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileReadFailure(reason: "cannot read the file: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileReadFailure(reason: "cannot read the file: \(String(cString: strerror(errno)))") }
        let type = info.st_mode & S_IFMT
        if type == S_IFDIR { throw FileReadFailure(reason: "cannot read the file: it is a directory") }
        if type == S_IFREG && Int(info.st_size) > limit.bytes { throw FileReadFailure(reason: limit.exceededMessage) }
        var result = [UInt8]()
        if type == S_IFREG { result.reserveCapacity(Int(info.st_size)) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            // One byte more than the limit allows is enough to know the file passed it.
            let wanted = min(chunk.count, limit.bytes + 1 - result.count)
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, wanted) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileReadFailure(reason: "cannot read the file: \(String(cString: strerror(errno)))")
            }
            result.append(contentsOf: chunk[0..<n])
            if result.count > limit.bytes { throw FileReadFailure(reason: limit.exceededMessage) }
        }
        return result
    }

    /// Refuses a file that is not a regular file or is over `limit`, from its metadata alone, for
    /// files a library opens by path (fonts, through SDL_ttf). Never opens the file, so a FIFO
    /// cannot block here.
    public static func checkRegularFile(_ path: String, limit: FileSizeLimit) throws {
        var info = stat()
        guard stat(path, &info) == 0 else { throw FileReadFailure(reason: "cannot read the file: \(String(cString: strerror(errno)))") }
        guard info.st_mode & S_IFMT == S_IFREG else { throw FileReadFailure(reason: "not a regular file; \(limit.kind) is read more than once") }
        if Int(info.st_size) > limit.bytes { throw FileReadFailure(reason: limit.exceededMessage) }
    }
}
