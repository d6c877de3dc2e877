import Foundation
import Motion

/// The blend modes of a Lottie layer (`bm`) that are drawn here, by their number in the format
/// (lottie-spec, "Blend Mode"), with the formulas of W3C Compositing and Blending Level 1
/// (https://www.w3.org/TR/compositing-1/, §10 "Blending"), which lottie-web's canvas renderer uses
/// through `globalCompositeOperation` and lottie-ios through Core Animation's compositing filters.
public enum LottieBlendMode: Int, CaseIterable, Sendable {
    case multiply = 1, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight, softLight,
         difference, exclusion, hue, saturation, color, luminosity

    /// Whether the mode works on each channel alone (W3C §10.1) or on the colour as a whole (§10.2).
    public var isSeparable: Bool { rawValue <= LottieBlendMode.exclusion.rawValue }
}

/// A Lottie file cut into passes that rlottie can draw, for layers that blend other than normally.
/// rlottie draws every layer as normal, so each blended layer is drawn alone, and the layers drawn
/// before it and after it are drawn as their own passes; the caller composites the passes bottom
/// to top, each normal pass over what lies below it, each blended pass with its mode.
///
/// A pass is a copy of the file where every layer outside it is hidden (`hd: true`, which rlottie
/// reads as a null layer that still parents others). Layers are ordered as lottie-web's canvas
/// renderer draws them: a composition's last layer first, and a precomp's layers where the precomp
/// layer is, so a blended layer inside a precomp blends with everything drawn before it, as there.
/// A precomp cut by a pass gets a copy of its asset for that pass, since other references to the
/// asset may be cut elsewhere or not at all.
public struct LottieBlendPasses: Equatable, Sendable {
    public struct Pass: Equatable, Sendable {
        /// nil: drawn over what lies below; otherwise blended with it in this mode.
        public var mode: LottieBlendMode?
        /// The file's JSON with the layers outside the pass hidden.
        public var json: [UInt8]
    }

    /// Bottom to top.
    public var passes: [Pass]
    /// Blended layers drawn as normal, each a message naming the file.
    public var warnings: [String]

    /// At most this many blended layers are drawn blended (each costs two more rlottie passes a
    /// frame); the four shared real-world files have at most one. Layers past it are drawn as
    /// normal, with a warning.
    public static let maximumBlendedLayers = 8
    /// Layers counted through precomps (a precomp's layers count once for each reference):
    /// past this the file is drawn in one pass without blending, with a warning, so a tree of
    /// precomps referring to each other many times cannot make the cutting slow.
    public static let maximumDrawnLayers = 1_000_000
    /// Cutting a pass recurses once a precomp level; files nest a few levels (the shared ones at
    /// most 3), and 64 keeps the recursion far from a thread's stack limit.
    public static let maximumPrecompDepth = 64

    /// The passes of a checked Lottie file (`LottieDocument.check` accepted it, so its precomps
    /// refer to existing precomps without cycles), or nil when no layer blends in a mode drawn
    /// here, so the file is drawn in one pass as it is.
    public static func make(json: [UInt8], path: String) throws -> LottieBlendPasses? {
        let root = try JSONParser.parse(bytes: json, path: path)
        let tree = LayerTree(root: root)
        guard tree.hasBlendedLayers else { return nil }
        if tree.drawnLayerCount(of: nil) > maximumDrawnLayers || tree.precompDepth > maximumPrecompDepth {
            return LottieBlendPasses(passes: [], warnings: [
                "\(path): the animation nests precomps deeper than \(maximumPrecompDepth) or draws more than \(maximumDrawnLayers) layers through them; its blend modes are drawn as normal",
            ])
        }
        let (blended, skipped) = tree.blendedItems(limit: maximumBlendedLayers)
        var warnings: [String] = []
        if skipped > 0 {
            warnings.append("\(path): \(skipped) blended layers past the first \(maximumBlendedLayers) are drawn as normal")
        }
        guard !blended.isEmpty else { return nil }
        var ranges: [(range: Range<Int>, mode: LottieBlendMode?)] = []
        var drawnUpTo = 0
        for item in blended {
            if item.range.lowerBound > drawnUpTo { ranges.append((drawnUpTo..<item.range.lowerBound, nil)) }
            ranges.append((item.range, item.mode))
            drawnUpTo = item.range.upperBound
        }
        let total = tree.drawnLayerCount(of: nil)
        if total > drawnUpTo { ranges.append((drawnUpTo..<total, nil)) }
        let passes = ranges.enumerated().map { index, pass in
            Pass(mode: pass.mode, json: Array(tree.json(showing: pass.range, passIndex: index).utf8))
        }
        return LottieBlendPasses(passes: passes, warnings: warnings)
    }
}

// MARK: - The layer tree

/// The file's layers and precomps, with each layer's place in the drawing order.
private struct LayerTree {
    var root: JSONNode
    var rootLayers: [JSONNode]
    var precompLayers: [String: [JSONNode]] = [:]
    /// Every asset's id, so a precomp's copy takes one no asset has.
    var assetIDs = Set<String>()
    /// Per precomp: its drawn layers (saturating past `maximumDrawnLayers`), whether it holds a
    /// blended layer at any depth, and how deep its precomps nest.
    var drawnCounts: [String: Int] = [:]
    var holdsBlend: [String: Bool] = [:]
    var depths: [String: Int] = [:]

    init(root: JSONNode) {
        self.root = root
        rootLayers = root.member("layers")?.arrayItems ?? []
        for asset in root.member("assets")?.arrayItems ?? [] {
            guard case let .string(id)? = asset.member("id")?.value else { continue }
            assetIDs.insert(id)
            if let layers = asset.member("layers")?.arrayItems { precompLayers[id] = layers }
        }
        measurePrecomps()
    }

    /// Fills `drawnCounts`, `holdsBlend` and `depths` children first, without recursion (a chain
    /// of a million precomps is a valid file), each precomp once.
    private mutating func measurePrecomps() {
        var onPath = Set<String>()
        for start in precompLayers.keys.sorted() where drawnCounts[start] == nil {
            var stack = [start]
            onPath.insert(start)
            while let id = stack.last {
                let children = layers(of: id).compactMap(LayerTree.precompID).filter { precompLayers[$0] != nil }
                if let next = children.first(where: { drawnCounts[$0] == nil && !onPath.contains($0) }) {
                    stack.append(next)
                    onPath.insert(next)
                    continue
                }
                var count = 0, holds = false, depth = 0
                for layer in layers(of: id) {
                    count = min(count + weight(of: layer), LottieBlendPasses.maximumDrawnLayers + 1)
                    holds = holds || (LayerTree.blendMode(of: layer) != nil && !LayerTree.isHidden(layer))
                    if let child = LayerTree.precompID(of: layer) {
                        holds = holds || holdsBlend[child] == true
                        depth = max(depth, (depths[child] ?? 0) + 1)
                    }
                }
                drawnCounts[id] = count; holdsBlend[id] = holds; depths[id] = depth
                stack.removeLast()
                onPath.remove(id)
            }
        }
    }

    var hasBlendedLayers: Bool {
        rootLayers.contains { LayerTree.blendMode(of: $0) != nil && !LayerTree.isHidden($0) } || holdsBlend.values.contains(true)
    }

    /// How deeply precomps nest under the root.
    var precompDepth: Int {
        rootLayers.compactMap(LayerTree.precompID).map { (depths[$0] ?? 0) + 1 }.max() ?? 0
    }

    static func blendMode(of layer: JSONNode) -> LottieBlendMode? {
        guard case let .number(number)? = layer.member("bm")?.value, number == number.rounded(), abs(number) < 1000 else { return nil }
        return LottieBlendMode(rawValue: Int(number))
    }

    static func isHidden(_ layer: JSONNode) -> Bool { layer.member("hd")?.value == .bool(true) }

    /// A matte source (`td` set) is not drawn itself: it goes where the layer after it goes.
    static func isMatteSource(_ layer: JSONNode) -> Bool {
        if case let .number(number)? = layer.member("td")?.value { return number != 0 }
        return false
    }

    static func precompID(of layer: JSONNode) -> String? {
        guard layer.member("ty")?.value == .number(0), case let .string(id)? = layer.member("refId")?.value else { return nil }
        return id
    }

    /// The layers of the root (nil) or of a precomp.
    func layers(of id: String?) -> [JSONNode] { id.map { precompLayers[$0] ?? [] } ?? rootLayers }

    /// Drawn layers under the root (nil) or a precomp, precomps expanded.
    func drawnLayerCount(of id: String?) -> Int {
        if let id { return drawnCounts[id] ?? 0 }
        return rootLayers.reduce(0) { min($0 + weight(of: $1), LottieBlendPasses.maximumDrawnLayers + 1) }
    }

    func weight(of layer: JSONNode) -> Int {
        if LayerTree.isMatteSource(layer) { return 0 }
        if let id = LayerTree.precompID(of: layer) { return drawnCounts[id] ?? 0 }
        return 1
    }

    /// The blended layers in drawing order, each with its range of drawn layers (a blended precomp
    /// is one item: its layers are composited, then blended, as After Effects and lottie-ios do),
    /// at most `limit` of them, and how many more there are. Only subtrees holding a blended layer
    /// are walked, so a wide tree of plain precomps costs nothing here.
    func blendedItems(limit: Int) -> (items: [(range: Range<Int>, mode: LottieBlendMode)], skipped: Int) {
        var items: [(range: Range<Int>, mode: LottieBlendMode)] = [], skipped = 0
        // Each frame: a composition's layers, the next to visit (from the last: drawn first), and its first drawn position.
        var stack: [(layers: [JSONNode], next: Int, position: Int)] = [(rootLayers, rootLayers.count - 1, 0)]
        while let top = stack.last {
            guard top.next >= 0 else { stack.removeLast(); continue }
            let layer = top.layers[top.next]
            let start = top.position, width = weight(of: layer)
            stack[stack.count - 1].next -= 1
            stack[stack.count - 1].position += width
            if let mode = LayerTree.blendMode(of: layer), !LayerTree.isMatteSource(layer), !LayerTree.isHidden(layer), width > 0 {
                if items.count < limit { items.append((start..<start + width, mode)) } else { skipped += 1 }
            } else if let id = LayerTree.precompID(of: layer), holdsBlend[id] == true {
                stack.append((layers(of: id), layers(of: id).count - 1, start))
            }
        }
        return (items, skipped)
    }

    // MARK: Writing a pass

    /// The file as JSON with every layer outside `shown` hidden, and the precomps `shown` cuts
    /// copied under new ids.
    func json(showing shown: Range<Int>, passIndex: Int) -> String {
        var copies: [JSONNode] = []
        let layers = cut(layers(of: nil), from: 0, showing: shown, passIndex: passIndex, copies: &copies)
        guard case let .object(members) = root.value else { return "" }
        var rewritten = members
        for index in rewritten.indices {
            switch rewritten[index].key {
            case "layers": rewritten[index].value.value = .array(layers)
            case "assets":
                if case let .array(assets) = rewritten[index].value.value { rewritten[index].value.value = .array(assets + copies) }
            default: break
            }
        }
        var out = ""
        out.reserveCapacity(1 << 16)
        JSONNode(value: .object(rewritten), location: root.location).writeJSON(into: &out)
        return out
    }

    private func cut(_ layers: [JSONNode], from first: Int, showing shown: Range<Int>, passIndex: Int, copies: inout [JSONNode]) -> [JSONNode] {
        // Positions from the last layer (drawn first); a matte source shows when its user does.
        var ranges = [Range<Int>](repeating: 0..<0, count: layers.count)
        var position = first
        for index in layers.indices.reversed() {
            let width = weight(of: layers[index])
            ranges[index] = position..<position + width
            position += width
        }
        var result = layers
        for index in layers.indices {
            let layer = layers[index]
            let range = LayerTree.isMatteSource(layer) && index + 1 < layers.count ? ranges[index + 1] : ranges[index]
            if range.isEmpty || !range.overlaps(shown) {
                result[index] = layer.settingMember("hd", to: .bool(true))
            } else if !(shown.lowerBound <= range.lowerBound && range.upperBound <= shown.upperBound),
                      let id = LayerTree.precompID(of: layer), let asset = assetNode(id) {
                var copyID = "\(id)~pass\(passIndex)~\(copies.count)"
                while assetIDs.contains(copyID) || copies.contains(where: { $0.member("id")?.value == .string(copyID) }) { copyID += "~" }
                let inner = cut(self.layers(of: id), from: range.lowerBound, showing: shown, passIndex: passIndex, copies: &copies)
                copies.append(asset.settingMember("id", to: .string(copyID)).settingMember("layers", to: .array(inner)))
                result[index] = layer.settingMember("refId", to: .string(copyID))
            }
        }
        return result
    }

    private func assetNode(_ id: String) -> JSONNode? {
        root.member("assets")?.arrayItems?.first { $0.member("id")?.value == .string(id) }
    }
}

// MARK: - The blend formulas

extension LottieBlendMode {
    /// B(Cb, Cs) of W3C Compositing and Blending Level 1 for one pixel: `backdrop` and `source`
    /// are straight (not premultiplied) RGB in [0, 1].
    public func blend(backdrop cb: SIMD3<Double>, source cs: SIMD3<Double>) -> SIMD3<Double> {
        if isSeparable {
            return SIMD3(blendChannel(cb.x, cs.x), blendChannel(cb.y, cs.y), blendChannel(cb.z, cs.z))
        }
        // §10.2 "Non-separable blend modes".
        switch self {
        case .hue: return LottieBlendMode.setLum(LottieBlendMode.setSat(cs, LottieBlendMode.sat(cb)), LottieBlendMode.lum(cb))
        case .saturation: return LottieBlendMode.setLum(LottieBlendMode.setSat(cb, LottieBlendMode.sat(cs)), LottieBlendMode.lum(cb))
        case .color: return LottieBlendMode.setLum(cs, LottieBlendMode.lum(cb))
        default: return LottieBlendMode.setLum(cb, LottieBlendMode.lum(cs))
        }
    }

    /// §10.1 "Separable blend modes", one channel.
    public func blendChannel(_ cb: Double, _ cs: Double) -> Double {
        switch self {
        case .multiply: return cb * cs
        case .screen: return cb + cs - cb * cs
        // overlay(Cb, Cs) = HardLight(Cs, Cb).
        case .overlay: return LottieBlendMode.hardLight.blendChannel(cs, cb)
        case .darken: return min(cb, cs)
        case .lighten: return max(cb, cs)
        case .colorDodge:
            if cb == 0 { return 0 }
            return cs >= 1 ? 1 : min(1, cb / (1 - cs))
        case .colorBurn:
            if cb >= 1 { return 1 }
            return cs <= 0 ? 0 : 1 - min(1, (1 - cb) / cs)
        case .hardLight:
            return cs <= 0.5 ? LottieBlendMode.multiply.blendChannel(cb, 2 * cs) : LottieBlendMode.screen.blendChannel(cb, 2 * cs - 1)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (d - cb)
        case .difference: return abs(cb - cs)
        case .exclusion: return cb + cs - 2 * cb * cs
        case .hue, .saturation, .color, .luminosity: return cs
        }
    }

    // §10.2's helpers, with its coefficients (Rec. 601 luma).
    static func lum(_ c: SIMD3<Double>) -> Double { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

    static func clipColor(_ c: SIMD3<Double>) -> SIMD3<Double> {
        let l = lum(c), n = min(c.x, c.y, c.z), x = max(c.x, c.y, c.z)
        var result = c
        if n < 0 { result = SIMD3(repeating: l) + (result - SIMD3(repeating: l)) * l / (l - n) }
        if x > 1 { result = SIMD3(repeating: l) + (result - SIMD3(repeating: l)) * (1 - l) / (x - l) }
        return result
    }

    static func setLum(_ c: SIMD3<Double>, _ l: Double) -> SIMD3<Double> { clipColor(c + SIMD3(repeating: l - lum(c))) }

    static func sat(_ c: SIMD3<Double>) -> Double { max(c.x, c.y, c.z) - min(c.x, c.y, c.z) }

    /// SetSat: the largest channel becomes `s`, the smallest 0, the middle one scaled between.
    static func setSat(_ c: SIMD3<Double>, _ s: Double) -> SIMD3<Double> {
        let channels = [c.x, c.y, c.z]
        let order = channels.indices.sorted { channels[$0] < channels[$1] }
        let low = order[0], mid = order[1], high = order[2]
        var result = [0.0, 0.0, 0.0]
        if channels[high] > channels[low] {
            result[mid] = (channels[mid] - channels[low]) * s / (channels[high] - channels[low])
            result[high] = s
        }
        return SIMD3(result[0], result[1], result[2])
    }
}
