import Scenes

/// Maps device points to output pixels: a uniform scale and an offset (letterboxing in a window).
public struct PointToPixel: Equatable, Sendable {
    public var scale: Double
    public var offsetX: Double
    public var offsetY: Double
    public init(scale: Double, offsetX: Double = 0, offsetY: Double = 0) { self.scale = scale; self.offsetX = offsetX; self.offsetY = offsetY }

    /// The largest scale that fits a device of `width`×`height` points into `outputWidth`×`outputHeight`
    /// pixels, centred, keeping the device's aspect ratio.
    public static func letterbox(width: Double, height: Double, outputWidth: Int, outputHeight: Int) -> PointToPixel {
        let k = min(Double(outputWidth) / width, Double(outputHeight) / height)
        return PointToPixel(scale: k, offsetX: ((Double(outputWidth) - width * k) / 2).rounded(), offsetY: ((Double(outputHeight) - height * k) / 2).rounded())
    }

    /// The same scale with no offset: drawing into a texture of the screen's size.
    public var local: PointToPixel { PointToPixel(scale: scale) }

    /// The pixel rectangle of a `width`×`height` point screen: its origin at the offset, its size
    /// rounded to whole pixels.
    public func screen(width: Double, height: Double) -> PixelRect {
        PixelRect(x: Pixels.int(offsetX, .towardZero), y: Pixels.int(offsetY, .towardZero),
                  width: Pixels.int(width * scale), height: Pixels.int(height * scale))
    }

    /// A rectangle in points as whole pixels, rounded outward: a clip rectangle that loses no
    /// pixel the rectangle touches.
    public func clip(_ r: Rect) -> PixelRect {
        let x0 = Pixels.int(offsetX + r.x * scale, .down), y0 = Pixels.int(offsetY + r.y * scale, .down)
        let x1 = Pixels.int(offsetX + r.maxX * scale, .up), y1 = Pixels.int(offsetY + r.maxY * scale, .up)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// A rectangle in whole pixels, origin top-left; its fields stay within ±`Pixels.limit` (a
/// width may reach twice that).
public struct PixelRect: Equatable, Hashable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }
}
