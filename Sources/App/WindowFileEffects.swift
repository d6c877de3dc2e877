import Formats
import Foundation

/// The window's file effects carried out: saves, the recovery file and the files kept up to date
/// for whoever watches the window. Apart from the shell's processes and standard error, so that
/// a test drives a whole save through the same code into a temporary folder.
public struct WindowFileEffects: Sendable {
    /// Where this window keeps unsaved edits (`TimingsDocument.recoveryPath`).
    public let recoveryPath: String

    public init(recoveryPath: String) { self.recoveryPath = recoveryPath }

    /// Performs `effect` when it is a file effect and returns what came of it as actions; nil for
    /// an effect that is not a file's.
    public func perform(_ effect: WindowEffect) -> [WindowAction]? {
        switch effect {
        case let .writeRecovery(text):
            TimingsDocument.writeRecovery(text, at: recoveryPath)
            return []
        case let .save(document, besideSavePath):
            // The name beside the save path reads the clock and the folder: here, not in the reducer.
            let target = besideSavePath ? document.alternativeSavePath() : nil
            return [.document(.saveFinished(document.writeSave(to: target)))]
        case let .writeKeptFile(text, path):
            do {
                try OutputFile.write(text, to: path)
                return [.view(.keptFileWritten(path: path, failure: nil))]
            } catch {
                return [.view(.keptFileWritten(path: path, failure: "\(error)"))]
            }
        case .log, .writeCapture, .rememberLayout:
            return nil
        }
    }
}
