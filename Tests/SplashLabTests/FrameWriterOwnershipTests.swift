import Formats
import Foundation
import XCTest
@testable import Recording

/// The recording writer hands each frame buffer between the drawing side and its own thread;
/// these tests hold the writer up on purpose, at the moment a repeated frame is being written,
/// and check that the drawing side cannot read the next frame into the buffer meanwhile.
///
/// The writer is held up by real means: a PNG frame whose file name is a FIFO (the writer's
/// open waits for a reader), and a pipe that the test reads only when it chooses.
final class FrameWriterOwnershipTests: XCTestCase {
    /// How long the slow reader waits for the drawing side to fill the next frame before it
    /// reads anyway. With the buffers handed over properly the drawing side cannot fill it (it
    /// waits for the repeat to be written), so the reader always waits this long.
    static let readerPatience = 1.0

    /// What the reader thread got, handed back through a semaphore's signal and wait, which
    /// order the memory.
    final class Received: @unchecked Sendable {
        var bytes: [[UInt8]] = []
    }

    func temporaryDirectory() -> String {
        let dir = NSTemporaryDirectory() + "splashlab-writer-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }

    /// Takes a buffer from the writer, fills it with `byte` (top row first), says so through
    /// `filled`, and submits it as frame `index`, as the drawing side does with a frame it read back.
    @discardableResult
    func submitDrawnFrame(_ writer: FrameWriter, filledWith byte: UInt8, as index: Int, filled: () -> Void = {}) throws -> FrameBuffer {
        let buffer = try writer.freeBuffer()
        buffer.bytes.initializeMemory(as: UInt8.self, repeating: byte)
        buffer.rowOrder = .topDown
        filled()
        try writer.submit(buffer, as: index, repeatsPrevious: false)
        return buffer
    }

    func waitUntilWritten(_ writer: FrameWriter, frames: Int, file: StaticString = #filePath, line: UInt = #line) {
        let deadline = Date(timeIntervalSinceNow: 30)
        while writer.framesWrittenSoFar < frames && Date() < deadline { usleep(1000) }
        XCTAssertEqual(writer.framesWrittenSoFar, frames, "the writer wrote the first frame", file: file, line: line)
    }

    /// Frame 0 is drawn, frame 1 repeats it, frame 2 is new. Frame 1's PNG is held up (its path
    /// is a FIFO); meanwhile the drawing side asks for a buffer for frame 2. Frame 1 must still
    /// be frame 0's pixels, byte for byte.
    func testARepeatedPNGFrameIsNotOverwrittenByTheNextFrame() throws {
        let dir = temporaryDirectory()
        let heldUp = dir + "/frame-00002.png"
        XCTAssertEqual(mkfifo(heldUp, 0o600), 0, "mkfifo \(heldUp)")
        let writer = FrameWriter(sink: .pngFolder(dir), width: 64, height: 48, fps: 10)

        let first = try submitDrawnFrame(writer, filledWith: 0x11, as: 0)
        waitUntilWritten(writer, frames: 1)

        let nextFrameFilled = DispatchSemaphore(value: 0)
        let repeatedPNG = Received()
        let readerDone = DispatchSemaphore(value: 0)
        let reader = Thread {
            _ = nextFrameFilled.wait(timeout: .now() + FrameWriterOwnershipTests.readerPatience)
            // To its end: FileManager reads as many bytes as stat says, none for a FIFO.
            repeatedPNG.bytes.append([UInt8](FileHandle(forReadingAtPath: heldUp)?.readDataToEndOfFile() ?? Data()))
            readerDone.signal()
        }
        try writer.submit(first, as: 1, repeatsPrevious: true)
        reader.start()

        // With the buffers handed over properly, this waits until the repeat is written.
        try submitDrawnFrame(writer, filledWith: 0x22, as: 2) { nextFrameFilled.signal() }
        let (written, failure) = writer.finish()
        readerDone.wait()

        XCTAssertNil(failure)
        XCTAssertEqual(written, 3)
        let original = try XCTUnwrap(FileManager.default.contents(atPath: dir + "/frame-00001.png"))
        let repeated = Data(repeatedPNG.bytes.first ?? [])
        XCTAssertFalse(repeated.isEmpty, "the repeated frame's PNG came through the FIFO")
        XCTAssertEqual(repeated, original, "the repeated frame holds the frame it repeats")
        let third = try XCTUnwrap(FileManager.default.contents(atPath: dir + "/frame-00003.png"))
        XCTAssertNotEqual(third, original, "the frame after it holds its own pixels")
    }

    /// The same hand-over on the way to ffmpeg: frame 1, a repeat sent to keep the pipe busy,
    /// is bigger than the pipe's buffer, so its write stalls midway until the test reads. The
    /// bytes that come out after the stall must still be frame 0's.
    func testARepeatedVideoFrameIsSentWhole() throws {
        let frames = try sendARepeatedFrame(input: .pixels, width: 256, height: 256)
        let torn = frames[1].firstIndex { $0 != 0x11 }
        XCTAssertNil(torn, "the repeat is frame 0 throughout; byte \(torn ?? 0) of \(frames[1].count) is the next frame's")
        XCTAssertTrue(frames[2].allSatisfy { $0 == 0x22 }, "frame 2 holds its own pixels")
    }

    /// As yuv420p, for an mp4: the repeat is frame 0 converted, and frame 2 its own (grey 0x11
    /// and 0x22 have luma 31 and 45 in limited range, and chroma 128).
    func testARepeatedYUVFrameIsSentWhole() throws {
        let width = 512, height = 512
        let frames = try sendARepeatedFrame(input: .yuv420p, width: width, height: height)
        XCTAssertEqual(frames[1], frames[0], "the repeat is frame 0 throughout")
        XCTAssertEqual(Set(frames[0][0..<(width * height)]), [31])
        XCTAssertEqual(Set(frames[2][0..<(width * height)]), [45])
        XCTAssertEqual(Set(frames[2][(width * height)...]), [128])
    }

    /// Frames 0 (0x11 bytes), 1 (its repeat) and 2 (0x22) written to a pipe the test reads
    /// slowly, as ffmpeg would be sent them; their pixel bytes as they came out.
    func sendARepeatedFrame(input: FFmpegInput, width: Int, height: Int) throws -> [[UInt8]] {
        let fps = 4.0
        let pixelBytes = (input == .yuv420p ? RawVideoFormat.i420 : .packed(.rgba)).frameBytes(width: width, height: height)
        let pipe = Pipe()
        let log = temporaryDirectory() + "/ffmpeg.log"
        // The writer only writes into the pipe; the encoder it would wait for at the end is a stand-in.
        let encoder = try Subprocess("/bin/true", [])
        let writer = FrameWriter(sink: .ffmpeg(encoder, pipe.fileHandleForWriting, stderrPath: log, output: VideoFile(path: "held-up.mp4", staged: "held-up.mp4.part"), input: input),
                                 width: width, height: height, fps: fps)
        XCTAssertEqual(writer.resendInterval, 1, "at 4 fps every repeat is sent")
        // A frame's header holds its timestamp, whose length depends on the frame's number.
        let frameHeaderBytes = (0...2).map { index in
            var header: [UInt8] = []
            MatroskaStream.frameHeader(index: index, fps: fps, pixelBytes: pixelBytes, into: &header)
            return header.count
        }
        let streamHeaderBytes = MatroskaStream.header(width: width, height: height, fps: fps).count
        let input = pipe.fileHandleForReading

        let read: @Sendable (Int) -> [UInt8] = { count in
            var bytes: [UInt8] = []
            while bytes.count < count {
                let chunk = input.readData(ofLength: count - bytes.count)
                if chunk.isEmpty { break }
                bytes += chunk
            }
            return bytes
        }
        let frame: @Sendable (Int) -> [UInt8] = { Array(read(frameHeaderBytes[$0] + pixelBytes).dropFirst(frameHeaderBytes[$0])) }
        let nextFrameFilled = DispatchSemaphore(value: 0)
        let firstFrameRead = DispatchSemaphore(value: 0)
        let readerDone = DispatchSemaphore(value: 0)
        let received = Received()
        let reader = Thread {
            _ = read(streamHeaderBytes)
            received.bytes.append(frame(0))
            firstFrameRead.signal()
            _ = nextFrameFilled.wait(timeout: .now() + FrameWriterOwnershipTests.readerPatience)
            for index in 1...2 { received.bytes.append(frame(index)) }
            readerDone.signal()
        }
        reader.start()

        let first = try submitDrawnFrame(writer, filledWith: 0x11, as: 0)
        firstFrameRead.wait()
        waitUntilWritten(writer, frames: 1)
        try writer.submit(first, as: 1, repeatsPrevious: true)

        // With the buffers handed over properly, this waits until the repeat is written.
        try submitDrawnFrame(writer, filledWith: 0x22, as: 2) { nextFrameFilled.signal() }
        let (written, failure) = writer.finish()
        readerDone.wait()
        try pipe.fileHandleForWriting.close()

        XCTAssertNil(failure)
        XCTAssertEqual(written, 3)
        let frames = received.bytes
        XCTAssertEqual(frames.map(\.count), [pixelBytes, pixelBytes, pixelBytes])
        return frames
    }
}
