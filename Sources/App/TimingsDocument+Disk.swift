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

    /// The path a write to `path` reaches through its chain of symbolic links
    /// (`OutputFile.followingLinks`), or a save's refusal naming the link that stopped it.
    public static func followingLinks(_ path: String) throws -> String {
        do { return try OutputFile.followingLinks(path) } catch let error as WriteError {
            throw saveFailure(error, saving: path, reaching: path)
        }
    }

    /// Refuses a save whose file exists and is not a regular file: reading a FIFO could wait for
    /// ever, and a rename would replace a device.
    static func refuseIfNotRegular(_ file: String, saving path: String) throws {
        guard let kind = OutputFile.kindOfSpecialFile(file) else { return }
        throw saveFailure(WriteError(path: path, reason: kind, cause: .notARegularFile(file: file, kind: kind)), saving: path, reaching: file)
    }

    /// Writes `text` to the file `path` names through `OutputFile`, the one writer: through its
    /// symbolic links, which stay; by way of a temporary file in that file's folder and a rename,
    /// so a reader never sees half a file; an existing file keeps its mode and, where permitted (as
    /// root, say), its owner and group; a new one gets the usual mode (0666 less the umask); what
    /// is not a regular file is refused. A failure throws a `SaveFailure` naming the path and
    /// leaves the file as it was. `syncing` puts the data on disk before the rename, so even a
    /// power cut leaves the old file or the new one: for the user's own file, not for the recovery
    /// file, which is rewritten on every edit.
    public static func writeAtomically(_ text: String, to path: String, syncing: Bool = false) throws {
        let file = try followingLinks(path)
        do {
            try OutputFile.write(text, to: file, options: WriteOptions(syncs: syncing, specialFiles: .refused))
        } catch let error as WriteError {
            throw saveFailure(error, saving: path, reaching: file)
        }
    }

    /// A save's wording of the writer's failure: what was being saved, the file a link led to,
    /// and that the edits are kept.
    private static func saveFailure(_ error: WriteError, saving path: String, reaching file: String) -> SaveFailure {
        let shown = file == path ? path : "\(path) (a link to \(file))"
        switch error.cause {
        case let .notARegularFile(file, kind):
            return SaveFailure(message: "cannot save \(path): \(file == path ? "it" : file) is \(kind); your edits are kept: Ctrl+Shift+S saves them elsewhere")
        case let .missingFolder(folder):
            return SaveFailure(message: "cannot save \(path): the folder \(folder) does not exist; your edits are kept")
        case .unreadableLink, .tooManyLinks:
            return SaveFailure(message: "cannot save \(path): \(error.reason); your edits are kept")
        case let .unwritableFolder(folder):
            return SaveFailure(message: "cannot save \(shown): \(folder) is not writable; your edits are kept")
        case .system:
            return SaveFailure(message: "cannot save \(shown): \(error.reason); your edits are kept")
        }
    }
}
