import App
import Session
import Formats
import Foundation
import Render
import Scenes
import XCTest
@testable import Recording

/// An mp4's frames go to ffmpeg as yuv420p, converted by the writer: the colours and the way up
/// of frames read back as BGRA bottom row first (a framebuffer) and as RGBA top row first (a
/// texture, a canvas), decoded again by ffmpeg.
final class YUVRecordingTests: XCTestCase {
    /// A frame red in its top half and blue in its bottom half, in `channels` order, its rows
    /// stored in `order`.
    func halves(width: Int, height: Int, channels: ChannelOrder, order: RowOrder, into bytes: UnsafeMutableRawBufferPointer) {
        let red: [UInt8] = channels == .rgba ? [255, 0, 0, 255] : [0, 0, 255, 255]
        let blue: [UInt8] = channels == .rgba ? [0, 0, 255, 255] : [255, 0, 0, 255]
        for stored in 0..<height {
            let fromTop = order == .topDown ? stored : height - 1 - stored
            let colour = fromTop < height / 2 ? red : blue
            for x in 0..<width { for c in 0..<4 { bytes[(stored * width + x) * 4 + c] = colour[c] } }
        }
    }

    /// The first frame of `path` decoded by ffmpeg, as RGB bytes or in another raw format.
    func decodedRGB(_ path: String, format: String = "rgb24") throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try XCTUnwrap(findOnPath("ffmpeg"), "ffmpeg is a test dependency"))
        process.arguments = ["-v", "error", "-i", path, "-frames:v", "1", "-pix_fmt", format, "-f", "rawvideo", "-"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return [UInt8](data)
    }

    /// A recording's reel of one bare tile on an iPhone 15 Pro Max at 3x, with a small Lottie
    /// intro at the start, as `record` makes it for ffmpeg.
    func proMaxIntroReel() throws -> (PreviewSession, ReviewReel) { try introReel(device: "iphone-15-pro-max", scale: 3) }

    /// The same on another device, at `scale` pixels a point.
    func introReel(device: String, scale: Double) throws -> (PreviewSession, ReviewReel) {
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        var options = PreviewOptions(device: try XCTUnwrap(Device.named(device)), seed: 3)
        options.introPath = CLI.repositoryRoot.appendingPathComponent("Tests/Fixtures/Intro/white-start.json").path
        let session = try PreviewSession(options, builtInAssets: CLI.repositoryRoot.appendingPathComponent("Assets").path)
        let reel = try ReviewReel(kind: .single, sessions: [session], names: ["timings"], script: InputScript(events: []), scale: scale, tiles: 1,
                                  options: ReviewOptions(), rendererName: nil, forEncoder: true)
        return (session, reel)
    }

    /// A bare tile read back as yuv420p a stripe at a time holds the bytes its whole RGBA frame
    /// converts to: from the framebuffer (BGRA, rows upwards) and from the frame texture an intro's
    /// frames are drawn into (RGBA, rows downwards), on a splash, an intro and a feed frame.
    func testAFrameReadBackAsYUVInStripesIsTheWholeFrameConverted() throws {
        try assertStripesHoldTheWholeFrameConverted(device: "iphone-15-pro-max", scale: 3, sides: [1290, 2796])
    }

    /// The same where a side is odd, padded a stripe at a time as the whole frame is padded: an
    /// iPhone 15's 1179 px width, and an iPhone SE at 1x, odd both ways (its last stripe odd too).
    func testAnOddSidedFrameReadBackInStripesIsTheWholeFramePaddedAndConverted() throws {
        try assertStripesHoldTheWholeFrameConverted(device: "iphone-15", scale: 3, sides: [1179, 2556])
        try assertStripesHoldTheWholeFrameConverted(device: "iphone-se", scale: 1, sides: [375, 667])
    }

    func assertStripesHoldTheWholeFrameConverted(device: String, scale: Double, sides: [Int], file: StaticString = #filePath, line: UInt = #line) throws {
        let (session, reel) = try introReel(device: device, scale: scale)
        let width = reel.width, height = reel.height
        XCTAssertEqual([width, height], sides, file: file, line: line)
        reel.channels = reel.context.fastestReadOrder
        let converter = YUVFrameConverter(width: width, height: height, channels: reel.channels)
        let pixels = UnsafeMutableRawBufferPointer.allocate(byteCount: width * height * 4, alignment: 64)
        let yuv = UnsafeMutableRawBufferPointer.allocate(byteCount: RawVideoFormat.i420.frameBytes(width: converter.encodedWidth, height: converter.encodedHeight),
                                                         alignment: 64)
        defer { pixels.deallocate(); yuv.deallocate() }
        // Names the frames the converter is given, for its cache of the last one.
        let frameSource = NSObject()
        XCTAssertTrue(session.preview.scene(at: 0.1).showsIntroFrame, "the intro's frame, drawn into the frame texture", file: file, line: line)
        XCTAssertFalse(session.preview.scene(at: 4.0).showsIntroFrame, "the feed, drawn into the framebuffer", file: file, line: line)
        for (k, time) in [0.1, 0.3, 4.0].enumerated() {
            let tile = ReviewTile(variant: 0, time: time)
            reel.readsYUV = false
            guard case let .drawn(order) = try reel.compose([tile], skippingUnchanged: false, into: { pixels }) else { return XCTFail("drawn", file: file, line: line) }
            converter.convert(UnsafeRawBufferPointer(pixels), order: order, source: ObjectIdentifier(frameSource), generation: k)
            reel.readsYUV = true
            XCTAssertEqual(try reel.compose([tile], skippingUnchanged: false, into: { yuv }), .drawn(.topDown), file: file, line: line)
            XCTAssertTrue(converter.yuv.elementsEqual(yuv), "the same yuv420p at \(time) s on \(device)", file: file, line: line)
        }
    }

    /// Past the intro a recording lets go of the frame texture and the intro's own frame texture
    /// (with a whole-screen intro about 26 MB at a Pro Max's 1290x2796, and 11 more of its player),
    /// and a frame that shows the intro again makes them again, with the same pixels.
    func testARecordingPastItsIntroLetsGoOfItsTexturesAndMakesThemAgainTheSame() throws {
        let (_, reel) = try proMaxIntroReel()
        reel.channels = reel.context.fastestReadOrder
        let pixels = UnsafeMutableRawBufferPointer.allocate(byteCount: reel.width * reel.height * 4, alignment: 64)
        defer { pixels.deallocate() }
        func draw(_ time: Double) throws -> [UInt8] {
            guard case .drawn = try reel.compose([ReviewTile(variant: 0, time: time)], skippingUnchanged: false, into: { pixels }) else {
                XCTFail("drawn at \(time) s")
                return []
            }
            return Array(pixels)
        }
        let introFrame = try draw(0.3)
        _ = try draw(4.0)
        let pastIntro = reel.context.liveTextureBytes
        XCTAssertEqual(try draw(0.3), introFrame, "the intro's frame drawn again, after its textures were let go, is the same")
        let introAgain = reel.context.liveTextureBytes
        _ = try draw(4.1)
        let pastAgain = reel.context.liveTextureBytes
        // The frame texture is the screen's size, and the intro's frame texture this fixture's.
        XCTAssertGreaterThan(introAgain - pastIntro, 1290 * 2796 * 4, "made again for the intro: \(pastIntro) -> \(introAgain) bytes")
        XCTAssertEqual(pastAgain, pastIntro, "and let go again past it")
    }

    /// An odd side (a device's points at `--scale 1`) gets a black column or row to make it even.
    func testFramesKeepTheirColoursAndTheirWayUpInEitherOrder() throws {
        let folder = NSTemporaryDirectory() + "splashlab-yuv-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        for (channels, order, width, height) in [(ChannelOrder.bgra, RowOrder.bottomUp, 64, 48), (.rgba, .topDown, 64, 48), (.bgra, .bottomUp, 63, 47)] {
            let out = folder + "/\(channels.fourCC)-\(width).mp4"
            let sink = try openSink(out: out, width: width, height: height, fps: 10)
            guard case .ffmpeg(_, _, _, _, .yuv420p) = sink else { return XCTFail("an mp4 takes yuv420p") }
            let writer = FrameWriter(sink: sink, width: width, height: height, fps: 10, channels: channels)
            for index in 0..<2 {
                let buffer = try writer.freeBuffer()
                halves(width: width, height: height, channels: channels, order: order, into: buffer.bytes)
                buffer.rowOrder = order
                try writer.submit(buffer, as: index, repeatsPrevious: false)
            }
            let (written, failure) = writer.finish()
            XCTAssertNil(failure)
            XCTAssertEqual(written, 2)
            XCTAssertTrue(try closeSink(sink))
            let rgb = try decodedRGB(out)
            let stored = (width + width % 2, height + height % 2)
            XCTAssertEqual(rgb.count, stored.0 * stored.1 * 3)
            guard rgb.count == stored.0 * stored.1 * 3 else { continue }
            func pixel(_ x: Int, _ y: Int) -> [Int] { (0..<3).map { Int(rgb[(y * stored.0 + x) * 3 + $0]) } }
            if width % 2 == 1 {
                // Its luma; its chroma is shared with the last column's.
                let luma = try decodedRGB(out, format: "gray")
                XCTAssertLessThanOrEqual(Int(luma[5 * stored.0 + width]), 20, "the added column is black")
                XCTAssertLessThanOrEqual(Int(luma[height * stored.0 + 5]), 20, "the added row is black")
            }
            // Limited-range BT.601 there and back, through H.264 at a quantiser of 18: within a few levels.
            for (x, y, expected) in [(10, 5, [255, 0, 0]), (50, 20, [255, 0, 0]), (10, 40, [0, 0, 255]), (50, 30, [0, 0, 255])] {
                let got = pixel(x, y)
                XCTAssertLessThanOrEqual(zip(got, expected).map { abs($0 - $1) }.max() ?? 0, 8, "\(channels.fourCC) (\(x), \(y)): \(got)")
            }
        }
    }
}
