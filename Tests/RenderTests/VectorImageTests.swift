@testable import App
import Formats
import Foundation
import LaunchImport
import XCTest
import TestFixtures
@testable import Render
import Scenes

/// PDF and SVG images rasterized at the size they are drawn at, rasters told by their content,
/// template tints and opacity on a launch screen, and every bad input refused with the file named.
/// Drawn through the shared offscreen harness; XCTest runs these one at a time, as SDL needs.
final class VectorImageTests: XCTestCase {
    static let fixtures = RenderHarness.repositoryRoot.appendingPathComponent("Tests/Fixtures/VectorImages").path
    let se = Device.named("iphone-se")!

    func fixture(_ name: String) -> String { Self.fixtures + "/" + name }

    func temporaryFolder() throws -> String {
        let dir = NSTemporaryDirectory() + "splashlab-vector-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }

    override func setUpWithError() throws {
        // SDL_image decodes the rasters; it is started once per process, offscreen.
        try SDLSession.start(offscreen: true)
    }

    func pixel(_ image: DecodedImage, _ x: Int, _ y: Int) -> [Int] {
        let o = (y * image.width + x) * 4
        return image.pixels[o..<(o + 4)].map(Int.init)
    }

    func assertClose(_ a: [Int], _ b: [Int], within tolerance: Int = 2, _ message: String = "", line: UInt = #line) {
        XCTAssertTrue(a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }, "\(a) is not \(b) \(message)", line: line)
    }

    // MARK: Rasterizing

    /// The 20 px SVG's square (5 to 15) at 3x: red inside, transparent outside, and its edges
    /// fall on whole pixels (15 and 45), with no blur across them.
    func testAnSVGIsRasterizedSharpAtTheSizeAsked() throws {
        let image = try ImageLibrary.decode(fixture("red-square.svg"), pixelSize: (60, 60))
        XCTAssertEqual([image.width, image.height, image.pixels.count], [60, 60, 60 * 60 * 4])
        XCTAssertEqual(image.kind, .svg)
        XCTAssertEqual(pixel(image, 30, 30), [255, 0, 0, 255])
        XCTAssertEqual(pixel(image, 15, 15), [255, 0, 0, 255])
        XCTAssertEqual(pixel(image, 44, 44), [255, 0, 0, 255])
        XCTAssertEqual(pixel(image, 14, 30)[3], 0)
        XCTAssertEqual(pixel(image, 45, 30)[3], 0)
        XCTAssertEqual(pixel(image, 2, 2)[3], 0)
        // With no size asked: its own, 1 px to the point.
        let own = try ImageLibrary.decode(fixture("red-square.svg"), pixelSize: nil)
        XCTAssertEqual([own.width, own.height], [20, 20])
        XCTAssertEqual(pixel(own, 10, 10), [255, 0, 0, 255])
        // Stretched to another aspect, as scaleToFill draws: the square becomes a 2:1 rectangle.
        let wide = try ImageLibrary.decode(fixture("red-square.svg"), pixelSize: (80, 40))
        XCTAssertEqual(pixel(wide, 20, 10), [255, 0, 0, 255])
        XCTAssertEqual(pixel(wide, 59, 29), [255, 0, 0, 255])
        XCTAssertEqual(pixel(wide, 19, 20)[3], 0)
        XCTAssertEqual(pixel(wide, 60, 20)[3], 0)
    }

    func testAPDFsFirstPageIsRasterizedSharpAtTheSizeAsked() throws {
        let image = try ImageLibrary.decode(fixture("red-square.pdf"), pixelSize: (60, 60))
        XCTAssertEqual(image.kind, .pdf)
        XCTAssertEqual(pixel(image, 30, 30), [255, 0, 0, 255])
        XCTAssertEqual(pixel(image, 15, 15), [255, 0, 0, 255])
        XCTAssertEqual(pixel(image, 14, 30)[3], 0, "the page has no background: transparent where nothing is painted")
        XCTAssertEqual(pixel(image, 45, 30)[3], 0)
        let own = try ImageLibrary.decode(fixture("red-square.pdf"), pixelSize: nil)
        XCTAssertEqual([own.width, own.height], [20, 20])
        // Cropped to 20x12 and turned a quarter clockwise: 12 wide, 20 high, as ImageFileInfo sizes
        // it; the square's visible part (x 5...15, y 5...12 on the page) now spans columns 5...12
        // and rows 5...15.
        let turned = try ImageLibrary.decode(fixture("inherited-cropped-rotated.pdf"), pixelSize: nil)
        XCTAssertEqual([turned.width, turned.height], [12, 20])
        XCTAssertEqual(pixel(turned, 8, 10), [255, 0, 0, 255])
        XCTAssertEqual(pixel(turned, 3, 10)[3], 0)
        XCTAssertEqual(pixel(turned, 8, 17)[3], 0)
        // The same page with its dictionaries in a compressed object stream: the same pixels.
        let compressed = try ImageLibrary.decode(fixture("object-streams.pdf"), pixelSize: nil)
        XCTAssertEqual([compressed.width, compressed.height], [12, 20])
        XCTAssertEqual(compressed.pixels, turned.pixels)
    }

    /// Cairo's premultiplied native-endian ARGB words become straight R, G, B, A bytes.
    func testPremultipliedPixelsBecomeStraightRGBA() {
        let words: [UInt32] = [0xFF_10_20_30, 0x80_40_20_00, 0x00_00_00_00, 0x01_01_00_01]
        let out = words.withUnsafeBytes { VectorImage.straightRGBA($0.baseAddress!, width: 4, height: 1, stride: 16) }
        XCTAssertEqual(out, [0x10, 0x20, 0x30, 255, 128, 64, 0, 128, 0, 0, 0, 0, 255, 0, 255, 1])
    }

    // MARK: Rasters by content

    func testRastersAreDecodedByTheirContentNotTheirNames() throws {
        let jpeg = try ImageLibrary.decode(fixture("jpeg-named.png"), pixelSize: (600, 600))
        XCTAssertEqual([jpeg.width, jpeg.height], [8, 6], "a raster keeps its own size whatever size is asked")
        XCTAssertEqual(jpeg.kind, .jpeg)
        assertClose(pixel(jpeg, 4, 3), [0, 0, 255, 255], within: 3)
        // A palette PNG's per-entry alpha: opaque red, green at 128, blue at 0, opaque white.
        let palette = try ImageLibrary.decode(fixture("palette-alpha.png"))
        XCTAssertEqual([palette.width, palette.height], [4, 2])
        XCTAssertEqual(pixel(palette, 0, 0), [255, 0, 0, 255])
        XCTAssertEqual(pixel(palette, 1, 0), [0, 255, 0, 128])
        XCTAssertEqual(pixel(palette, 2, 0)[3], 0)
        XCTAssertEqual(pixel(palette, 3, 0), [255, 255, 255, 255])
        XCTAssertEqual(pixel(palette, 0, 1), [255, 255, 255, 255])
        let gif = try ImageLibrary.decode(fixture("green.gif"))
        XCTAssertEqual([gif.width, gif.height], [5, 3])
        XCTAssertEqual(pixel(gif, 2, 1), [0, 255, 0, 255])
    }

    func testTintingKeepsAlphaAndTakesTheTintsColour() {
        let image = DecodedImage(pixels: [255, 0, 0, 255, 10, 20, 30, 128, 1, 2, 3, 0], width: 3, height: 1, path: "t", kind: .png)
        XCTAssertEqual(ImageLibrary.tinted(image, Color(0, 0, 255)).pixels, [0, 0, 255, 255, 0, 0, 255, 128, 0, 0, 255, 0])
        XCTAssertEqual(ImageLibrary.tinted(image, Color(0, 0, 255, 128)).pixels, [0, 0, 255, 128, 0, 0, 255, 64, 0, 0, 255, 0])
    }

    // MARK: On a launch screen

    /// A launch screen with one image on white, drawn at `scale`.
    func drawLaunchScreen(_ image: ResolvedLaunchImage, scale: Double) throws -> RenderHarness.Frame {
        let (_, renderer, w, h) = try RenderHarness.make(PreviewOptions(device: se, seed: 4), scale: scale)
        renderer.launchScreen = ResolvedLaunchScreen(background: .white, elements: [.image(image)])
        return try RenderHarness.draw(LaunchScreen.scene(device: se), with: renderer, w, h)
    }

    func rgb(_ p: (Int, Int, Int, Int)) -> [Int] { [p.0, p.1, p.2] }

    /// The SVG's 20 pt square drawn at (100, 100) on an iPhone SE at 3x: rasterized at 60 px,
    /// red from pixel 315 to 344, white around it, with no blurred edge.
    func testAVectorOnALaunchScreenIsDrawnAtTheDevicesPixels() throws {
        for name in ["red-square.svg", "red-square.pdf"] {
            let frame = try drawLaunchScreen(ResolvedLaunchImage(path: fixture(name), rect: Rect(x: 100, y: 100, width: 20, height: 20),
                                                                 clip: Rect(x: 0, y: 0, width: se.width, height: se.height)), scale: 3)
            XCTAssertEqual(rgb(frame.pixel(330, 330)), [255, 0, 0], name)
            XCTAssertEqual(rgb(frame.pixel(315, 315)), [255, 0, 0], name)
            XCTAssertEqual(rgb(frame.pixel(344, 344)), [255, 0, 0], name)
            XCTAssertEqual(rgb(frame.pixel(314, 330)), [255, 255, 255], name)
            XCTAssertEqual(rgb(frame.pixel(345, 330)), [255, 255, 255], name)
            XCTAssertEqual(rgb(frame.pixel(303, 303)), [255, 255, 255], name)
        }
    }

    func testATemplateImageIsTintedAndOpacityBlendsOverWhite() throws {
        let rect = Rect(x: 100, y: 100, width: 20, height: 20), screen = Rect(x: 0, y: 0, width: se.width, height: se.height)
        let tinted = try drawLaunchScreen(ResolvedLaunchImage(path: fixture("red-square.svg"), rect: rect, clip: screen, tint: Color(0, 0, 255)), scale: 2)
        XCTAssertEqual(rgb(tinted.pixel(220, 220)), [0, 0, 255])
        XCTAssertEqual(rgb(tinted.pixel(205, 220)), [255, 255, 255], "transparent stays transparent under a tint")
        // Opacity 0.1 over white: red is 255, green and blue 255 × 0.9.
        let faint = try drawLaunchScreen(ResolvedLaunchImage(path: fixture("red-square.svg"), rect: rect, clip: screen, opacity: 0.1), scale: 2)
        assertClose(rgb(faint.pixel(220, 220)), [255, 230, 230], within: 2)
        // Both: a tint at half alpha, at half opacity: a quarter of blue over white.
        let both = try drawLaunchScreen(ResolvedLaunchImage(path: fixture("red-square.svg"), rect: rect, clip: screen, opacity: 0.5,
                                                            tint: Color(0, 0, 255, 128)), scale: 2)
        assertClose(rgb(both.pixel(220, 220)), [191, 191, 255], within: 3)
        // Opacity 0: nothing drawn, and nothing decoded (a missing file is no error then).
        let hidden = try drawLaunchScreen(ResolvedLaunchImage(path: "/nonexistent/x.svg", rect: rect, clip: screen, opacity: 0), scale: 1)
        XCTAssertEqual(rgb(hidden.pixel(110, 110)), [255, 255, 255])
    }

    /// Vector textures are kept per pixel size and tint, at most a few sizes of one file; a
    /// raster has one texture whatever size it is drawn at.
    func testTexturesAreKeptBySizeForVectorsAndByFileForRasters() throws {
        let (_, renderer, _, _) = try RenderHarness.make(PreviewOptions(device: se, seed: 4), scale: 1)
        let images = renderer.images
        let a = try images.launchImageTexture(fixture("red-square.svg"), pixelSize: (40, 40))
        XCTAssertTrue(a === (try images.launchImageTexture(fixture("red-square.svg"), pixelSize: (40, 40))))
        XCTAssertEqual([a.width, a.height], [40, 40])
        let b = try images.launchImageTexture(fixture("red-square.svg"), pixelSize: (60, 60))
        XCTAssertEqual([b.width, b.height], [60, 60])
        XCTAssertFalse(a === (try images.launchImageTexture(fixture("red-square.svg"), pixelSize: (40, 40), tint: Color(0, 0, 255))))
        XCTAssertEqual(images.launchImageTextureCount, 3)
        for side in [70, 80, 90, 100] { _ = try images.launchImageTexture(fixture("red-square.svg"), pixelSize: (side, side)) }
        XCTAssertEqual(images.launchImageTextureCount, ImageLibrary.vectorSizesKept + 1, "the least recent untinted sizes let go; the tinted one kept")
        let jpeg = try images.launchImageTexture(fixture("jpeg-named.png"), pixelSize: (10, 10))
        XCTAssertTrue(jpeg === (try images.launchImageTexture(fixture("jpeg-named.png"), pixelSize: (500, 500))))
        XCTAssertEqual([jpeg.width, jpeg.height], [8, 6])
    }

    // MARK: Bad input

    /// Of a thousand pages, only the first is drawn, and quickly: the file is made here, so
    /// nothing large is kept in the repository.
    func testAThousandPagePDFDrawsItsFirstPage() throws {
        let dir = try temporaryFolder()
        let path = dir + "/many.pdf"
        try Data(PDFWriter.pages(count: 1000, firstBox: "0 0 30 20", otherBox: "0 0 612 792",
                                 content: "0 0 1 rg 0 0 30 20 re f")).write(to: URL(fileURLWithPath: path))
        let started = Date()
        let image = try ImageLibrary.decode(path, pixelSize: nil)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        XCTAssertEqual([image.width, image.height], [30, 20])
        XCTAssertEqual(pixel(image, 15, 10), [0, 0, 255, 255])
    }

    /// A 100,000 pt page is rasterized within the image limits, proportionally: 8192 px a side
    /// at most and 16 Mpx in all.
    func testAHugePageIsRasterizedWithinTheImageLimits() throws {
        let dir = try temporaryFolder()
        let path = dir + "/huge.pdf"
        try Data(PDFWriter.pages(count: 1, firstBox: "0 0 100000 100000", otherBox: "", content: "1 0 0 rg 0 0 100000 100000 re f"))
            .write(to: URL(fileURLWithPath: path))
        for asked in [nil, (300_000, 300_000)] as [(width: Int, height: Int)?] {
            let image = try ImageLibrary.decode(path, pixelSize: asked)
            XCTAssertEqual([image.width, image.height], [4096, 4096])
            XCTAssertEqual(pixel(image, 2048, 2048), [255, 0, 0, 255])
        }
        XCTAssertTrue(VectorImage.rasterSize(width: 100_000, height: 10) == (8192, 1))
        XCTAssertTrue(VectorImage.rasterSize(width: 9000, height: 4000) == (6144, 2730), "16 Mpx exactly, not a row over")
        XCTAssertTrue(VectorImage.rasterSize(width: 300, height: 200) == (300, 200))
        XCTAssertTrue(VectorImage.rasterSize(width: 0, height: .nan) == (1, 1))
        for (w, h) in [(1e300, 1e300), (8192.0, 8192.0), (5000.0, 5000.0), (8192.0, 2049.0), (1.0, 1e9)] {
            let (rw, rh) = VectorImage.rasterSize(width: w, height: h)
            XCTAssertTrue(rw <= AssetCatalog.maxImageSide && rh <= AssetCatalog.maxImageSide && rw * rh <= AssetCatalog.maximumImagePixels,
                          "\(w)x\(h) gives \(rw)x\(rh)")
        }
    }

    func testAnEncryptedPDFIsRefusedByName() {
        XCTAssertThrowsError(try ImageLibrary.decode(fixture("encrypted.pdf"), pixelSize: (20, 20))) {
            XCTAssertTrue("\($0)".hasPrefix("\(fixture("encrypted.pdf")): encrypted PDF: "), "\($0)")
        }
    }

    func testAnSVGEntityBombIsRefusedBeforeParsing() {
        let started = Date()
        XCTAssertThrowsError(try ImageLibrary.decode(fixture("billion-laughs.svg"), pixelSize: (20, 20))) {
            XCTAssertTrue("\($0)".hasPrefix("\(fixture("billion-laughs.svg")):2: a document type declaration with an internal subset"), "\($0)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 1)
    }

    /// An SVG's references to files, absolute or relative, load nothing: the red image beside it
    /// is not drawn. The same image as a `data:` URL is, so the references would show if loaded.
    func testAnSVGReadsNothingOutsideItself() throws {
        let dir = try temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/images/deeper", withIntermediateDirectories: true)
        try writePNG((0..<100).flatMap { _ in [255, 0, 0, 255] as [UInt8] }, width: 10, height: 10, to: dir + "/red.png")
        try "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><rect id='x' width='10' height='10' fill='red'/></svg>"
            .write(toFile: dir + "/other.svg", atomically: true, encoding: .utf8)
        func svg(_ hrefs: [String]) -> String {
            let images = hrefs.enumerated().map { i, href in "<image x='\(i * 10)' y='0' width='10' height='10' href='\(href)' xlink:href='\(href)'/>" }
            return "<svg xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink' width='\(hrefs.count * 10)' height='10'>"
                + images.joined() + "<use href='\(dir)/other.svg#x'/></svg>"
        }
        let outside = svg(["file://\(dir)/red.png", "\(dir)/red.png", "../../red.png", "../red.png", "red.png"])
        try outside.write(toFile: dir + "/images/deeper/outside.svg", atomically: true, encoding: .utf8)
        let image = try ImageLibrary.decode(dir + "/images/deeper/outside.svg", pixelSize: (50, 10))
        XCTAssertEqual(image.pixels.enumerated().filter { $0.offset % 4 == 3 }.map(\.element).max(), 0, "every pixel transparent")

        let base64 = try Data(contentsOf: URL(fileURLWithPath: dir + "/red.png")).base64EncodedString()
        try svg(["data:image/png;base64,\(base64)"]).write(toFile: dir + "/inline.svg", atomically: true, encoding: .utf8)
        XCTAssertEqual(pixel(try ImageLibrary.decode(dir + "/inline.svg", pixelSize: (10, 10)), 5, 5), [255, 0, 0, 255])

        // The fixture names /etc/passwd and a path up the tree: drawn, as nothing.
        let fixtureImage = try ImageLibrary.decode(fixture("external-references.svg"), pixelSize: nil)
        XCTAssertEqual([fixtureImage.width, fixtureImage.height], [96, 48])
        XCTAssertEqual(fixtureImage.pixels.enumerated().filter { $0.offset % 4 == 3 }.map(\.element).max(), 0)
    }

    /// Files over the limits are refused from their size, before they are read: 100 MB of
    /// anything passes the 80 MiB image limit; 20 MB that is no raster passes the vector limit.
    func testLargeFilesAreRefusedBySizeBeforeReading() throws {
        let dir = try temporaryFolder()
        for (name, head, size, message) in [("huge.svg", Array("<svg".utf8), 100_000_000, "larger than the 80 MiB limit for an image"),
                                            ("huge.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], 100_000_000, "larger than the 80 MiB limit for an image"),
                                            ("big.svg", Array("<svg".utf8), 20_000_000, "larger than the 16 MiB limit for a PDF or SVG image")] {
            let path = dir + "/" + name
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(head)))
            let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
            try handle.truncate(atOffset: UInt64(size)) // sparse: nothing is written
            try handle.close()
            XCTAssertThrowsError(try ImageLibrary.decode(path, pixelSize: (10, 10))) {
                XCTAssertEqual("\($0)", "\(path): \(message)")
            }
        }
    }

    func testAFileOfNoSupportedKindIsRefusedByName() throws {
        let dir = try temporaryFolder()
        let path = dir + "/logo.png"
        try "just text".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try ImageLibrary.decode(path, pixelSize: nil)) {
            XCTAssertEqual("\($0)", "\(path): not a PNG, JPEG, GIF, PDF or SVG image")
        }
        XCTAssertThrowsError(try ImageLibrary.decode(dir + "/missing.svg", pixelSize: nil)) {
            XCTAssertEqual("\($0)", "\(dir)/missing.svg: file not found")
        }
        // Damaged past their headers: the library's own reason, with the file.
        let pdf = dir + "/damaged.pdf"
        try "%PDF-1.4\n1 0 obj << /Type /Page /MediaBox [0 0 10 10] >> endobj\n".write(toFile: pdf, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try ImageLibrary.decode(pdf, pixelSize: nil)) { XCTAssertEqual("\($0)", "\(pdf): poppler cannot read the PDF: PDF document is damaged") }
        let svg = dir + "/damaged.svg"
        try "<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><rect></svg>".write(toFile: svg, atomically: true, encoding: .utf8)
        // An SVG that is not well-formed is refused by the XML reader, with its line, before librsvg.
        XCTAssertThrowsError(try ImageLibrary.decode(svg, pixelSize: nil)) {
            XCTAssertEqual("\($0)", "\(svg):1: not a valid XML document (an end tag does not match its start tag)")
        }
    }

    /// The few librsvg declarations in CVectorImage's shim match the installed rsvg.h: compiled
    /// together, a declaration that differs is an error.
    func testTheShimsLibrsvgDeclarationsMatchTheInstalledHeader() throws {
        let shim = RenderHarness.repositoryRoot.appendingPathComponent("Sources/CVectorImage/shim.h").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "command -v cc >/dev/null && command -v pkg-config >/dev/null || exit 77; "
            + "cc -fsyntax-only $(pkg-config --cflags librsvg-2.0 poppler-glib) -include librsvg/rsvg.h '\(shim)'"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertNotEqual(process.terminationStatus, 77, "no C compiler or pkg-config: apt-get install gcc pkg-config")
        XCTAssertEqual(process.terminationStatus, 0, output)
    }
}
