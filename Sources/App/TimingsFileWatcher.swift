import Formats
import Foundation
import Scenes

/// Watches the active timings file and reads it again when it changes. An invalid edit leaves
/// the last good values in force and reports PATH:LINE:COLUMN. It only ever reads the file.
public final class TimingsFileWatcher {
    public let path: String
    public private(set) var current: Timings
    private var lastStamp: Stamp?
    /// The bytes of the last read, bounded as at start (`FileSizeLimit.timings`).
    public private(set) var lastContents: [UInt8]?

    struct Stamp: Equatable { var modified: Date?; var size: UInt64 }

    public enum Change {
        case reloaded(Timings)
        case failed(JSONFileError)
    }

    /// `contents`: the bytes `current` was parsed from, when the caller has them; the file is read
    /// again only without them. A pipe given as the timings file has nothing left to read twice.
    public init(path: String, current: Timings, contents: [UInt8]? = nil) {
        self.path = path
        self.current = current
        // `contents` were read at start, before this stamp: a write in between would leave the
        // stamp new and the bytes old, and that edit never seen. So a regular file given with its
        // contents is read once more at the first poll (and compared by its bytes); a pipe keeps
        // its stamp, having nothing left to read twice.
        var status = stat()
        let regularFile = stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
        lastStamp = contents != nil && regularFile ? nil : TimingsFileWatcher.stamp(path)
        lastContents = contents ?? (try? JSONParser.readFile(path, limit: .timings))
    }

    static func stamp(_ path: String) -> Stamp? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        return Stamp(modified: attributes[.modificationDate] as? Date, size: (attributes[.size] as? NSNumber)?.uint64Value ?? 0)
    }

    /// Checks the file; cheap enough to call every frame (one stat), and reads it only when its
    /// time or size moved and its bytes differ.
    public func poll() -> Change? {
        let stamp = TimingsFileWatcher.stamp(path)
        guard stamp != lastStamp else { return nil }
        lastStamp = stamp
        let data: [UInt8]
        do { data = try JSONParser.readFile(path, limit: .timings) } catch let error as JSONFileError {
            // Gone, unreadable or grown past the limit: the last good values stay.
            return .failed(error)
        } catch {
            return .failed(JSONFileError(path: path, location: SourceLocation(line: 1, column: 1), message: "\(error)"))
        }
        guard data != lastContents else { return nil }
        lastContents = data
        do {
            // The bytes, as at start: invalid UTF-8 is refused at its byte, not read as U+FFFD.
            let timings = try Timings.parse(bytes: data, path: path)
            current = timings
            return .reloaded(timings)
        } catch let error as JSONFileError {
            return .failed(error)
        } catch {
            return .failed(JSONFileError(path: path, location: SourceLocation(line: 1, column: 1), message: "\(error)"))
        }
    }
}
