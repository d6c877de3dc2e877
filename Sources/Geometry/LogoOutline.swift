import Foundation

/// A point in the logo's unit square: (0, 0) top-left, (1, 1) bottom-right.
public struct UnitPoint: Equatable, Sendable {
    public var x: Double, y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
}

/// The logo's shape as drawable geometry, traced once from its alpha channel:
/// filled triangles covering the inside, and edge vertices with outward normals for an
/// anti-aliased fringe. Everything is in the logo's unit square, ready to be rotated and scaled.
///
/// Tracing is marching squares at alpha 0.5 with linear interpolation of the crossings,
/// simplified with Douglas–Peucker. Filling uses a scanline trapezoid decomposition with the
/// even-odd rule: it handles non-convex outlines, several pieces and holes without the
/// degenerate cases of ear clipping, and needs no triangulation library.
public struct LogoOutline: Sendable {
    /// Closed outlines, each a list of vertices.
    public let contours: [[UnitPoint]]
    /// Triangles of the inside, three points each.
    public let fillTriangles: [UnitPoint]
    /// For each contour vertex, the unit outward normal (the miter of its two edges).
    public let contourNormals: [[UnitPoint]]


    /// The radius of the largest circle around the unit square's centre that lies inside the
    /// shape (0 if the centre is outside it): whatever the hole's rotation, the axis-aligned
    /// square inscribed in that circle is surely feed, so the backdrop need not be drawn there.
    public let inscribedRadius: Double

    /// Grid size the alpha is averaged down to before tracing: enough for a logo's outline and
    /// small enough to trace in milliseconds.
    public static let traceResolution = 256
    /// Simplification tolerance, in trace cells.
    public static let simplifyTolerance = 0.35
    /// Outlines smaller than this area (in trace cells²) are specks, not shape.
    public static let minimumContourArea = 4.0

    /// Traces `alpha`, a row-major width×height array of 0...255 values. An empty mask (a side of
    /// 0) traces to no shape, as a fully transparent one does.
    public init(alpha: [UInt8], width: Int, height: Int) {
        precondition(width >= 0 && height >= 0 && alpha.count >= width * height, "\(alpha.count) alpha values for a \(width)×\(height) mask")
        let n = LogoOutline.traceResolution
        let field = LogoOutline.downsample(alpha, width: width, height: height, to: n)
        var loops = LogoOutline.marchingSquares(field, size: n)
        loops = loops.map { LogoOutline.simplify($0, tolerance: LogoOutline.simplifyTolerance) }
            .filter { $0.count >= 3 && abs(LogoOutline.signedArea($0)) >= LogoOutline.minimumContourArea }
        // Grid coordinates include a one-cell border of zeros; map back to the unit square.
        let unit = loops.map { loop in loop.map { UnitPoint(($0.x - 1) / Double(n), ($0.y - 1) / Double(n)) } }
        contours = unit
        fillTriangles = LogoOutline.starFans(unit) ?? LogoOutline.trapezoids(unit)
        let centre = UnitPoint(0.5, 0.5)
        if unit.reduce(false, { $0 != LogoOutline.windingContains($1, centre) }) {
            var nearest = Double.infinity
            for loop in unit {
                for i in loop.indices {
                    let a = loop[i], b = loop[(i + 1) % loop.count]
                    let dx = b.x - a.x, dy = b.y - a.y
                    let t = max(0, min(1, ((centre.x - a.x) * dx + (centre.y - a.y) * dy) / max(dx * dx + dy * dy, 1e-18)))
                    nearest = min(nearest, hypot(a.x + t * dx - centre.x, a.y + t * dy - centre.y))
                }
            }
            inscribedRadius = nearest
        } else {
            inscribedRadius = 0
        }
        contourNormals = unit.map { LogoOutline.outwardNormals($0, inside: { p in LogoOutline.sample(field, size: n, x: p.x * Double(n) + 1, y: p.y * Double(n) + 1) >= 0.5 }) }
    }

    // MARK: Bounds

    /// The most contour points a width×height mask traces to. Every point is the 0.5 crossing on
    /// its own edge of the padded grid (marching squares visits each edge once, and simplifying
    /// only drops points), and only edges inside the n×n field, between cells whose values differ,
    /// cross: on each of the n rows of horizontal edges, the two into the zero border, and where
    /// the source pixel changes. A mask at most n wide is upsampled by repeating pixels, so a row
    /// changes pixel w − 1 times; a wider one is averaged, and every edge may cross. Hence
    /// n·(min(w, n) + 1) horizontal and n·(min(h, n) + 1) vertical crossings at most.
    public static func contourPointBound(width: Int, height: Int) -> Int {
        guard width > 0, height > 0 else { return 0 }
        let n = traceResolution
        return n * (min(width, n) + 1) + n * (min(height, n) + 1)
    }

    /// The most fill triangles a shape of `points` contour points fills with, if its contours do
    /// not cross one another. Fans give one a point. A trapezoid gives two; it ends where a vertex
    /// changes the pairing of the edges crossing the bands, and a vertex ends at most two: the
    /// pairs holding the two edges it removes, or the pair its two new edges fall inside (a run of
    /// horizontal edges counts as one vertex). Every trapezoid ends once, so there are at most
    /// 2·points of them: 4·points triangles. Marching squares never makes contours cross;
    /// simplifying two that pass within its tolerance could, and each crossing would end at most
    /// two more trapezoids. The fuzz target checks this bound on every mask it tries.
    public static func fillTriangleBound(contourPoints points: Int) -> Int { 4 * points }

    // MARK: Tracing

    /// Box-filters alpha to size×size in [0, 1], with a one-cell border of zeros all round so every
    /// outline closes.
    static func downsample(_ alpha: [UInt8], width: Int, height: Int, to size: Int) -> [Double] {
        let padded = size + 2
        var out = [Double](repeating: 0, count: padded * padded)
        guard width > 0, height > 0 else { return out }
        for gy in 0..<size {
            let y0 = gy * height / size, y1 = max((gy + 1) * height / size, y0 + 1)
            for gx in 0..<size {
                let x0 = gx * width / size, x1 = max((gx + 1) * width / size, x0 + 1)
                var sum = 0
                for y in y0..<y1 { for x in x0..<x1 { sum += Int(alpha[y * width + x]) } }
                out[(gy + 1) * padded + gx + 1] = Double(sum) / Double((y1 - y0) * (x1 - x0) * 255)
            }
        }
        return out
    }

    static func sample(_ field: [Double], size: Int, x: Double, y: Double) -> Double {
        let padded = size + 2
        let xi = min(max(Int(x.rounded(.down)), 0), padded - 1), yi = min(max(Int(y.rounded(.down)), 0), padded - 1)
        return field[yi * padded + xi]
    }

    /// Closed iso-lines at 0.5 through the padded field, in grid coordinates (cell corners at integers).
    static func marchingSquares(_ field: [Double], size: Int) -> [[UnitPoint]] {
        let padded = size + 2, iso = 0.5
        func value(_ x: Int, _ y: Int) -> Double { field[y * padded + x] }
        // Crossing on the horizontal edge (x,y)-(x+1,y) has id 2(y·p+x); vertical edge (x,y)-(x,y+1) has id 2(y·p+x)+1.
        func crossing(_ id: Int) -> UnitPoint {
            let cell = id / 2, x = cell % padded, y = cell / padded
            let a = value(x, y)
            if id % 2 == 0 {
                let b = value(x + 1, y)
                return UnitPoint(Double(x) + (iso - a) / (b - a), Double(y))
            } else {
                let b = value(x, y + 1)
                return UnitPoint(Double(x), Double(y) + (iso - a) / (b - a))
            }
        }
        var neighbours = [Int: [Int]]()
        func link(_ a: Int, _ b: Int) { neighbours[a, default: []].append(b); neighbours[b, default: []].append(a) }
        for y in 0..<(padded - 1) {
            for x in 0..<(padded - 1) {
                let tl = value(x, y) >= iso, tr = value(x + 1, y) >= iso
                let br = value(x + 1, y + 1) >= iso, bl = value(x, y + 1) >= iso
                let top = 2 * (y * padded + x), bottom = 2 * ((y + 1) * padded + x)
                let left = 2 * (y * padded + x) + 1, right = 2 * (y * padded + x + 1) + 1
                switch (tl, tr, br, bl) {
                case (false, false, false, false), (true, true, true, true): break
                case (true, false, false, false), (false, true, true, true): link(top, left)
                case (false, true, false, false), (true, false, true, true): link(top, right)
                case (false, false, true, false), (true, true, false, true): link(right, bottom)
                case (false, false, false, true), (true, true, true, false): link(left, bottom)
                case (true, true, false, false), (false, false, true, true): link(left, right)
                case (true, false, false, true), (false, true, true, false): link(top, bottom)
                case (true, false, true, false), (false, true, false, true):
                    // Saddle: the cell centre's average decides whether the diagonal corners join.
                    let centreInside = (value(x, y) + value(x + 1, y) + value(x + 1, y + 1) + value(x, y + 1)) / 4 >= iso
                    if centreInside == tl { link(top, right); link(left, bottom) } else { link(top, left); link(right, bottom) }
                }
            }
        }
        var visited = Set<Int>()
        var loops = [[UnitPoint]]()
        for start in neighbours.keys.sorted() where !visited.contains(start) {
            var loop = [UnitPoint]()
            var previous = -1, current = start
            while !visited.contains(current) {
                visited.insert(current)
                loop.append(crossing(current))
                guard let next = neighbours[current]?.first(where: { $0 != previous && !visited.contains($0) })
                        ?? neighbours[current]?.first(where: { $0 != previous }) else { break }
                previous = current
                current = next
            }
            if loop.count >= 3 { loops.append(loop) }
        }
        return loops
    }

    // MARK: Simplifying

    static func simplify(_ loop: [UnitPoint], tolerance: Double) -> [UnitPoint] {
        guard loop.count > 8 else { return loop }
        // Split the closed loop at its first point and the point farthest from it.
        var far = 0, farDistance = -1.0
        for (i, p) in loop.enumerated() {
            let d = (p.x - loop[0].x) * (p.x - loop[0].x) + (p.y - loop[0].y) * (p.y - loop[0].y)
            if d > farDistance { farDistance = d; far = i }
        }
        let first = douglasPeucker(Array(loop[0...far]), tolerance)
        let second = douglasPeucker(Array(loop[far...]) + [loop[0]], tolerance)
        return Array(first.dropLast()) + Array(second.dropLast())
    }

    static func douglasPeucker(_ points: [UnitPoint], _ tolerance: Double) -> [UnitPoint] {
        guard points.count > 2 else { return points }
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true; keep[points.count - 1] = true
        var stack = [(0, points.count - 1)]
        while let (a, b) = stack.popLast() {
            guard b > a + 1 else { continue }
            let pa = points[a], pb = points[b]
            let dx = pb.x - pa.x, dy = pb.y - pa.y
            let length = (dx * dx + dy * dy).squareRoot()
            var worst = a, worstDistance = 0.0
            for i in (a + 1)..<b {
                let p = points[i]
                let d = length > 0 ? abs(dy * (p.x - pa.x) - dx * (p.y - pa.y)) / length
                    : ((p.x - pa.x) * (p.x - pa.x) + (p.y - pa.y) * (p.y - pa.y)).squareRoot()
                if d > worstDistance { worstDistance = d; worst = i }
            }
            if worstDistance > tolerance { keep[worst] = true; stack.append((a, worst)); stack.append((worst, b)) }
        }
        return points.indices.filter { keep[$0] }.map { points[$0] }
    }

    static func signedArea(_ loop: [UnitPoint]) -> Double {
        var area = 0.0
        for i in loop.indices {
            let a = loop[i], b = loop[(i + 1) % loop.count]
            area += a.x * b.y - b.x * a.y
        }
        return area / 2
    }

    // MARK: Filling

    /// Even-odd fill of the contours as triangles: cut the plane into horizontal bands at every
    /// vertex's y; inside a band no edge starts, ends or crosses another, so the edges crossing it
    /// sorted by x pair up into trapezoids. A pair that pairs up again in the next band continues
    /// its trapezoid there: edges are straight, so the longer trapezoid is exactly the union of the
    /// bands' ones, and it ends only where a vertex changes the pairing. (Cutting every pair at
    /// every band made the count quadratic: a vertex anywhere cut every pair crossing its y, and a
    /// 128 px mask of alpha noise, 13,935 points, filled with 367,240 triangles.)
    static func trapezoids(_ contours: [[UnitPoint]]) -> [UnitPoint] {
        struct Edge { var top: UnitPoint; var bottom: UnitPoint
            func x(at y: Double) -> Double { top.x + (y - top.y) * (bottom.x - top.x) / (bottom.y - top.y) } }
        /// Two edges bounding a trapezoid, by index, left first.
        struct Pair: Hashable { var left: Int; var right: Int }
        var edges = [Edge]()
        var ys = Set<Double>()
        for loop in contours {
            for i in loop.indices {
                let a = loop[i], b = loop[(i + 1) % loop.count]
                ys.insert(a.y)
                if a.y == b.y { continue }
                edges.append(a.y < b.y ? Edge(top: a, bottom: b) : Edge(top: b, bottom: a))
            }
        }
        let bands = ys.sorted()
        var triangles = [UnitPoint]()
        func emit(_ pair: Pair, from y0: Double, to y1: Double) {
            let l = edges[pair.left], r = edges[pair.right]
            let a = UnitPoint(l.x(at: y0), y0), b = UnitPoint(r.x(at: y0), y0), c = UnitPoint(r.x(at: y1), y1), d = UnitPoint(l.x(at: y1), y1)
            triangles += [a, b, c, a, c, d]
        }
        edges.sort { $0.top.y < $1.top.y }
        // The edges crossing the current band, and the trapezoids still open, left to right, with
        // the y each began at.
        var active = [Int](), entering = 0
        var open = [(pair: Pair, top: Double)]()
        for i in 0..<max(bands.count - 1, 0) {
            let y0 = bands[i], y1 = bands[i + 1]
            let mid = (y0 + y1) / 2
            while entering < edges.count && edges[entering].top.y <= y0 { active.append(entering); entering += 1 }
            // An edge ending above y1 ends at y0 or above (every end is a band's y): done for good.
            active.removeAll { edges[$0].bottom.y < y1 }
            let crossing = active.map { ($0, edges[$0].x(at: mid)) }.sorted { $0.1 < $1.1 }
            var continuing = Dictionary(uniqueKeysWithValues: open.map { ($0.pair, $0.top) })
            var next = [(pair: Pair, top: Double)]()
            var k = 0
            while k + 1 < crossing.count {
                let pair = Pair(left: crossing[k].0, right: crossing[k + 1].0)
                next.append((pair, continuing.removeValue(forKey: pair) ?? y0))
                k += 2
            }
            for (pair, top) in open where continuing[pair] != nil { emit(pair, from: top, to: y0) }
            open = next
        }
        if let last = bands.last { for (pair, top) in open { emit(pair, from: top, to: last) } }
        return triangles
    }

    /// Even-odd point-in-shape test in the unit square.
    public func contains(_ p: UnitPoint) -> Bool {
        contours.reduce(false) { $0 != LogoOutline.windingContains($1, p) }
    }

    /// A fan from each outline's centroid, if every outline is star-shaped around it and none is a
    /// hole: a few dozen wide wedges rasterise with far less waste than hundreds of one-band
    /// slivers. nil when the shape needs the general fill.
    static func starFans(_ contours: [[UnitPoint]]) -> [UnitPoint]? {
        guard !contours.isEmpty else { return nil }
        // An outline inside another is a hole (or an island in one): fans cannot express that.
        for (i, loop) in contours.enumerated() {
            for (j, other) in contours.enumerated() where i != j && windingContains(other, loop[0]) { return nil }
        }
        var triangles = [UnitPoint]()
        for loop in contours {
            let area = signedArea(loop)
            var cx = 0.0, cy = 0.0
            for i in loop.indices {
                let a = loop[i], b = loop[(i + 1) % loop.count]
                let cross = a.x * b.y - b.x * a.y
                cx += (a.x + b.x) * cross; cy += (a.y + b.y) * cross
            }
            let centre = UnitPoint(cx / (6 * area), cy / (6 * area))
            // Star-shaped around the centroid: every edge turns the same way seen from it.
            for i in loop.indices {
                let a = loop[i], b = loop[(i + 1) % loop.count]
                let cross = (a.x - centre.x) * (b.y - centre.y) - (a.y - centre.y) * (b.x - centre.x)
                if (cross > 0) != (area > 0) || abs(cross) < 1e-12 { return nil }
            }
            for i in loop.indices { triangles += [centre, loop[i], loop[(i + 1) % loop.count]] }
        }
        return triangles
    }

    static func windingContains(_ loop: [UnitPoint], _ p: UnitPoint) -> Bool {
        var inside = false
        var j = loop.count - 1
        for i in loop.indices {
            let a = loop[i], b = loop[j]
            if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
            j = i
        }
        return inside
    }

    /// Per-vertex outward normals: each edge's normal points away from the inside (tested against
    /// the traced field), and a vertex takes the miter of its two edges, capped so sharp corners
    /// do not spike.
    static func outwardNormals(_ loop: [UnitPoint], inside: (UnitPoint) -> Bool) -> [UnitPoint] {
        let count = loop.count
        // Orientation is one fact per loop: decide it by majority over its edges, robust to noise.
        var votes = 0
        var edgeNormals = [UnitPoint]()
        for i in 0..<count {
            let a = loop[i], b = loop[(i + 1) % count]
            let dx = b.x - a.x, dy = b.y - a.y
            let length = max((dx * dx + dy * dy).squareRoot(), 1e-12)
            let n = UnitPoint(dy / length, -dx / length)
            edgeNormals.append(n)
            let probe = UnitPoint((a.x + b.x) / 2 + n.x * 0.004, (a.y + b.y) / 2 + n.y * 0.004)
            votes += inside(probe) ? -1 : 1
        }
        let sign = votes >= 0 ? 1.0 : -1.0
        return (0..<count).map { i in
            let n1 = edgeNormals[(i + count - 1) % count], n2 = edgeNormals[i]
            var mx = (n1.x + n2.x) / 2, my = (n1.y + n2.y) / 2
            let lengthSquared = mx * mx + my * my
            // Miter length 1/|m|; cap at 2 (as Dear ImGui caps its AA fringe miters).
            let inverse = lengthSquared > 0.25 ? 1 / lengthSquared : 4
            mx *= inverse; my *= inverse
            return UnitPoint(sign * mx, sign * my)
        }
    }
}
