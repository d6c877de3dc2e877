/// A preview frame and a reference frame of the same size (RGBA, top row first) set against each
/// other on one screen, as the window's compare modes do with two scenes: a wipe, an overlay, the
/// difference. Plain arithmetic on bytes, so `render` and `record` give the same pixels on every
/// renderer.
public enum ReferenceComposite {
    /// The preview left of `dividerX` (pixels), the reference from it on, and a line `lineWidth`
    /// pixels wide centred on it in the window's divider colour (none at 0).
    public static func wipe(preview: [UInt8], reference: [UInt8], width: Int, height: Int, dividerX: Int, lineWidth: Int = 2) -> [UInt8] {
        var out = preview
        let split = min(max(dividerX, 0), width)
        let lineStart = max(split - lineWidth / 2, 0), lineEnd = min(lineStart + max(lineWidth, 0), width)
        for y in 0..<height {
            let row = y * width * 4
            out.replaceSubrange((row + split * 4)..<(row + width * 4), with: reference[(row + split * 4)..<(row + width * 4)])
            for x in lineStart..<lineEnd {
                out[row + x * 4] = dividerColour.r; out[row + x * 4 + 1] = dividerColour.g; out[row + x * 4 + 2] = dividerColour.b; out[row + x * 4 + 3] = 255
            }
        }
        return out
    }

    /// The wipe divider's colour, in the window (`WindowShell.drawOnOneScreen`) and in a review frame.
    public static let dividerColour = (r: UInt8(255), g: UInt8(214), b: UInt8(10))

    /// The reference over the preview at `opacity` (0…1), rounded to the nearest level.
    public static func overlay(preview: [UInt8], reference: [UInt8], opacity: Double) -> [UInt8] {
        let a = min(max(opacity, 0), 1)
        var out = preview
        for i in 0..<min(preview.count, reference.count) where i % 4 != 3 {
            out[i] = UInt8((Double(preview[i]) * (1 - a) + Double(reference[i]) * a).rounded())
        }
        return out
    }

    /// |preview − reference| per channel, opaque: black where they agree, as the window's
    /// Difference view.
    public static func difference(preview: [UInt8], reference: [UInt8]) -> [UInt8] {
        var out = preview
        for i in 0..<min(preview.count, reference.count) {
            out[i] = i % 4 == 3 ? 255 : UInt8(abs(Int(preview[i]) - Int(reference[i])))
        }
        return out
    }
}
