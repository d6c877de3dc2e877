import App
import Formats
import Foundation
import LaunchImport
import Render
import Scenes

/// `splashlab layout FILE`: every scene of a storyboard or xib laid out, each view's frame in its
/// superview's coordinates beside the frame Interface Builder saved; where they differ by more than
/// 2 pt (and the file does not mark the view misplaced or ambiguous), a line says so. Text is
/// measured as `render --launch` measures it.
func layoutCommand(_ arguments: [String]) throws -> Int32 {
    let options = try LayoutOptions(arguments)
    let bytes: [UInt8]
    do { bytes = try BoundedFileReader.read(options.path, limit: InterfaceBuilderDocument.sizeLimit) } catch let error as LaunchSourceError { throw error } catch {
        throw LaunchSourceError(path: options.path, "\(error)")
    }
    let document = try InterfaceBuilderDocument.parse(bytes: bytes, path: options.path, viewLimit: DocumentLayout.maximumViews)
    let measurer = TextMeasurer()
    let layout = try DocumentLayout(document: document, device: options.device) { text, size, weight in
        measurer.measure(text, pointSize: size, weight: weight, lineHeight: SystemFontFace.lineHeight)
    }
    for warning in layout.warnings { printError(warning.warning) }
    // Without Inter, text is measured in another face: the frames say so.
    for warning in measurer.warnings { printError(warning) }
    try printOutput(options.json ? layout.json.text : layout.text)
    return 0
}
