import CSDL2
import Foundation
import XCTest
@testable import Render
import Scenes

/// Launch labels measured and drawn as iOS measures SF Pro: Inter below 20 pt, Inter Display from
/// 20 pt, with SF's tracking. The widths of SF Pro are the ones Interface Builder saved for two real
/// launch labels (owntracks-ios and home-assistant-ios in ../shared/realworld/projects).
final class LaunchLabelTypesettingTests: XCTestCase {
    override func setUp() { setenv("SDL_VIDEODRIVER", "offscreen", 1) }

    static let lineHeight = 1.193

    /// `make test` installs fonts-inter (scripts/install-deps.sh): without it these fail, naming it.
    func requireInter() throws {
        let file = SystemFontFace.interFolder + "/Inter-Regular.otf"
        guard FileManager.default.fileExists(atPath: file) else {
            XCTFail("\(file) is missing: scripts/install-deps.sh test installs fonts-inter")
            throw CocoaError(.fileNoSuchFile)
        }
    }

    /// Within 3 % of SF Pro's widths (DejaVu Sans narrowed by a constant 0.86 gave 191.3 and 135.9).
    func testSystemFontWidthsAreSFPros() throws {
        try requireInter()
        let measurer = TextMeasurer()
        let cases: [(text: String, size: Double, weight: LaunchFontWeight, sfPro: Double, line: UInt)] = [
            ("OwnTracks", 36, .bold, 185, #line),
            ("A PROJECT FROM THE", 13, .semibold, 144, #line),
        ]
        for c in cases {
            let measured = measurer.measure(c.text, pointSize: c.size, weight: c.weight, lineHeight: Self.lineHeight)
            print("\(c.text) \(c.weight.rawValue) \(c.size) pt: \(String(format: "%.2f", measured.width)) pt, SF Pro \(c.sfPro)")
            XCTAssertEqual(measured.width, c.sfPro, accuracy: c.sfPro * 0.03, c.text, line: c.line)
            XCTAssertEqual(measured.height, c.size * Self.lineHeight, accuracy: 1e-9, line: c.line)
        }
        XCTAssertEqual(measurer.warnings, [])
    }

    /// The tracking is SF's table's, added between characters: n characters, n - 1 gaps.
    func testTrackingIsAddedBetweenCharacters() throws {
        try requireInter()
        try TTFLibrary.started {
            let font = try XCTUnwrap(TTF_OpenFont(SystemFontFace.interFolder + "/InterDisplay-Bold.otf", Int32(LaunchTypesetter.referencePixelSize)))
            defer { TTF_CloseFont(font) }
            let scalars = Array("OwnTracks".unicodeScalars)
            let plain = LaunchTypesetter.line(scalars, font: font, pointSize: 36, tracking: 0)
            let tracked = LaunchTypesetter.line(scalars, font: font, pointSize: 36, tracking: 0.37)
            XCTAssertEqual(tracked.width - plain.width, 0.37 * 8, accuracy: 1e-9)
            XCTAssertEqual(tracked.positions.last! - plain.positions.last!, 0.37 * 8, accuracy: 1e-9)
            // Kerning is kept: "Tr" is set tighter than T's and r's own advances.
            let whole = Double(LaunchTypesetter.width("OwnTracks", font)) * 36 / 1000
            XCTAssertEqual(plain.width, whole, accuracy: 0.05, "the pairs' widths add up to the shaped string's")
            let advances = scalars.map { Double(LaunchTypesetter.metrics($0, font).advance) }.reduce(0, +) * 36 / 1000
            XCTAssertLessThan(plain.width, advances - 1, "kerned")
        }
    }

    /// A label is drawn as wide as it was measured: its ink spans its measured width less the
    /// first glyph's left bearing and the last one's right bearing, at two scales, where one drawn
    /// with SDL_ttf's own spacing would be 8 x 0.37 pt (6 and 9 px) narrower. Within 3 px: the
    /// bearings of hinted glyphs are whole pixels (a pixel each side), and the edge pixels counted
    /// as ink are those more than half covered.
    func testADrawnLabelSpansItsMeasuredWidth() throws {
        try requireInter()
        for scale in [2.0, 3.0] {
            let context = try RenderContext(target: .offscreen(width: 700, height: 200), rendererName: nil, vsync: false)
            let text = try TextRenderer(context: context)
            let label = try XCTUnwrap(try text.launchLabel("OwnTracks", pointSize: 36, weight: .bold, scale: scale, color: .white,
                                                           width: 190, lines: 1, alignment: .left))
            SDL_SetRenderDrawColor(context.renderer, 0, 0, 0, 255)
            SDL_RenderClear(context.renderer)
            var dst = SDL_Rect(x: Int32(10 - label.frameColumn), y: 10, w: Int32(label.width), h: Int32(label.height))
            SDL_RenderCopy(context.renderer, label.texture, nil, &dst)
            let pixels = try context.readPixels(width: 700, height: 200)
            let inked = (0..<700).filter { x in (0..<200).contains { y in pixels[(y * 700 + x) * 4] > 127 } }
            let ink = try XCTUnwrap(inked.last) - (try XCTUnwrap(inked.first)) + 1

            let measured = TextMeasurer().measure("OwnTracks", pointSize: 36, weight: .bold, lineHeight: Self.lineHeight).width * scale
            let drawing = try text.font(path: SystemFontFace.interFolder + "/InterDisplay-Bold.otf", pixelSize: Int(36 * scale))
            var minX: Int32 = 0, maxX: Int32 = 0, minY: Int32 = 0, maxY: Int32 = 0, advance: Int32 = 0
            TTF_GlyphMetrics32(drawing, UInt32(("O" as Unicode.Scalar).value), &minX, &maxX, &minY, &maxY, &advance)
            let leftBearing = Double(minX)
            TTF_GlyphMetrics32(drawing, UInt32(("s" as Unicode.Scalar).value), &minX, &maxX, &minY, &maxY, &advance)
            let rightBearing = Double(advance - maxX)
            XCTAssertEqual(Double(ink), measured - leftBearing - rightBearing, accuracy: 3, "@\(scale)x")
            XCTAssertEqual(text.cachedCount, 1)
            context.close()
        }
    }

    /// Too long for its frame: one line is cut with an ellipsis; several wrap at spaces, the
    /// last cut when text is left. Every line fits its frame (within the tolerance).
    func testLinesFitTheirFrame() throws {
        try requireInter()
        try TTFLibrary.started {
            let font = try XCTUnwrap(TTF_OpenFont(SystemFontFace.interFolder + "/Inter-SemiBold.otf", Int32(LaunchTypesetter.referencePixelSize)))
            defer { TTF_CloseFont(font) }
            let text = "A PROJECT FROM THE OPEN HOME FOUNDATION"
            let limit = 100 * (1 + LaunchTypesetter.widthTolerance)

            let cut = LaunchTypesetter.lines(text, width: 100, maxLines: 1, font: font, pointSize: 13, tracking: -0.08)
            XCTAssertEqual(cut.count, 1)
            XCTAssertEqual(cut[0].scalars.last, "\u{2026}")
            XCTAssertLessThanOrEqual(cut[0].width, limit)
            XCTAssertTrue(String(String.UnicodeScalarView(cut[0].scalars)).hasPrefix("A PROJECT"))

            let wrapped = LaunchTypesetter.lines(text, width: 100, maxLines: 0, font: font, pointSize: 13, tracking: -0.08)
            XCTAssertGreaterThan(wrapped.count, 1)
            XCTAssertTrue(wrapped.allSatisfy { $0.width <= limit }, "\(wrapped.map(\.width))")
            XCTAssertEqual(wrapped.map { String(String.UnicodeScalarView($0.scalars)) }.joined(separator: " "), text, "broken at spaces only")

            let two = LaunchTypesetter.lines(text, width: 100, maxLines: 2, font: font, pointSize: 13, tracking: -0.08)
            XCTAssertEqual(two.count, 2)
            XCTAssertEqual(two[1].scalars.last, "\u{2026}")
            XCTAssertTrue(two.allSatisfy { $0.width <= limit })

            let broken = LaunchTypesetter.lines("first\nsecond", width: 300, maxLines: 0, font: font, pointSize: 13, tracking: -0.08)
            XCTAssertEqual(broken.map { String(String.UnicodeScalarView($0.scalars)) }, ["first", "second"], "the text's own line breaks")
        }
    }

    /// Without Inter, labels are measured with DejaVu Sans, and a single warning says so however
    /// many labels there are.
    func testMissingInterFallsBackToDejaVuWithOneWarning() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-inter-\(getpid())").path
        let measurer = TextMeasurer(interFolder: missing)
        let bold = measurer.measure("OwnTracks", pointSize: 36, weight: .bold, lineHeight: Self.lineHeight)
        _ = measurer.measure("A PROJECT FROM THE", pointSize: 13, weight: .semibold, lineHeight: Self.lineHeight)
        _ = measurer.measure("Welcome", pointSize: 17, weight: .regular, lineHeight: Self.lineHeight)
        XCTAssertEqual(measurer.warnings.count, 1, "\(measurer.warnings)")
        XCTAssertTrue(measurer.warnings[0].contains("fonts-inter") && measurer.warnings[0].contains(missing), measurer.warnings[0])
        // DejaVu Sans Bold's own width, with SF's tracking and no narrowing.
        XCTAssertEqual(bold.width, 222.48 + 8 * 0.37, accuracy: 0.5)
    }
}

/// SDL_ttf started for a test that opens fonts itself, and stopped after.
enum TTFLibrary {
    static func started(_ body: () throws -> Void) throws {
        let started = TTF_WasInit() == 0 && TTF_Init() == 0
        defer { if started { TTF_Quit() } }
        try body()
    }
}
