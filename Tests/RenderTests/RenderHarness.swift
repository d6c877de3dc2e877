@testable import App
import Session
import Formats
import Foundation
import XCTest
@testable import Render
import Scenes

/// Headless rendering for tests: the real SDL renderer on the offscreen video driver.
/// XCTest runs these one at a time; SDL is not thread-safe and must not be shared across threads.
enum RenderHarness {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let builtInAssets = repositoryRoot.appendingPathComponent("Assets").path

    struct Frame {
        var pixels: [UInt8]
        var width: Int
        var height: Int
        func pixel(_ x: Int, _ y: Int) -> (Int, Int, Int, Int) {
            let o = (y * width + x) * 4
            return (Int(pixels[o]), Int(pixels[o + 1]), Int(pixels[o + 2]), Int(pixels[o + 3]))
        }
    }

    /// A session and a renderer at `scale` pixels per point.
    /// `preparingLogoEarly`: the logo decoded and traced on another thread while the context is
    /// made, as the window and `bench` do.
    static func make(_ options: PreviewOptions, scale: Double = 1, renderer: String? = nil,
                     preparingLogoEarly: Bool = false) throws -> (PreviewSession, SceneRenderer, Int, Int) {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        let session = try PreviewSession(options, builtInAssets: builtInAssets)
        let w = Int((options.device.width * scale).rounded()), h = Int((options.device.height * scale).rounded())
        var preparation: LogoPreparation?
        if preparingLogoEarly {
            try SDLSession.start(offscreen: true)
            preparation = LogoPreparation(catalog: session.catalog)
        }
        let context = try RenderContext(target: .offscreen(width: w, height: h), rendererName: renderer, vsync: false)
        let sceneRenderer = try session.makeSceneRenderer(context: context, mapping: PointToPixel(scale: scale), logoPreparation: preparation)
        return (session, sceneRenderer, w, h)
    }

    static func draw(_ scene: Scene, with renderer: SceneRenderer, _ w: Int, _ h: Int) throws -> Frame {
        try renderer.draw(scene)
        return Frame(pixels: try renderer.context.readPixels(width: w, height: h), width: w, height: h)
    }

    static func distance(_ a: (Int, Int, Int, Int), _ b: (Int, Int, Int, Int)) -> Int {
        max(abs(a.0 - b.0), abs(a.1 - b.1), abs(a.2 - b.2))
    }

    /// The smallest colour distance between a's pixel (x, y) and b's pixels within `radius`:
    /// renderers that filter differently may move an edge by a pixel without being wrong.
    static func nearestDistance(_ a: Frame, _ b: Frame, _ x: Int, _ y: Int, radius: Int) -> Int {
        let p = a.pixel(x, y)
        var best = Int.max
        for dy in -radius...radius {
            for dx in -radius...radius {
                let qx = x + dx, qy = y + dy
                guard qx >= 0, qy >= 0, qx < b.width, qy < b.height else { continue }
                best = min(best, distance(p, b.pixel(qx, qy)))
            }
        }
        return best
    }

    /// The share of pixels whose colour differs by more than `colourTolerance` in any channel from
    /// every pixel of the other frame within `radius`.
    static func mismatchShare(_ a: Frame, _ b: Frame, colourTolerance: Int, radius: Int = 0) -> Double {
        precondition(a.width == b.width && a.height == b.height)
        var bad = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let direct = distance(a.pixel(x, y), b.pixel(x, y))
                if direct <= colourTolerance { continue }
                if radius == 0 || nearestDistance(a, b, x, y, radius: radius) > colourTolerance { bad += 1 }
            }
        }
        return Double(bad) / Double(a.width * a.height)
    }

    /// Compares with a golden PNG; on failure writes expected, actual and diff images next to the
    /// test run and says where. Set SPLASHLAB_UPDATE_GOLDEN=1 to rewrite the golden.
    static func assertMatchesGolden(_ frame: Frame, _ name: String, maxShare: Double = 0.002, colourTolerance: Int = 24,
                                    file: StaticString = #filePath, line: UInt = #line) throws {
        let golden = repositoryRoot.appendingPathComponent("Tests/RenderTests/Golden/\(name).png").path
        if ProcessInfo.processInfo.environment["SPLASHLAB_UPDATE_GOLDEN"] != nil {
            try writePNG(frame.pixels, width: frame.width, height: frame.height, to: golden)
            return
        }
        let expected = try readPNG(golden)
        let expectedFrame = Frame(pixels: expected.pixels, width: expected.width, height: expected.height)
        guard expected.width == frame.width, expected.height == frame.height else {
            return XCTFail("\(name): size \(frame.width)x\(frame.height), golden is \(expected.width)x\(expected.height)", file: file, line: line)
        }
        let share = mismatchShare(frame, expectedFrame, colourTolerance: colourTolerance)
        if share > maxShare {
            let dir = NSTemporaryDirectory() + "splashlab-golden-\(name)"
            try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            var diff = [UInt8](repeating: 255, count: frame.pixels.count)
            for i in stride(from: 0, to: diff.count, by: 4) {
                let d = max(abs(Int(frame.pixels[i]) - Int(expected.pixels[i])), abs(Int(frame.pixels[i + 1]) - Int(expected.pixels[i + 1])), abs(Int(frame.pixels[i + 2]) - Int(expected.pixels[i + 2])))
                diff[i] = d > colourTolerance ? 255 : UInt8(min(d * 4, 255)); diff[i + 1] = d > colourTolerance ? 0 : diff[i]; diff[i + 2] = diff[i + 1]
            }
            try? writePNG(expected.pixels, width: frame.width, height: frame.height, to: dir + "/expected.png")
            try? writePNG(frame.pixels, width: frame.width, height: frame.height, to: dir + "/actual.png")
            try? writePNG(diff, width: frame.width, height: frame.height, to: dir + "/diff.png")
            XCTFail("\(name): \(String(format: "%.3f", share * 100))% of pixels differ by more than \(colourTolerance); images in \(dir)", file: file, line: line)
        }
    }
}
