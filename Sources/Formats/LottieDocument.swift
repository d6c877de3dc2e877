import Foundation
import Motion

/// A marker of a Lottie file (`markers`: `cm` its name, `tm` its start frame, `dr` its length in
/// frames), as lottie-ios's `Marker` reads it and `play(fromMarker:toMarker:)` uses it.
public struct LottieMarker: Equatable, Sendable {
    public var name: String
    public var startFrame: Double
    public var durationFrames: Double
}

/// What a checked Lottie file says about itself, and what it lacks that can be drawn without.
public struct LottieSummary: Equatable, Sendable {
    /// The composition's size in points (`w`, `h`).
    public var width: Double
    public var height: Double
    /// Frames a second (`fr`).
    public var frameRate: Double
    /// The first frame (`ip`) and the frame it ends before (`op`).
    public var inPoint: Double
    public var outPoint: Double
    public var markers: [LottieMarker]
    /// Things the file refers to and lacks, each a message naming the file; the animation is
    /// drawn without them, as lottie-ios draws an image layer whose image it cannot find.
    public var warnings: [String]

    public var frameCount: Double { outPoint - inPoint }
    public var duration: Double { frameCount / frameRate }

    /// The frame shown at `seconds` after the start, as lottie-ios's `AnimationView` computes
    /// it: `ip + t * fr` (its `currentTime` setter, `frameTime(forTime:)`), held at the first and
    /// last frame outside the animation.
    public func frame(at seconds: Double) -> Double {
        let frame = inPoint + seconds * frameRate
        guard frame.isFinite else { return inPoint }
        return min(max(frame, inPoint), max(outPoint - 1, inPoint))
    }
}

/// Checks a Lottie JSON before anything draws it. rlottie (C++) trusts its input: it follows a
/// precomp's reference into itself until the stack ends, and allocates what `w`, `h` and the
/// frame count say. So the file is read here first, with the positioned JSON reader, and refused
/// with its place when it is not a Lottie animation or asks for more than any intro needs.
///
/// Fields: the Lottie format (lottie-web's and lottie-ios's schema; the community's lottie-spec,
/// "Animation" and "Assets"): `v` version, `fr` frame rate, `ip`/`op` in and out frames, `w`/`h`
/// size, `layers`, `assets` (precomps with `layers`, images with `p`, `u` and `e`), `markers`.
public enum LottieDocument {
    /// 25 MiB is the largest file the four shared real-world files (the largest 557 KiB) and
    /// LottieFiles' own upload limit (20 MB) fit in with room; a file of embedded images past it
    /// is not an intro.
    public static let fileLimit = FileSizeLimit(bytes: 25 << 20, kind: "a Lottie file")
    /// The largest image embedded as base64 (`data:`), decoded: 16 MiB, a 2048×2048 RGBA image
    /// stored uncompressed, the most any intro's bitmap needs on a 3× phone screen.
    public static let maximumEmbeddedImageBytes = 16 << 20
    /// A side of 0 has nothing to draw; past 16,384 pt (the largest texture side GPUs give, and
    /// `AssetCatalog.maxImageSide`'s order) is not a phone's intro.
    public static let sideRange: ClosedRange<Double> = 1...16_384
    /// Frame rates After Effects exports (1 to 120) with room; a rate of 0 divides by zero.
    public static let frameRateRange: ClosedRange<Double> = 0.5...240
    /// Ten minutes at 120 fps: far past any intro, far below what a frame loop or a cache of
    /// frames would choke on.
    public static let maximumFrames = 72_000.0

    /// The file at `path` read (within `fileLimit`) and checked. `fileExists` answers whether an
    /// external image exists, by its path relative to the file's folder joined as lottie-ios
    /// joins `u` and `p`.
    public static func load(path: String, fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) throws -> LottieSummary {
        let bytes = try JSONParser.readFile(path, limit: fileLimit)
        return try check(bytes: bytes, path: path, fileExists: fileExists)
    }

    /// The bytes checked as the file at `path`; every failure is a `JSONFileError` at its place.
    public static func check(bytes: [UInt8], path: String, fileExists: (String) -> Bool) throws -> LottieSummary {
        let root = try JSONParser.parse(bytes: bytes, path: path)
        guard case .object = root.value else {
            throw JSONFileError(path: path, location: root.location, message: "not a Lottie animation: the file is \(root.value.typeName), not an object")
        }
        let file = try JSONObjectReader(root, path: path)
        let required = ["v", "fr", "ip", "op", "w", "h", "layers"]
        let missing = required.filter { file.node($0) == nil }
        if !missing.isEmpty {
            throw JSONFileError(path: path, location: root.location,
                                message: "not a Lottie animation: it has no \(missing.joined(separator: ", ")); a Lottie file has \(required.joined(separator: ", "))")
        }
        let frameRate = try file.number("fr") ?? 0
        if !frameRateRange.contains(frameRate) {
            throw file.failure(file.node("fr") ?? root, "fr (frame rate) must lie in [\(formatNumber(frameRateRange.lowerBound)), \(formatNumber(frameRateRange.upperBound))] frames a second (got \(formatNumber(frameRate)))")
        }
        let inPoint = try file.number("ip") ?? 0, outPoint = try file.number("op") ?? 0
        let frames = outPoint - inPoint
        if !(frames >= 1) {
            throw file.failure(file.node("op") ?? root, "the animation has \(formatNumber(max(frames, 0))) frames (ip \(formatNumber(inPoint)), op \(formatNumber(outPoint))): nothing to play")
        }
        if frames > maximumFrames {
            throw file.failure(file.node("op") ?? root, "the animation has \(formatNumber(frames)) frames (ip \(formatNumber(inPoint)), op \(formatNumber(outPoint))), more than the \(formatNumber(maximumFrames)) an intro may have")
        }
        let width = try file.number("w") ?? 0, height = try file.number("h") ?? 0
        for (key, side) in [("w", width), ("h", height)] where !sideRange.contains(side) {
            throw file.failure(file.node(key) ?? root, "\(key == "w" ? "the width" : "the height") \(key) must lie in [\(formatNumber(sideRange.lowerBound)), \(formatNumber(sideRange.upperBound))] points (got \(formatNumber(side)))")
        }
        _ = try file.string("v")
        let layers = try file.array("layers") ?? []
        let assets = try readAssets(file, path: path, fileExists: fileExists)
        try checkReferences(rootLayers: layers, assets: assets, file: file)
        let allLayers = layers + assets.byID.keys.sorted().flatMap { assets.byID[$0]?.precompLayers ?? [] }
        return LottieSummary(width: width, height: height, frameRate: frameRate, inPoint: inPoint, outPoint: outPoint,
                             markers: try readMarkers(file), warnings: assets.warnings + blendModeWarnings(allLayers, path: path))
    }

    /// Lottie's layer blend modes (`bm`), by number (lottie-spec, "Blend Mode").
    static let blendModeNames = ["normal", "multiply", "screen", "overlay", "darken", "lighten", "color dodge", "color burn",
                                 "hard light", "soft light", "difference", "exclusion", "hue", "saturation", "color", "luminosity",
                                 "add", "hard mix"]

    /// A layer that blends in a mode not drawn here: `LottieBlendPasses` draws modes 1 to 15
    /// (multiply to luminosity, the W3C ones lottie-web draws), and rlottie draws the others (add,
    /// hard mix, or numbers past the list) as normal. One warning a mode, naming the first layer using it.
    private static func blendModeWarnings(_ layers: [JSONNode], path: String) -> [String] {
        var seen = Set<Int>(), warnings: [String] = []
        for layer in layers {
            guard case let .object(members) = layer.value,
                  let mode = members.first(where: { $0.key == "bm" }), case let .number(number) = mode.value.value,
                  number != 0, number == number.rounded(), abs(number) < 1000, LottieBlendMode(rawValue: Int(number)) == nil,
                  seen.insert(Int(number)).inserted else { continue }
            let name = members.first(where: { $0.key == "nm" }).flatMap { member -> String? in
                if case let .string(text) = member.value.value { return text }
                return nil
            }
            let modeName = blendModeNames.indices.contains(Int(number)) ? blendModeNames[Int(number)] : "number \(Int(number))"
            warnings.append("\(path):\(mode.value.location): the layer \(abbreviatedForMessage(name ?? "without a name")) blends as \(modeName), which is drawn here as normal (not a W3C blend mode, which are drawn)")
        }
        return warnings
    }

    /// An asset: a precomp (its layers' references) or an image.
    private struct Asset {
        var node: JSONNode
        var precompLayers: [JSONNode]?
    }

    private struct Assets {
        var byID: [String: Asset] = [:]
        var warnings: [String] = []
    }

    private static func readAssets(_ file: JSONObjectReader, path: String, fileExists: (String) -> Bool) throws -> Assets {
        var result = Assets()
        let folder = (path as NSString).deletingLastPathComponent
        for (index, node) in (try file.array("assets") ?? []).enumerated() {
            let asset = try JSONObjectReader(node, path: path, fieldPath: "assets[\(index)]")
            guard let id = try asset.string("id") else {
                throw asset.failure(node, "assets[\(index)] has no id")
            }
            if result.byID[id] != nil { throw asset.failure(node, "assets[\(index)]: a second asset with id \(abbreviatedForMessage(id))") }
            let layers = try asset.array("layers")
            result.byID[id] = Asset(node: node, precompLayers: layers)
            guard layers == nil, let imagePath = try asset.string("p") else { continue }
            let embedded = try asset.number("e") == 1 || imagePath.hasPrefix("data:")
            if embedded {
                // Base64 holds 3 bytes in every 4 characters; a data URL's base64 follows its first comma.
                let payload = imagePath.utf8.split(separator: UInt8(ascii: ","), maxSplits: 1, omittingEmptySubsequences: false).last ?? imagePath.utf8[...]
                let decoded = payload.count / 4 * 3
                if decoded > maximumEmbeddedImageBytes {
                    throw asset.failure(asset.node("p") ?? node, "the image \(abbreviatedForMessage(id)) embedded in the file is \(FileSizeLimit(bytes: decoded, kind: "").text), more than the \(FileSizeLimit(bytes: maximumEmbeddedImageBytes, kind: "").text) an embedded image may be")
                }
            } else {
                let relative = (try asset.string("u") ?? "") + imagePath
                let full = relative.hasPrefix("/") ? relative : (folder.isEmpty ? relative : folder + "/" + relative)
                if !fileExists(full) {
                    result.warnings.append("\(path): the image \(abbreviatedForMessage(id)) (\(abbreviatedForMessage(relative))) is missing; the animation is drawn without it")
                }
            }
        }
        return result
    }

    /// Every precomp layer (`ty` 0) refers to an asset that exists and has layers, and no precomp
    /// reaches itself, directly or through others. Walked without recursion, each asset once, so
    /// a chain of a million precomps is as safe as one.
    private static func checkReferences(rootLayers: [JSONNode], assets: Assets, file: JSONObjectReader) throws {
        func references(_ layers: [JSONNode]) throws -> [(id: String, node: JSONNode)] {
            try layers.compactMap { layer in
                guard case let .object(members) = layer.value,
                      let type = members.first(where: { $0.key == "ty" })?.value, type.value == .number(0) else { return nil }
                guard let ref = members.first(where: { $0.key == "refId" })?.value, case let .string(id) = ref.value else {
                    throw file.failure(layer, "a precomp layer has no refId")
                }
                guard let asset = assets.byID[id], asset.precompLayers != nil else {
                    throw file.failure(ref, "a precomp layer refers to \(abbreviatedForMessage(id)), which is not a precomp in assets")
                }
                return (id, ref)
            }
        }
        // Depth-first, colouring each precomp: on the path now, or finished.
        var onPath = Set<String>(), finished = Set<String>()
        var stack: [(id: String, children: [(id: String, node: JSONNode)], next: Int)] = []
        for (rootID, _) in try references(rootLayers) where !finished.contains(rootID) {
            stack.append((rootID, try references(assets.byID[rootID]?.precompLayers ?? []), 0))
            onPath.insert(rootID)
            while let top = stack.last {
                if top.next == top.children.count {
                    stack.removeLast(); onPath.remove(top.id); finished.insert(top.id)
                    continue
                }
                let child = top.children[top.next]
                stack[stack.count - 1].next += 1
                if onPath.contains(child.id) {
                    let cycle = stack.map(\.id).drop(while: { $0 != child.id }) + [child.id]
                    throw file.failure(child.node, "the precomp \(abbreviatedForMessage(child.id)) contains itself (\(cycle.map { abbreviatedForMessage($0) }.joined(separator: " → ")))")
                }
                if finished.contains(child.id) { continue }
                onPath.insert(child.id)
                stack.append((child.id, try references(assets.byID[child.id]?.precompLayers ?? []), 0))
            }
        }
    }

    private static func readMarkers(_ file: JSONObjectReader) throws -> [LottieMarker] {
        try (file.array("markers") ?? []).enumerated().map { index, node in
            let marker = try JSONObjectReader(node, path: file.path, fieldPath: "markers[\(index)]")
            guard let name = try marker.string("cm") else { throw marker.failure(node, "markers[\(index)] has no name (cm)") }
            guard let start = try marker.number("tm") else { throw marker.failure(node, "markers[\(index)] has no start frame (tm)") }
            return LottieMarker(name: name, startFrame: start, durationFrames: try marker.number("dr") ?? 0)
        }
    }
}
