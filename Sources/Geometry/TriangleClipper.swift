/// A vertex of the hole's geometry before clipping: screen position in points, texture
/// coordinates and alpha, all interpolated together.
public struct ClipVertex: Equatable, Sendable {
    public var x: Double, y: Double, u: Double, v: Double, alpha: Double

    public init(x: Double, y: Double, u: Double, v: Double, alpha: Double) {
        self.x = x; self.y = y; self.u = u; self.v = v; self.alpha = alpha
    }

    @inline(__always) func lerp(_ o: ClipVertex, _ t: Double) -> ClipVertex {
        ClipVertex(x: x + (o.x - x) * t, y: y + (o.y - y) * t, u: u + (o.u - u) * t, v: v + (o.v - v) * t, alpha: alpha + (o.alpha - alpha) * t)
    }

    /// True when the texture coordinates lie in [0, 1]².
    @inline(__always) public var isInsideTexture: Bool { u >= 0 && u <= 1 && v >= 0 && v <= 1 }

    /// Sutherland–Hodgman (Sutherland & Hodgman, "Reentrant polygon clipping", CACM 1974): the
    /// part of a convex polygon with texture coordinates in [0, 1]², attributes interpolated along
    /// the cut edges. SDL_RenderGeometry refuses texture coordinates outside [0, 1], and a hole
    /// that grows past the screen has vertices far outside it; what this keeps is exactly the
    /// visible part.
    public static func clip(_ input: [ClipVertex]) -> [ClipVertex] {
        var polygon = input
        @inline(__always) func distance(_ p: ClipVertex, _ plane: Int) -> Double {
            switch plane {
            case 0: return p.v
            case 1: return 1 - p.v
            case 2: return p.u
            default: return 1 - p.u
            }
        }
        for plane in 0..<4 {
            guard !polygon.isEmpty else { return [] }
            var output = [ClipVertex]()
            output.reserveCapacity(polygon.count + 2)
            for k in 0..<polygon.count {
                let current = polygon[k], next = polygon[(k + 1) % polygon.count]
                let fc = distance(current, plane), fn = distance(next, plane)
                if fc >= 0 { output.append(current) }
                if (fc >= 0) != (fn >= 0) { output.append(current.lerp(next, fc / (fc - fn))) }
            }
            polygon = output
        }
        return polygon
    }

    /// Appends triangle abc to `triangles` (three vertices a triangle), clipped to texture
    /// coordinates [0, 1]² and fanned: a triangle wholly inside is appended as it is, one wholly
    /// outside appends nothing.
    public static func appendClipped(_ a: ClipVertex, _ b: ClipVertex, _ c: ClipVertex, to triangles: inout [ClipVertex]) {
        if a.isInsideTexture && b.isInsideTexture && c.isInsideTexture {
            triangles.append(a); triangles.append(b); triangles.append(c)
            return
        }
        let polygon = clip([a, b, c])
        guard polygon.count >= 3 else { return }
        for k in 1..<(polygon.count - 1) {
            triangles.append(polygon[0]); triangles.append(polygon[k]); triangles.append(polygon[k + 1])
        }
    }
}
