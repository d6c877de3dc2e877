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
            ])
        }
        return .object([("phase", .string(phase.rawValue)), ("dismissalTime", .number(dismissalTime)),
                        ("textVariant", .int(textVariant)), ("layers", layersJSON)])
    }
}
