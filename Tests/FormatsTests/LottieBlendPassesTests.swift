import Formats
import XCTest

/// A Lottie file cut into passes around its blended layers, in lottie-web's drawing order, and the
/// W3C blend formulas at values worked by hand from the specification's definitions.
final class LottieBlendPassesTests: XCTestCase {
    func shape(_ name: String, bm: Int = 0, extra: String = "") -> String {
        #"{"ty":4,"nm":"\#(name)","bm":\#(bm)\#(extra)}"#
    }

    func precomp(_ name: String, _ id: String) -> String { #"{"ty":0,"nm":"\#(name)","refId":"\#(id)"}"# }

    func file(layers: [String], assets: String = "[]") -> [UInt8] {
        Array(#"{"v":"5","fr":30,"ip":0,"op":30,"w":10,"h":10,"assets":\#(assets),"layers":[\#(layers.joined(separator: ","))]}"#.utf8)
    }

    /// The names of the layers a pass draws, in drawing order (a composition's last layer first,
    /// precomps expanded where they stand), skipping hidden layers and matte sources.
    func drawnNames(_ json: [UInt8]) throws -> [String] {
        let root = try JSONParser.parse(bytes: json, path: "pass.json")
        var precomps: [String: [JSONNode]] = [:]
        for asset in root.member("assets")?.arrayItems ?? [] {
            if case let .string(id)? = asset.member("id")?.value, let layers = asset.member("layers")?.arrayItems { precomps[id] = layers }
        }
        func walk(_ layers: [JSONNode]) -> [String] {
            layers.reversed().flatMap { layer -> [String] in
                if layer.member("hd")?.value == .bool(true) || layer.member("td") != nil { return [] }
                if case let .string(id)? = layer.member("refId")?.value { return walk(precomps[id] ?? []) }
                if case let .string(name)? = layer.member("nm")?.value { return [name] }
                return []
            }
        }
        return walk(root.member("layers")?.arrayItems ?? [])
    }

    func testAFileWithoutBlendedLayersIsDrawnInOnePass() throws {
        let json = file(layers: [shape("A"), shape("B", bm: 0)])
        XCTAssertNil(try LottieBlendPasses.make(json: json, path: "a.json"))
        // A mode not drawn here (add) leaves the file in one pass too (LottieDocument warns of it).
        XCTAssertNil(try LottieBlendPasses.make(json: file(layers: [shape("A", bm: 16)]), path: "a.json"))
    }

    /// A precomp referred to twice, holding a hard-light layer: each reference's blended layer is
    /// its own pass, and the layers between are drawn in the passes between.
    func testABlendedLayerInASharedPrecompIsCutAtEachReference() throws {
        let assets = #"[{"id":"comp_0","layers":[\#(shape("X")),\#(shape("W", bm: 8)),\#(shape("Y"))]}]"#
        let json = file(layers: [shape("A"), precomp("P1", "comp_0"), precomp("P2", "comp_0"), shape("B")], assets: assets)
        let blend = try XCTUnwrap(try LottieBlendPasses.make(json: json, path: "a.json"))
        XCTAssertEqual(blend.passes.map(\.mode), [nil, .hardLight, nil, .hardLight, nil])
        XCTAssertEqual(try blend.passes.map { try drawnNames($0.json) }, [["B", "Y"], ["W"], ["X", "Y"], ["W"], ["X", "A"]])
        XCTAssertEqual(blend.warnings, [])
    }

    /// A matte source (td) is drawn with the layer it mattes, in whichever pass that layer is.
    func testAMatteSourceFollowsTheLayerItMattes() throws {
        let json = file(layers: [shape("Over"), shape("Matte", extra: #","td":1"#), shape("Masked", bm: 1, extra: #","tt":1"#), shape("Under")])
        let blend = try XCTUnwrap(try LottieBlendPasses.make(json: json, path: "a.json"))
        XCTAssertEqual(blend.passes.map(\.mode), [nil, .multiply, nil])
        let matteHidden = try blend.passes.map { pass -> Bool in
            let layers = try JSONParser.parse(bytes: pass.json, path: "pass.json").member("layers")?.arrayItems ?? []
            return layers[1].member("hd")?.value == .bool(true)
        }
        XCTAssertEqual(matteHidden, [true, false, true])
    }

    func testBlendedLayersPastTheLimitAreDrawnAsNormalWithAWarning() throws {
        let count = LottieBlendPasses.maximumBlendedLayers + 2
        let json = file(layers: (0..<count).map { shape("L\($0)", bm: 2) })
        let blend = try XCTUnwrap(try LottieBlendPasses.make(json: json, path: "a.json"))
        XCTAssertEqual(blend.passes.filter { $0.mode != nil }.count, LottieBlendPasses.maximumBlendedLayers)
        XCTAssertEqual(blend.warnings, ["a.json: 2 blended layers past the first 8 are drawn as normal"])
    }

    // MARK: The formulas (W3C Compositing and Blending Level 1, §10)

    func testSeparableModesFollowTheSpecification() {
        let cases: [(LottieBlendMode, Double, Double, Double, UInt)] = [
            (.multiply, 0.5, 0.5, 0.25, #line),
            (.screen, 0.5, 0.5, 0.75, #line),
            // overlay(Cb, Cs) = HardLight(Cs, Cb): Cb 0.25 ≤ 0.5, so multiply(Cs, 2 Cb) = 0.5 × 0.5.
            (.overlay, 0.25, 0.5, 0.25, #line),
            (.darken, 0.3, 0.6, 0.3, #line),
            (.lighten, 0.3, 0.6, 0.6, #line),
            (.colorDodge, 0.5, 0.5, 1, #line),
            (.colorDodge, 0, 1, 0, #line),
            (.colorBurn, 0.5, 0.5, 0, #line),
            (.colorBurn, 1, 0, 1, #line),
            // Cs 0.75 > 0.5: screen(Cb, 2 Cs − 1) = screen(0.5, 0.5).
            (.hardLight, 0.5, 0.75, 0.75, #line),
            (.hardLight, 0.5, 0.25, 0.25, #line),
            // D(0.25) = ((16 × 0.25 − 12) × 0.25 + 4) × 0.25 = 0.5; 0.25 + 0.5 × (0.5 − 0.25).
            (.softLight, 0.25, 0.75, 0.375, #line),
            (.softLight, 0.5, 0.25, 0.375, #line),
            (.difference, 0.2, 0.7, 0.5, #line),
            (.exclusion, 0.5, 0.5, 0.5, #line),
        ]
        for (mode, cb, cs, expected, line) in cases {
            let result = mode.blend(backdrop: SIMD3(repeating: cb), source: SIMD3(repeating: cs))
            XCTAssertEqual(result.x, expected, accuracy: 1e-12, "\(mode)", line: line)
            XCTAssertEqual(result.z, expected, accuracy: 1e-12, "\(mode)", line: line)
        }
    }

    func testNonSeparableModesFollowTheSpecification() {
        let red = SIMD3<Double>(1, 0, 0), grey = SIMD3<Double>(0.5, 0.5, 0.5)
        // SetLum(red, 0.5) = (1.2, 0.2, 0.2), clipped: 0.5 + (C − 0.5) × 0.5 / 0.7.
        let clippedRed = SIMD3<Double>(1, 0.5 - 0.3 * 0.5 / 0.7, 0.5 - 0.3 * 0.5 / 0.7)
        let cases: [(LottieBlendMode, SIMD3<Double>, SIMD3<Double>, SIMD3<Double>, UInt)] = [
            (.luminosity, red, grey, clippedRed, #line),
            (.color, grey, red, clippedRed, #line),
            // Grey has no saturation: the backdrop's saturation taken away leaves its luminance.
            (.saturation, red, grey, SIMD3(repeating: 0.3), #line),
            (.hue, grey, red, grey, #line),
        ]
        for (mode, cb, cs, expected, line) in cases {
            let result = mode.blend(backdrop: cb, source: cs)
            for channel in 0..<3 {
                XCTAssertEqual(result[channel], expected[channel], accuracy: 1e-12, "\(mode) channel \(channel)", line: line)
            }
        }
    }
}
