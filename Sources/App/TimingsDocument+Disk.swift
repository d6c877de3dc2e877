import Formats
import Foundation

extension TimingsDocument {
    /// The text of a save's target as it is on disk, nil when there is no file there. Read with
    /// the timings file's limit: `--save-to` can name a device with no end, and an existing file
    /// that cannot be read must not pass for a missing one and be overwritten.
    static func textOnDisk(_ path: String) throws -> String? {
        do {
            return String(decoding: try BoundedFileReader.read(path, limit: .timings), as: UTF8.self)
        } catch let failure as FileReadFailure {
            if !FileManager.default.fileExists(atPath: path) { return nil }
            throw SaveFailure(message: "\(path): \(failure.reason); not overwriting it")
        }
    }
}
