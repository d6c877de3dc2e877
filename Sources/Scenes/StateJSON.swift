import Formats
import Foundation

// The `state` command's pieces, as README documents them.

extension LayerState {
    public var json: JSONOutput {
        .object([("x", .number(x)), ("y", .number(y)), ("width", .number(width)), ("height", .number(height)),
                 ("rotation", .number(rotation)), ("opacity", .number(opacity))])
    }
}

extension Device {
    public var json: JSONOutput {
        .object([("name", .string(name)), ("width", .number(width)), ("height", .number(height)),
                 ("scale", .number(scale)), ("orientation", .string(orientation.rawValue))])
    }
}

extension SplashFrame {
    public func json(textVariant: Int) -> JSONOutput {
        var layersJSON = JSONOutput.null
        if let l = layers {
            layersJSON = .object([
                ("splash", .object([("opacity", .number(l.splashOpacity))])),
                ("logo", l.logo.json),
                ("text", l.text.json),
                ("backdrop", .object([("opacity", .number(l.backdropOpacity))])),
                ("backdropText", l.backdropText.json),
                ("hole", l.hole?.json ?? .null),
                ("holeLogo", l.holeLogo?.json ?? .null),
            ] + (l.intro.map { [("intro", $0.json)] } ?? []))
        }
        return .object([("phase", .string(phase.rawValue)), ("dismissalTime", .number(dismissalTime)),
                        ("textVariant", .int(textVariant)), ("layers", layersJSON)])
    }
}

extension IntroLayer {
    /// The intro file's frame, the file's time it shows, the marker whose span holds it, and
    /// where it is drawn (centre and size, as every layer).
    public var json: JSONOutput {
        .object([("file", .string(file)), ("frame", .int(frame)), ("fileTime", .number(fileTime)), ("marker", marker.map(JSONOutput.string) ?? .null),
                 ("x", .number(rect.midX)), ("y", .number(rect.midY)), ("width", .number(rect.width)), ("height", .number(rect.height)),
                 ("opacity", .number(opacity)),
                 ("background", .string((background.map { IntroBackgroundSpec.color(r: $0.r, g: $0.g, b: $0.b, a: $0.a) } ?? .launch).text))])
    }
}
