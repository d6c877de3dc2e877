import Formats
import Geometry
import Scenes

// MARK: The logo outline

/// A fuzz input read as an alpha mask for `LogoOutline`.
///
/// Layout: byte 0 is the width and byte 1 the height, each taken modulo 129 (0...128 pixels, so
/// an empty mask is reachable); byte 2 modulo 5, plus 1, is a scale: every pixel becomes a
/// scale×scale block, up to 640×640, which is the only way masks over the trace resolution (256)
/// reach the tracer's box filter, at ratios that straddle pixel blocks. The rest are alpha bytes,
/// row-major, repeated cyclically to fill the mask: one byte of 255 is a full mask, a few bytes
/// make stripes and checkers, and no bytes an empty mask. Holes, islands and one-pixel lines come
/// from the seeds in `Fuzz/corpus/outline` and the fuzzer's copying of byte runs.
public struct FuzzMask: Equatable {
    public static let maxSide = 128
    public static let maxScale = 5
    public let alpha: [UInt8]
    public let width: Int, height: Int

    public init(_ bytes: [UInt8]) {
        let side = bytes.count > 0 ? Int(bytes[0]) % (FuzzMask.maxSide + 1) : 0
        let rows = bytes.count > 1 ? Int(bytes[1]) % (FuzzMask.maxSide + 1) : 0
        let scale = bytes.count > 2 ? Int(bytes[2]) % FuzzMask.maxScale + 1 : 1
        let pixels = bytes.dropFirst(3)
        width = side * scale; height = rows * scale
        var alpha = [UInt8](repeating: 0, count: width * height)
        if !pixels.isEmpty {
            for y in 0..<height {
                for x in 0..<width {
                    let source = (y / scale) * side + x / scale
                    alpha[y * width + x] = pixels[pixels.startIndex + source % pixels.count]
                }
            }
        }
        self.alpha = alpha
    }
}

func checkOutline(_ bytes: [UInt8]) throws {
    let mask = FuzzMask(bytes)
    let outline = LogoOutline(alpha: mask.alpha, width: mask.width, height: mask.height)
    let n = Double(LogoOutline.traceResolution)
    let points = outline.contours.reduce(0) { $0 + $1.count }

    // Contours: closed loops of at least three finite points within the traced field, which is the
    // unit square and its one-cell border of zeros (a crossing lies at most half a cell into it).
    guard outline.contourNormals.count == outline.contours.count else {
        throw FuzzViolation("\(outline.contours.count) contours but \(outline.contourNormals.count) normal lists")
    }
    let field = (-1 / n)...(1 + 1 / n)
    for (i, (loop, normals)) in zip(outline.contours, outline.contourNormals).enumerated() {
        guard loop.count >= 3, normals.count == loop.count else {
            throw FuzzViolation("contour \(i): \(loop.count) points, \(normals.count) normals")
        }
        for p in loop where !(field.contains(p.x) && field.contains(p.y)) {
            throw FuzzViolation("contour \(i): point \(p) is not finite or outside the traced field")
        }
        // Normals are unit edge normals averaged into a miter capped at length 2.
        for m in normals where !(m.x.isFinite && m.y.isFinite && (m.x * m.x + m.y * m.y).squareRoot() <= 2 + 1e-9) {
            throw FuzzViolation("contour \(i): normal \(m) is not finite or longer than the miter cap of 2")
        }
    }

    // Fill: whole triangles of finite points, inside the contours' bounding box.
    let fill = outline.fillTriangles
    guard fill.count % 3 == 0 else { throw FuzzViolation("\(fill.count) fill vertices, not whole triangles") }
    let triangles = fill.count / 3
    if points == 0 {
        guard triangles == 0 else { throw FuzzViolation("\(triangles) fill triangles without a contour") }
    } else {
        let all = outline.contours.joined()
        let slack = 1e-9
        let xs = (all.map(\.x).min()! - slack)...(all.map(\.x).max()! + slack)
        let ys = (all.map(\.y).min()! - slack)...(all.map(\.y).max()! + slack)
        for p in fill where !(xs.contains(p.x) && ys.contains(p.y)) {
            throw FuzzViolation("fill vertex \(p) is not finite or outside the contours' box \(xs) × \(ys)")
        }
    }
    let bound = LogoOutline.fillTriangleBound(contourPoints: points)
    guard triangles <= bound else {
        throw FuzzViolation("\(triangles) fill triangles from \(points) contour points; the bound is \(bound)")
    }
    let pointBound = LogoOutline.contourPointBound(width: mask.width, height: mask.height)
    guard points <= pointBound else {
        throw FuzzViolation("\(points) contour points from a \(mask.width)×\(mask.height) mask; the bound is \(pointBound)")
    }
    guard outline.inscribedRadius.isFinite, (0...1).contains(outline.inscribedRadius) else {
        throw FuzzViolation("inscribed radius \(outline.inscribedRadius)")
    }

    // The hole's mesh: the fill and the fringe placed, as the splash draws them, on an iPhone SE
    // screen: the logo's 88 pt, turned and grown past the screen, far past it (the end of the
    // disappearance), and shrunk to nearly nothing.
    let holes = [LayerState(x: 187.5, y: 333.5, width: 88, height: 88),
                 LayerState(x: 187.5, y: 333.5, width: 2400, height: 2400, rotation: 0.7),
                 LayerState(x: 100, y: 600, width: 3e6, height: 3e6, rotation: -2.5),
                 LayerState(x: 187.5, y: 333.5, width: 1e-3, height: 1e-3, rotation: 1)]
    for hole in holes {
        let placement = HolePlacement(hole: hole, screenWidth: 375, screenHeight: 667, textureScale: 1.05)
        var mesh = [ClipVertex]()
        HoleGeometry.appendFill(outline, placement, to: &mesh)
        HoleGeometry.appendFringe(outline, placement, width: 0.5, to: &mesh)
        guard mesh.count % 3 == 0 else { throw FuzzViolation("\(mesh.count) mesh vertices, not whole triangles") }
        // Sutherland–Hodgman adds at most one vertex per clipping plane: a triangle clipped to the
        // four sides of [0, 1]² has at most 7 vertices, a fan of at most 5 triangles. The mesh
        // clips each fill triangle and the fringe's two triangles per contour point.
        let meshBound = 5 * (triangles + 2 * points)
        guard mesh.count / 3 <= meshBound else {
            throw FuzzViolation("\(mesh.count / 3) mesh triangles for hole \(hole); the bound is \(meshBound)")
        }
        let unit = (-1e-9)...(1 + 1e-9)
        for v in mesh where !(v.x.isFinite && v.y.isFinite && unit.contains(v.u) && unit.contains(v.v) && unit.contains(v.alpha)) {
            throw FuzzViolation("mesh vertex \(v) for hole \(hole): not finite, or texture coordinates or alpha outside [0, 1]")
        }
        let half = HoleGeometry.insideSquareHalfSide(outline, hole: hole)
        guard half.isFinite else { throw FuzzViolation("inside square half side \(half) for hole \(hole)") }
    }
}

// MARK: The launch image match

/// A fuzz input read as a folder of launch image candidates: records of a name-length byte, the
/// name (UTF-8, invalid bytes replaced), a header-length byte and the file's first bytes. A
/// record cut short by the end of the input keeps what is there. A later record with the same
/// name replaces an earlier one, as a folder holds one file of a name.
public struct FuzzLaunchFolder {
    public private(set) var names: [String] = []
    public private(set) var headers: [String: [UInt8]] = [:]

    public init(_ bytes: [UInt8]) {
        var rest = bytes[...]
        func take(_ count: Int) -> [UInt8] { let part = rest.prefix(count); rest = rest.dropFirst(count); return Array(part) }
        while let nameLength = rest.first {
            rest = rest.dropFirst()
            let name = String(decoding: take(Int(nameLength)), as: UTF8.self)
            let headerLength = rest.first.map(Int.init) ?? 0
            rest = rest.dropFirst()
            if headers[name] == nil { names.append(name) }
            headers[name] = take(headerLength)
        }
    }
}

func checkLaunchImage(_ bytes: [UInt8]) throws {
    let folder = FuzzLaunchFolder(bytes)
    // The catalog's limit (AssetCatalog.maxImageSide, in Render, which this pure module cannot see).
    let maxSide = 8192
    var sizes: [String: Result<(width: Int, height: Int), PNGHeader.Problem>] = [:]
    for (name, header) in folder.headers {
        let size = Result { () throws(PNGHeader.Problem) in try PNGHeader.size(header, maxSide: maxSide) }
        // Only the first 24 bytes are a header: what follows them never changes the size.
        let first = Result { () throws(PNGHeader.Problem) in try PNGHeader.size(Array(header.prefix(PNGHeader.byteCount)), maxSide: maxSide) }
        guard same(size, first) else { throw FuzzViolation("\(name): the size depends on bytes past the header: \(size) versus \(first)") }
        if case let .success((w, h)) = size {
            guard (1...maxSide).contains(w), (1...maxSide).contains(h) else { throw FuzzViolation("\(name): size \(w)×\(h) outside 1...\(maxSide)") }
            guard let back = try? PNGHeader.size(PNGHeader.bytes(width: UInt32(w), height: UInt32(h)), maxSide: maxSide), back == (w, h) else {
                throw FuzzViolation("\(name): a header written for \(w)×\(h) does not read back")
            }
        }
        sizes[name] = size
    }

    for preset in Device.presets {
        for orientation in Orientation.allCases {
            let device = preset.oriented(orientation)
            let candidates = folder.names.filter(LaunchImageMatch.isCandidate).sorted()
            // What the match must give: the first unreadable candidate's problem, else the first
            // candidate in name order whose size is exactly the device's pixel size.
            let expected: Result<String?, PNGHeader.Problem>
            if let unreadable = candidates.lazy.compactMap({ name -> PNGHeader.Problem? in
                if case let .failure(problem) = sizes[name]! { return problem } else { return nil }
            }).first {
                expected = .failure(unreadable)
            } else {
                expected = .success(candidates.first { name in
                    guard case let .success((w, h)) = sizes[name]! else { return false }
                    return w == device.pixelWidth && h == device.pixelHeight
                })
            }
            // A folder lists its files in no particular order: the choice must not depend on it.
            for listing in [folder.names, folder.names.reversed()] {
                var asked = Set<String>()
                let chosen: Result<String?, PNGHeader.Problem>
                do {
                    chosen = .success(try LaunchImageMatch.choose(names: listing, device: device) { name in
                        guard LaunchImageMatch.isCandidate(name), asked.insert(name).inserted else {
                            throw FuzzViolation("the size of \(name) was asked for, but it is no candidate or was asked for before")
                        }
                        return try sizes[name]!.get()
                    })
                } catch let problem as PNGHeader.Problem {
                    chosen = .failure(problem)
                }
                guard chosen == expected else {
                    throw FuzzViolation("\(device.name) \(orientation): chose \(chosen), expected \(expected) from \(listing)")
                }
            }
        }
    }
}

private func same(_ a: Result<(width: Int, height: Int), PNGHeader.Problem>, _ b: Result<(width: Int, height: Int), PNGHeader.Problem>) -> Bool {
    switch (a, b) {
    case let (.success(x), .success(y)): return x == y
    case let (.failure(x), .failure(y)): return x == y
    default: return false
    }
}
