import Geometry
import XCTest

/// Area of a triangle list (three vertices a triangle), in the vertices' (x, y).
func triangleArea(_ t: [ClipVertex]) -> Double {
    stride(from: 0, to: t.count - 2, by: 3).reduce(0.0) { sum, i in
        let a = t[i], b = t[i + 1], c = t[i + 2]
        return sum + abs((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)) / 2
    }
}

func unitArea(_ t: [UnitPoint]) -> Double {
    stride(from: 0, to: t.count - 2, by: 3).reduce(0.0) { sum, i in
        let a = t[i], b = t[i + 1], c = t[i + 2]
        return sum + abs((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)) / 2
    }
}

final class TriangleClipperTests: XCTestCase {
    /// A vertex whose texture coordinates are its position, so clipping to [0, 1]² in (u, v)
    /// clips to the unit square in (x, y) too.
    func v(_ x: Double, _ y: Double, alpha: Double = 1) -> ClipVertex { ClipVertex(x: x, y: y, u: x, v: y, alpha: alpha) }

    func clipped(_ a: ClipVertex, _ b: ClipVertex, _ c: ClipVertex) -> [ClipVertex] {
        var out: [ClipVertex] = []
        ClipVertex.appendClipped(a, b, c, to: &out)
        return out
    }

    func testATriangleInsideIsKeptAsItIs() {
        let t = [v(0.1, 0.1), v(0.9, 0.2), v(0.5, 0.8)]
        XCTAssertEqual(clipped(t[0], t[1], t[2]), t)
    }

    func testATriangleOutsideIsDropped() {
        XCTAssertTrue(clipped(v(1.5, 0.2), v(3, 0.5), v(2, 4)).isEmpty)
        XCTAssertTrue(clipped(v(-5, -5), v(-1, -5), v(-3, -0.5)).isEmpty)
        // Around the square's corner but never inside it.
        XCTAssertTrue(clipped(v(1.2, -0.5), v(2, 2), v(1.3, 0.5)).isEmpty)
    }

    /// A triangle straddling an edge keeps exactly the area inside the square, with every
    /// vertex inside and attributes interpolated along the cut.
    func testAStraddlingTriangleKeepsTheAreaInside() {
        // Right triangle (0, 0), (2, 0), (0, 2) contains the whole unit square (x + y ≤ 2 there).
        let whole = clipped(v(0, 0), v(2, 0), v(0, 2))
        XCTAssertEqual(triangleArea(whole), 1, accuracy: 1e-12)
        // (0, 0), (1, 0), (0, 4): within y ≤ 1 the part is the trapezoid under the hypotenuse
        // x = 1 - y/4: area ∫₀¹ (1 - y/4) dy = 7/8.
        let cut = clipped(v(0, 0, alpha: 1), v(1, 0, alpha: 1), v(0, 4, alpha: 0))
        XCTAssertEqual(triangleArea(cut), 7.0 / 8, accuracy: 1e-12)
        for p in cut {
            XCTAssertTrue(p.isInsideTexture, "\(p)")
            // Alpha falls linearly from 1 at y = 0 to 0 at y = 4.
            XCTAssertEqual(p.alpha, 1 - p.y / 4, accuracy: 1e-12)
        }
        // A thin sliver crossing the square from side to side keeps the band inside it.
        let band = clipped(v(-1, 0.4), v(2, 0.4), v(2, 0.6))
        XCTAssertGreaterThan(band.count, 0)
        // Its height above y = 0.4 is (x + 1) / 15; ∫₀¹ (x + 1) / 15 dx = 0.1.
        XCTAssertEqual(triangleArea(band), 0.1, accuracy: 1e-12)
    }

    func testSutherlandHodgmanOfASquareLargerThanTheUnitSquareIsTheUnitSquare() {
        let polygon = ClipVertex.clip([v(-1, -1), v(2, -1), v(2, 2), v(-1, 2)])
        XCTAssertEqual(polygon.count, 4)
        for p in polygon { XCTAssertTrue([0.0, 1.0].contains(p.x) && [0.0, 1.0].contains(p.y), "\(p)") }
    }
}

final class LogoOutlineTracingTests: XCTestCase {
    /// A synthetic alpha image: 255 where `inside` holds at the pixel's centre.
    static func image(_ n: Int, _ inside: (Double, Double) -> Bool) -> [UInt8] {
        var alpha = [UInt8](repeating: 0, count: n * n)
        for y in 0..<n { for x in 0..<n where inside(Double(x) + 0.5, Double(y) + 0.5) { alpha[y * n + x] = 255 } }
        return alpha
    }

    /// A disc traces to one contour whose fill has the disc's area within 1%, fanned from its
    /// centre (star-shaped), with the centre inside and the corners outside.
    func testADiscTracesToItsArea() {
        let n = 400, r = 150.0
        let outline = LogoOutline(alpha: Self.image(n) { x, y in hypot(x - 200, y - 200) < r }, width: n, height: n)
        XCTAssertEqual(outline.contours.count, 1)
        let expected = Double.pi * r * r / Double(n * n)
        XCTAssertEqual(unitArea(outline.fillTriangles), expected, accuracy: expected * 0.01)
        XCTAssertTrue(outline.contains(UnitPoint(0.5, 0.5)))
        XCTAssertFalse(outline.contains(UnitPoint(0.05, 0.05)))
        // The inscribed radius is the disc's, within a trace cell.
        XCTAssertEqual(outline.inscribedRadius, r / Double(n), accuracy: 2.0 / Double(LogoOutline.traceResolution))
    }

    /// A ring (a disc with a hole) traces to two contours and fills only the ring: the hole is kept.
    func testARingKeepsItsHole() {
        let n = 512
        let outline = LogoOutline(alpha: Self.image(n) { x, y in let d = hypot(x - 256, y - 256); return d < 200 && d > 100 }, width: n, height: n)
        XCTAssertEqual(outline.contours.count, 2)
        let expected = Double.pi * (200.0 * 200.0 - 100.0 * 100.0) / Double(n * n)
        XCTAssertEqual(unitArea(outline.fillTriangles), expected, accuracy: expected * 0.01)
        XCTAssertTrue(outline.contains(UnitPoint(0.5 + 150.0 / 512, 0.5)))
        XCTAssertFalse(outline.contains(UnitPoint(0.5, 0.5)))
        XCTAssertEqual(outline.inscribedRadius, 0, "the centre is in the hole")
        // No fill triangle has its centroid in the hole.
        let t = outline.fillTriangles
        for i in stride(from: 0, to: t.count, by: 3) {
            let cx = (t[i].x + t[i + 1].x + t[i + 2].x) / 3 - 0.5, cy = (t[i].y + t[i + 1].y + t[i + 2].y) / 3 - 0.5
            XCTAssertGreaterThan(hypot(cx, cy), 95.0 / 512)
        }
        // Normals point away from the filled ring: outward on the outer circle, inward on the inner one.
        for (loop, normals) in zip(outline.contours, outline.contourNormals) {
            let radius = hypot(loop[0].x - 0.5, loop[0].y - 0.5)
            let outward = (loop[0].x - 0.5) * normals[0].x + (loop[0].y - 0.5) * normals[0].y
            if radius > 0.3 { XCTAssertGreaterThan(outward, 0) } else { XCTAssertLessThan(outward, 0) }
        }
    }

    /// A mask with a side of 0 (which once indexed past its empty alpha array) traces to no shape.
    func testAnEmptyMaskTracesToNoShape() {
        for (w, h) in [(0, 0), (0, 5), (7, 0)] {
            let outline = LogoOutline(alpha: [], width: w, height: h)
            XCTAssertTrue(outline.contours.isEmpty, "\(w)×\(h)")
            XCTAssertTrue(outline.fillTriangles.isEmpty, "\(w)×\(h)")
            XCTAssertEqual(outline.inscribedRadius, 0)
        }
        XCTAssertEqual(LogoOutline.contourPointBound(width: 0, height: 9), 0)
    }

    /// A mask of alpha noise: hundreds of contours whose vertices lie at thousands of different
    /// heights. Cutting every pair of edges at every one of those heights once gave 26 triangles
    /// a contour point (367,240 for 13,935); a trapezoid now ends only at a vertex of its own
    /// edges, and the fill still covers exactly the even-odd area.
    func testANoiseMaskFillsWithTrianglesLinearInItsPoints() {
        var state: UInt64 = 22
        let n = 128
        let alpha = (0..<(n * n)).map { _ -> UInt8 in
            // Knuth's MMIX linear congruential generator; the top byte is the alpha.
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(state >> 56)
        }
        let outline = LogoOutline(alpha: alpha, width: n, height: n)
        let points = outline.contours.reduce(0) { $0 + $1.count }
        XCTAssertGreaterThan(outline.contours.count, 100)
        XCTAssertLessThanOrEqual(outline.fillTriangles.count / 3, LogoOutline.fillTriangleBound(contourPoints: points))
        // Even-odd area of contours that do not cross: each one's area, added at an even nesting
        // depth and taken away at an odd one.
        func area(_ loop: [UnitPoint]) -> Double {
            abs(loop.indices.reduce(0.0) { sum, i in let a = loop[i], b = loop[(i + 1) % loop.count]; return sum + a.x * b.y - b.x * a.y }) / 2
        }
        func encloses(_ loop: [UnitPoint], _ p: UnitPoint) -> Bool {
            // Ray casting to the right (the crossing-number test).
            var inside = false
            for i in loop.indices {
                let a = loop[i], b = loop[(i + 1) % loop.count]
                if (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y) { inside.toggle() }
            }
            return inside
        }
        var evenOdd = 0.0
        for (i, loop) in outline.contours.enumerated() {
            let depth = outline.contours.indices.filter { $0 != i && encloses(outline.contours[$0], loop[0]) }.count
            evenOdd += area(loop) * (depth % 2 == 0 ? 1 : -1)
        }
        XCTAssertEqual(unitArea(outline.fillTriangles), evenOdd, accuracy: 1e-9)
    }

    /// The bounds the fuzz target checks hold where the outline is busiest: a checkerboard of
    /// single pixels, every pixel edge of which is outline, with a saddle at every corner.
    func testTheContourAndTriangleBoundsHoldOnACheckerboard() {
        let n = 32
        let alpha = (0..<(n * n)).map { i -> UInt8 in (i / n + i % n) % 2 == 0 ? 255 : 0 }
        let outline = LogoOutline(alpha: alpha, width: n, height: n)
        let points = outline.contours.reduce(0) { $0 + $1.count }
        let bound = LogoOutline.contourPointBound(width: n, height: n)
        XCTAssertGreaterThan(points, 0)
        XCTAssertLessThanOrEqual(points, bound)
        XCTAssertLessThanOrEqual(outline.fillTriangles.count / 3, LogoOutline.fillTriangleBound(contourPoints: points))
    }
}

final class ConversionTests: XCTestCase {
    func testClampingConversionsNeverTrap() {
        XCTAssertEqual(Int(clamping: Double.nan), 0)
        XCTAssertEqual(Int(clamping: Double.infinity), Int.max)
        XCTAssertEqual(Int(clamping: -Double.infinity), Int.min)
        XCTAssertEqual(Int(clamping: 1e300), Int.max)
        XCTAssertEqual(Int(clamping: 9.3e18), Int.max, "just above Int.max")
        XCTAssertEqual(Int(clamping: -2.5), -2)
        XCTAssertEqual(Int32(clamping: 3e9), Int32.max)
        XCTAssertEqual(UInt8(clamping: -1.0), 0)
        XCTAssertEqual(Pixels.int(.nan), 0)
        XCTAssertEqual(Pixels.int(1e38), Pixels.limit)
        XCTAssertEqual(Pixels.int(-.infinity), -Pixels.limit)
        XCTAssertEqual(Pixels.int(2.5), 3)
        XCTAssertEqual(Pixels.int(2.5, .down), 2)
        XCTAssertEqual(Pixels.alpha(.nan), 0)
        XCTAssertEqual(Pixels.alpha(7), 255)
        XCTAssertEqual(Pixels.alpha(0.5), 128)
        XCTAssertEqual(Pixels.float(.nan), 0)
        XCTAssertEqual(Pixels.float(-1e300), -Float(Pixels.limit))
    }

    func testFrameSizesAreChecked() {
        XCTAssertEqual(PixelSize.frame(width: 375, height: 667, scale: 2), PixelSize(width: 750, height: 1334))
        XCTAssertNil(PixelSize.frame(width: 375, height: 667, scale: 1e300))
        XCTAssertNil(PixelSize.frame(width: 375, height: 667, scale: .infinity))
        XCTAssertNil(PixelSize.frame(width: 375, height: 667, scale: .nan))
        XCTAssertNil(PixelSize.frame(width: 375, height: 667, scale: 0.0001))
        XCTAssertNil(PixelSize.frame(width: 375, height: 667, scale: 25), "16675 px tall is over the limit")
    }
}
