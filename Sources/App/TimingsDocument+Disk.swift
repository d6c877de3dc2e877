import Formats
import Foundation

extension TimingsDocument {
    /// The text of a save's target as it is on disk, nil when there is no file there. Only a
    /// regular file is read (a FIFO named by `--save-to` would block the window until some writer
    /// came), and with the timings file's limit; an existing file that cannot be read must not pass
    /// for a missing one and be overwritten.
    static func textOnDisk(_ path: String) throws -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw SaveFailure(message: "\(path): cannot read the file: \(String(cString: strerror(errno))); not overwriting it")
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw SaveFailure(message: "\(path): not a regular file; not overwriting it") }
        do {
            return String(decoding: try BoundedFileReader.read(path, limit: .timings), as: UTF8.self)
        } catch let failure as FileReadFailure {
            throw SaveFailure(message: "\(path): \(failure.reason); not overwriting it")
        }
    }
}
