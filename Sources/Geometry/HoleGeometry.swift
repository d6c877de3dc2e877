import Foundation
import Scenes

/// Where the logo's unit square lands on screen for a hole (centre, size, rotation), and the
/// texture coordinates of a screen point for a texture drawn full screen at `textureScale`
/// about the screen centre.
public struct HolePlacement: Sendable {
    public let hole: LayerState
    let cosA: Double, sinA: Double
    let cx: Double, cy: Double, invW: Double, invH: Double, invScale: Double

    public init(hole: LayerState, screenWidth: Double, screenHeight: Double, textureScale: Double) {
        self.hole = hole
        cosA = cos(hole.rotation); sinA = sin(hole.rotation)
        cx = screenWidth / 2; cy = screenHeight / 2
        invW = 1 / screenWidth; invH = 1 / screenHeight; invScale = 1 / textureScale
    }

    /// Screen point, in points, of a point of the logo's unit square.
    @inline(__always) public func place(_ p: UnitPoint) -> (Double, Double) {
        let lx = (p.x - 0.5) * hole.width, ly = (p.y - 0.5) * hole.height
        return (hole.x + lx * cosA - ly * sinA, hole.y + lx * sinA + ly * cosA)
    }

    /// A direction of the unit square (a normal) turned as the hole is.
    @inline(__always) public func rotate(_ n: UnitPoint) -> (Double, Double) { (n.x * cosA - n.y * sinA, n.x * sinA + n.y * cosA) }

    /// The vertex at screen point (px, py), with the texture coordinates of the feed there.
    @inline(__always) public func vertex(_ px: Double, _ py: Double, alpha: Double) -> ClipVertex {
        ClipVertex(x: px, y: py, u: (cx + (px - cx) * invScale) * invW, v: (cy + (py - cy) * invScale) * invH, alpha: alpha)
    }
}

/// The logo-shaped hole as triangles, and the facts about it that decide what to draw.
///
/// The hole is drawn as geometry: the feed texture mapped through the logo's triangulated
/// outline, plus a fringe whose outer vertices have alpha 0 for anti-aliasing (the technique of
/// Dear ImGui's `AddConvexPolyFilled` and NanoVG's `nvg__expandFill`). So it costs fill only
/// where it is, and needs neither a render target nor a custom blend mode.
public enum HoleGeometry {
    /// The inside of the outline, clipped to the screen, appended to `triangles`.
    public static func appendFill(_ outline: LogoOutline, _ placement: HolePlacement, to triangles: inout [ClipVertex]) {
        let fill = outline.fillTriangles
        var i = 0
        while i + 2 < fill.count {
            let (ax, ay) = placement.place(fill[i]), (bx, by) = placement.place(fill[i + 1]), (qx, qy) = placement.place(fill[i + 2])
            ClipVertex.appendClipped(placement.vertex(ax, ay, alpha: 1), placement.vertex(bx, by, alpha: 1),
                                     placement.vertex(qx, qy, alpha: 1), to: &triangles)
            i += 3
        }
    }

    /// The anti-aliasing fringe: a strip `width` points wide outside every contour, alpha 1 on
    /// the outline and 0 at its outer edge, clipped to the screen.
    public static func appendFringe(_ outline: LogoOutline, _ placement: HolePlacement, width: Double, to triangles: inout [ClipVertex]) {
        var inner = [ClipVertex](), outer = [ClipVertex]()
        for (loop, normals) in zip(outline.contours, outline.contourNormals) {
            let count = loop.count
            inner.removeAll(keepingCapacity: true); outer.removeAll(keepingCapacity: true)
            for k in 0..<count {
                let (x, y) = placement.place(loop[k])
                let (nx, ny) = placement.rotate(normals[k])
                inner.append(placement.vertex(x, y, alpha: 1))
                outer.append(placement.vertex(x + nx * width, y + ny * width, alpha: 0))
            }
            for k in 0..<count {
                let j = (k + 1) % count
                ClipVertex.appendClipped(inner[k], inner[j], outer[j], to: &triangles)
                ClipVertex.appendClipped(inner[k], outer[j], outer[k], to: &triangles)
            }
        }
    }

    /// True when the hole's shape contains all four corners of a `width`×`height` screen: for a
    /// convex screen inside a shape traced this finely, the whole screen. A hole that is not a
    /// finite shape covers nothing.
    public static func coversScreen(_ outline: LogoOutline, hole: LayerState, width: Double, height: Double) -> Bool {
        guard hole.width.isFinite, hole.height.isFinite, hole.width != 0, hole.height != 0 else { return false }
        let cosA = cos(-hole.rotation), sinA = sin(-hole.rotation)
        for (x, y) in [(0.0, 0.0), (width, 0), (0, height), (width, height)] {
            let dx = x - hole.x, dy = y - hole.y
            let lx = dx * cosA - dy * sinA, ly = dx * sinA + dy * cosA
            if !outline.contains(UnitPoint(lx / hole.width + 0.5, ly / hole.height + 0.5)) { return false }
        }
        return true
    }

    /// Half the side of the axis-aligned square about the hole's centre that is surely inside
    /// the hole whatever its rotation (the square inscribed in the shape's inscribed circle), less
    /// a point for the fringe; in points.
    public static func insideSquareHalfSide(_ outline: LogoOutline, hole: LayerState) -> Double {
        outline.inscribedRadius * min(hole.width, hole.height) / 2.0.squareRoot() - 1
    }
}
