import App
import Formats
import Foundation
import Scenes

/// `splashlab export swiftui|css|compose`: the splash for SwiftUI, the web and Jetpack Compose,
/// from the track list and the parameter declarations.
func platformExportCommand(_ what: String, _ arguments: [String], usage: String) throws -> Int32 {
    let args = try ParsedArguments(arguments, command: "export")
    let html = args.flags.contains("--html")
    if html && what != "css" { throw UsageError(message: "--html goes with export css", usage: usage) }
    if args.values["--out"] != nil && !html {
        throw UsageError(message: "export \(what) prints to standard output; --out goes with export css --html", usage: usage)
    }
    var options = try PreviewOptions(args, usage: usage)
    // An export is a file to keep: the same text every time unless a seed is asked for.
    options.seed = options.seed ?? 0
    let session = try makeSession(options)
    let text: String
    switch what {
    case "swiftui":
        var catalog = session.catalog
        let (background, description) = try catalog.launchSource(device: options.device)
        text = SwiftUIExport.source(session.preview.splash, launch: background, description: description, timingsPath: session.timingsPath)
    case "compose":
        var catalog = session.catalog
        let (background, description) = try catalog.launchSource(device: options.device)
        text = ComposeExport.source(session.preview.splash, launch: background, description: description, timingsPath: session.timingsPath)
    default:
        if html {
            text = try WebExport.page(session)
        } else {
            text = WebExport.css(session.preview.splash, timingsPath: session.timingsPath)
                + "\n:root {\n\(WebExport.springProperties(session.timings))\n}"
        }
    }
    session.reportWarnings()
    if let out = args.values["--out"] {
        try OutputFile.write(text + "\n", to: out)
        printError("wrote \(out)")
    } else {
        try printOutput(text)
    }
    return 0
}
