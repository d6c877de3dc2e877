/// Conversions from `Double` that cannot trap.
///
/// Swift's `Int(_: Double)` stops the process when the value is NaN, infinite or outside the
/// integer's range ("Double value cannot be converted to Int because it is either infinite or
/// NaN" / "...outside the representable range"). Drawing and layout take doubles from the model,
/// and the model does not clamp (a rubber-banded scroll, a spring's overshoot, a script's
/// coordinates), so every conversion to an integer in drawing, layout and frame sizes goes
/// through one of these.
extension FixedWidthInteger {
    /// `value` truncated toward zero and clamped to this type's range; NaN gives 0.
    ///
    /// This is our overload: the standard library's `init(clamping:)` takes integers only.
    @inlinable
    public init(clamping value: Double) {
        if value.isNaN { self = 0; return }
        // Double(Int.max) rounds up to 2^63, which is itself out of range: hence >=.
        if value >= Double(Self.max) { self = .max; return }
        if value <= Double(Self.min) { self = .min; return }
        self.init(value)
    }
}

/// Pixel coordinates and sizes as integers, kept within ±`limit`.
///
/// SDL's rectangles are `Int32` and SDL adds their fields (x + w when it clips), so a coordinate
/// clamped only to `Int32`'s range could still overflow inside SDL. 2^24 px is far beyond any
/// screen or texture (SDL's GL renderers here cap a texture side at 2^14), and sums of a few
/// such values stay well inside `Int32` and `Int` arithmetic in our own code.
public enum Pixels {
    public static let limit = 1 << 24

    /// `value` rounded by `rule` and clamped to ±`limit`; NaN gives 0.
    @inlinable
    public static func int(_ value: Double, _ rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> Int {
        guard !value.isNaN else { return 0 }
        let limit = Double(Pixels.limit)
        return Int(min(max(value.rounded(rule), -limit), limit))
    }

    /// A pixel value clamped to ±`limit`, as SDL's `Int32`.
    @inlinable
    public static func int32(_ value: Int) -> Int32 {
        Int32(min(max(value, -Pixels.limit), Pixels.limit))
    }

    /// `value` rounded by `rule`, as SDL's `Int32`, clamped to ±`limit`.
    @inlinable
    public static func int32(_ value: Double, _ rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> Int32 {
        Int32(int(value, rule))
    }

    /// A finite `Float` for SDL's float rectangles and vertices: NaN gives 0 and infinities and
    /// huge values are held to ±`limit`. (The conversion itself cannot trap, but SDL refuses a
    /// whole geometry draw with a NaN in it.)
    @inlinable
    public static func float(_ value: Double) -> Float {
        guard !value.isNaN else { return 0 }
        let limit = Double(Pixels.limit)
        return Float(min(max(value, -limit), limit))
    }

    /// An opacity in [0, 1] as an 8-bit alpha; NaN gives 0 (nothing drawn rather than a trap).
    @inlinable
    public static func alpha(_ opacity: Double) -> UInt8 {
        guard opacity > 0 else { return 0 }
        return UInt8((min(opacity, 1) * 255).rounded())
    }
}

/// A frame's size in pixels, checked: `render`, `record`, `bench` and the tests make an output
/// surface of the device's size in points times a scale, and that product can be anything a user
/// types.
public struct PixelSize: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }

    /// The largest frame side accepted: the largest texture side SDL's `opengl` and `opengles2`
    /// renderers report on Mesa here, offscreen and under Xvfb (`SDL_RendererInfo.max_texture_width`
    /// is 16384). The feed and snapshot textures are frame-sized, so a larger frame cannot draw.
    public static let maxSide = 16384

    /// `width`×`height` points at `scale` pixels per point, rounded; nil when the result is not a
    /// finite size of 1...`maxSide` pixels a side.
    public static func frame(width: Double, height: Double, scale: Double) -> PixelSize? {
        let w = (width * scale).rounded(), h = (height * scale).rounded()
        guard w.isFinite, h.isFinite, w >= 1, h >= 1, w <= Double(maxSide), h <= Double(maxSide) else { return nil }
        return PixelSize(width: Int(w), height: Int(h))
    }
}
