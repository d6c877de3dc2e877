import App
import Formats
import Render

/// A preview session from the command line's options, with the built-in assets found beside the
/// executable.
public func makeSession(_ options: PreviewOptions) throws -> PreviewSession {
    let executable = AssetCatalog.runningExecutablePath(fallback: CommandLine.arguments[0])
    guard let dir = AssetCatalog.locateBuiltIn(executablePath: executable) else {
        let folders = AssetCatalog.builtInSearchFolders(executablePath: executable).joined(separator: ", ")
        throw UserFacingError("cannot find the built-in assets (no timings.json in \(folders))", hint: "set SPLASHLAB_ASSETS=/path/to/Assets")
    }
    return try PreviewSession(options, builtInAssets: dir)
}
