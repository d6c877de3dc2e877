import App
import Formats
import Render

/// The built-in assets' folder (beside the executable, or SPLASHLAB_ASSETS), where the default
/// timings and the review page's template are found.
public func builtInAssetsFolder() throws -> String {
    let executable = AssetCatalog.runningExecutablePath(fallback: CommandLine.arguments[0])
    guard let dir = AssetCatalog.locateBuiltIn(executablePath: executable) else {
        let folders = AssetCatalog.builtInSearchFolders(executablePath: executable).joined(separator: ", ")
        throw UserFacingError("cannot find the built-in assets (no timings.json in \(folders))", hint: "set SPLASHLAB_ASSETS=/path/to/Assets")
    }
    return dir
}

/// A preview session from the command line's options, with the built-in assets found beside the
/// executable.
public func makeSession(_ options: PreviewOptions) throws -> PreviewSession {
    try PreviewSession(options, builtInAssets: try builtInAssetsFolder())
}
