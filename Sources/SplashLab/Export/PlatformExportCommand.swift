import App
import Formats
import Foundation
import Scenes

/// `splashlab export swiftui|css|compose`: the splash for SwiftUI, the web and Jetpack Compose,
/// from the track list and the parameter declarations.
func platformExportCommand(_ what: String, _ arguments: [String]) throws -> Int32 {
    let export = try PlatformExportOptions(what, arguments)
    let options = export.preview
    let html = export.html
    let session = try makeSession(options)
    let text: String
    switch what {
    case "swiftui":
        // The intro's background and layout, from the session's launch screen model.
        text = SwiftUIExport.source(session.preview.splash, launch: session.launchBackground, description: session.launchScreen.introDescription,
                                   timingsPath: session.timingsPath)
    case "compose":
        // The intro's background and layout, from the session's launch screen model.
        text = ComposeExport.source(session.preview.splash, launch: session.launchBackground, description: session.launchScreen.introDescription,
                                   timingsPath: session.timingsPath)
    default:
        if html {
            text = try WebExport.page(session)
        } else {
            text = WebExport.css(session.preview.splash, timingsPath: session.timingsPath)
                + "\n:root {\n\(WebExport.springProperties(session.timings))\n}"
        }
    }
    session.reportWarnings()
    if let out = export.out {
        try OutputFile.write(text + "\n", to: out)
        printError("wrote \(out)")
    } else {
        try printOutput(text)
    }
    return 0
}
