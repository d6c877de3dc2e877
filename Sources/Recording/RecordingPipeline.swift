import App
import Formats
import Foundation
import Render

/// One frame's pixels (RGBA, BGRA or yuv420p), allocated once and reused for frame after frame of a
/// recording.
///
/// Its bytes have one owner at a time, and only the owner reads or writes them: the writer's
/// pool, the drawing side (from `FrameWriter.freeBuffer()` until it submits the buffer), or the
/// writer thread (while a write of it is queued or under way). Every hand-over happens under the
/// writer's lock, which also orders the memory: what one owner wrote, the next one sees.
final class FrameBuffer {
    enum Owner { case pool, drawing, writer }

    let bytes: UnsafeMutableRawBufferPointer
    /// How the read-back left the rows; the writer puts them out top row first. Its owner's,
    /// like the bytes: the writer flips a PNG frame's rows in place.
    var rowOrder = RowOrder.topDown
    /// Who holds the bytes now. The writer's lock guards it.
    fileprivate(set) var owner = Owner.pool
    /// Counts the times the drawing side took the buffer to read a frame into: the writer's
    /// yuv420p of it is the frame's while this is the same. The writer's lock guards it.
    fileprivate(set) var generation = 0
    /// Writes of this buffer queued and not yet done: a frame and the repeats of it. It goes
    /// back to the pool at 0. The writer's lock guards it.
    fileprivate var pendingWrites = 0

    init(byteCount: Int) { bytes = .allocate(byteCount: byteCount, alignment: 64) }
    deinit { bytes.deallocate() }
}

/// Writes a recording's frames on a thread of its own, so that drawing frame N+1 overlaps
/// writing frame N into ffmpeg's pipe (or a PNG), while ffmpeg encodes in its own process.
///
/// A fixed pool of buffers goes round: the drawing side takes a free one, reads a frame back
/// into it and submits it; the writer writes it and hands it back. With every buffer in flight
/// the drawing side waits, so a recording holds `bufferCount` frames whatever its length, and
/// allocates none per frame.
///
/// One buffer is enough, because the GL framebuffer is the other half of a double buffer:
/// frame N+1 is drawn there while frame N is written from the buffer, and only its read-back
/// waits for the buffer. Two buffers measured no faster, and cost 14 MB more at @3x.
///
/// A frame that repeats the one before is not sent to ffmpeg: frames go in a Matroska stream
/// with their timestamps (`MatroskaStream`), and ffmpeg repeats the last one until the next.
/// The last frame of a recording is sent even when it repeats, so the video ends on time; so
/// is every `resendInterval`th repeat of a long still stretch, so that the pipe still holds the
/// drawing back to ffmpeg's pace: a Ctrl-C stops the recording soon, and the progress is not
/// far ahead of the file. A PNG sequence gets every frame.
///
/// A repeat is written from the buffer that holds the frame it repeats. That buffer may have
/// gone back to the pool once its frame was written; a repeat then takes it back for the
/// writer, so the drawing side cannot read the next frame into it until the repeat is out.
/// (Without that, a buffer could be both in the pool and queued: the next read-back landed in
/// it while the writer wrote or flipped it, and a recording under load held torn frames.)
final class FrameWriter: @unchecked Sendable {
    let sink: RecordingSink
    let width: Int, height: Int, fps: Double
    /// The byte order of the frames' pixels as they are read back; a PNG's are RGBA.
    let channels: ChannelOrder
    /// What the Matroska stream carries to ffmpeg: the pixels as read back, or yuv420p.
    let streamFormat: RawVideoFormat
    /// The frames' converter to yuv420p when ffmpeg takes it and they come as 4-byte pixels;
    /// the writer thread's own.
    private let yuv: YUVFrameConverter?
    /// The frames come read back as yuv420p already (`StripedYUVReadBack`).
    let framesAreYUV: Bool
    /// The sides of the frames in the stream: a yuv420p frame's are even, an odd side padded
    /// by a black column or row (`YUVFrameConverter`, `StripedYUVReadBack`).
    var streamWidth: Int { streamFormat == .i420 ? width + width % 2 : width }
    var streamHeight: Int { streamFormat == .i420 ? height + height % 2 : height }
    static let bufferCount = 1
    /// The most frames queued for the writer, besides the one it is writing.
    static let queueLimit = 2
    /// A quarter of a second of video: at 60 fps one repeat in 15 is sent, and the drawing is
    /// at most a couple of seconds of video ahead of the encoding.
    let resendInterval: Int

    private struct QueuedFrame {
        var buffer: FrameBuffer
        /// The frame's number in the recording, from 0: its timestamp, or a PNG's file name.
        var index: Int
    }

    // Shared between the two threads, under `condition`.
    private let condition = NSCondition()
    private var free: [FrameBuffer]
    private var queued: [QueuedFrame] = []
    /// The latest frame that repeats the one before and was not sent: sent at the end if it is
    /// the last. Its buffer still holds its pixels then, since nothing was drawn after it.
    private var unsentRepeat: QueuedFrame?
    /// The number of the last frame queued to be written.
    private var lastQueued = -1
    private var closing = false
    private var stopped = false
    private var failure: Error?
    /// Frames the output holds: the last written frame's number and one, since ffmpeg fills in
    /// the repeats before it.
    private var framesWritten = 0
    /// Frames handed over, written or not.
    private var framesSubmitted = 0

    // The writer thread's own.
    /// Rows for writev: a bottom-up frame goes out top row first without a copy to flip it.
    private var rows: [iovec]
    private var frameHeader: [UInt8] = []
    private var streamStarted = false
    /// Linux's UIO_MAXIOV: the most entries one writev takes.
    static let rowsPerWrite = 1024

    /// - Parameter framesAreYUV: the frames submitted are yuv420p (`StripedYUVReadBack`), for a
    ///   sink that takes it; otherwise they are 4-byte pixels in `channels` order.
    init(sink: RecordingSink, width: Int, height: Int, fps: Double, channels: ChannelOrder = .rgba, framesAreYUV: Bool = false) {
        if case .pngFolder = sink { precondition(channels == .rgba, "PNG frames are RGBA") }
        self.sink = sink
        self.channels = channels
        self.framesAreYUV = framesAreYUV
        if case .ffmpeg(_, _, _, _, .yuv420p) = sink {
            streamFormat = .i420
            yuv = framesAreYUV ? nil : YUVFrameConverter(width: width, height: height, channels: channels)
        } else {
            precondition(!framesAreYUV, "yuv420p frames go to an encoder that takes them")
            streamFormat = .packed(channels)
            yuv = nil
        }
        self.width = width
        self.height = height
        self.fps = fps
        resendInterval = max(Int(fps / 4), 1)
        let frameBytes = framesAreYUV ? RawVideoFormat.i420.frameBytes(width: width + width % 2, height: height + height % 2)
                                      : RawVideoFormat.packed(channels).frameBytes(width: width, height: height)
        free = (0..<FrameWriter.bufferCount).map { _ in FrameBuffer(byteCount: frameBytes) }
        rows = Array(repeating: iovec(), count: min(height, FrameWriter.rowsPerWrite))
        let thread = Thread { [self] in writeUntilClosed() }
        thread.name = "frame writer"
        thread.start()
    }

    /// A buffer to draw the next frame into, once the writer has one free. Throws the writer's
    /// failure once it has stopped on one.
    func freeBuffer() throws -> FrameBuffer {
        condition.lock()
        defer { condition.unlock() }
        while free.isEmpty && failure == nil { condition.wait() }
        if let failure { throw failure }
        let buffer = free.removeLast()
        precondition(buffer.owner == .pool && buffer.pendingWrites == 0, "a pooled buffer has no writes pending")
        buffer.owner = .drawing
        buffer.generation += 1
        // A new frame goes into it: an unsent repeat of what it held cannot be sent any more,
        // nor need it be, since a frame follows it.
        if unsentRepeat?.buffer === buffer { unsentRepeat = nil }
        return buffer
    }

    /// Queues `buffer` as frame `index`; frames are written in the order submitted. With
    /// `repeatsPrevious`, `buffer` is the previous frame's, which this one repeats. Waits while
    /// `queueLimit` frames are queued already, so that drawing keeps to the writer's pace.
    /// Throws the writer's failure once it has stopped on one.
    func submit(_ buffer: FrameBuffer, as index: Int, repeatsPrevious: Bool) throws {
        condition.lock()
        defer { condition.unlock() }
        precondition(repeatsPrevious ? buffer.owner != .drawing : buffer.owner == .drawing,
                     "a new frame comes from the drawing side, a repeat from a buffer it gave up")
        if case .ffmpeg = sink, repeatsPrevious, index - lastQueued < resendInterval {
            // The pool may hand the buffer out again; if it does, this repeat is dropped
            // (`freeBuffer`), since the frame drawn into it follows.
            unsentRepeat = QueuedFrame(buffer: buffer, index: index)
            framesSubmitted = index + 1
            return
        }
        unsentRepeat = nil
        while queued.count >= FrameWriter.queueLimit && failure == nil { condition.wait() }
        if let failure {
            // Nothing will write it: back to the pool, for the ownership to stay whole.
            if buffer.owner == .drawing { release(buffer) }
            throw failure
        }
        queue(QueuedFrame(buffer: buffer, index: index))
        lastQueued = index
        framesSubmitted = index + 1
        condition.broadcast()
    }

    /// Frames the output holds so far: the last written frame's number and one.
    var framesWrittenSoFar: Int {
        condition.lock()
        defer { condition.unlock() }
        return framesWritten
    }

    /// Frames handed over so far, written or not.
    var framesSubmittedSoFar: Int {
        condition.lock()
        defer { condition.unlock() }
        return framesSubmitted
    }

    /// Sends the last frame if it was a repeat not sent yet, waits until every frame is written
    /// or the writer stopped on a failure, and ends the thread. Returns how many frames the
    /// output holds, and the failure if there was one.
    func finish() -> (written: Int, failure: Error?) {
        condition.lock()
        defer { condition.unlock() }
        if let last = unsentRepeat, failure == nil {
            queue(last)
            unsentRepeat = nil
        }
        closing = true
        condition.broadcast()
        while !stopped { condition.wait() }
        return (framesWritten, failure)
    }

    /// Hands `frame`'s buffer to the writer thread and queues it; the lock is held. A repeat's
    /// buffer may be back in the pool since its frame was written: it leaves the pool here.
    private func queue(_ frame: QueuedFrame) {
        let buffer = frame.buffer
        if buffer.owner == .pool, let k = free.firstIndex(where: { $0 === buffer }) { free.remove(at: k) }
        buffer.owner = .writer
        buffer.pendingWrites += 1
        queued.append(frame)
    }

    /// One write of `buffer` is done, or will not be done; at the last, it goes back to the
    /// pool. The lock is held.
    private func release(_ buffer: FrameBuffer) {
        if buffer.owner == .writer { buffer.pendingWrites -= 1 }
        guard buffer.pendingWrites == 0 else { return }
        buffer.owner = .pool
        free.append(buffer)
    }

    private func writeUntilClosed() {
        while true {
            condition.lock()
            while queued.isEmpty && !closing { condition.wait() }
            guard !queued.isEmpty else {
                stopped = true
                condition.broadcast()
                condition.unlock()
                return
            }
            let frame = queued.removeFirst()
            condition.unlock()
            do {
                try write(frame)
            } catch {
                condition.lock()
                // Frames after a failed one are not written: the file ends at the last good one.
                failure = error
                release(frame.buffer)
                for dropped in queued { release(dropped.buffer) }
                queued.removeAll()
                stopped = true
                condition.broadcast()
                condition.unlock()
                return
            }
            condition.lock()
            framesWritten = frame.index + 1
            release(frame.buffer)
            condition.broadcast()
            condition.unlock()
        }
    }

    private func write(_ frame: QueuedFrame) throws {
        let buffer = frame.buffer
        switch sink {
        case let .ffmpeg(_, handle, stderrPath, _, _):
            do {
                let fd = handle.fileDescriptor
                if !streamStarted {
                    let header = MatroskaStream.header(width: streamWidth, height: streamHeight, fps: fps, format: streamFormat)
                    try header.withUnsafeBytes { try OutputFile.writeAll($0, to: fd, name: "ffmpeg's input") }
                    streamStarted = true
                }
                MatroskaStream.frameHeader(index: frame.index, fps: fps, pixelBytes: streamFormat.frameBytes(width: streamWidth, height: streamHeight),
                                           into: &frameHeader)
                try frameHeader.withUnsafeBytes { try OutputFile.writeAll($0, to: fd, name: "ffmpeg's input") }
                if framesAreYUV {
                    try OutputFile.writeAll(UnsafeRawBufferPointer(buffer.bytes), to: fd, name: "ffmpeg's input")
                } else if let yuv {
                    yuv.convert(UnsafeRawBufferPointer(buffer.bytes), order: buffer.rowOrder, source: ObjectIdentifier(buffer), generation: buffer.generation)
                    try OutputFile.writeAll(UnsafeRawBufferPointer(yuv.yuv), to: fd, name: "ffmpeg's input")
                } else {
                    try writeRows(of: buffer, to: fd)
                }
            } catch {
                let log = (try? String(contentsOfFile: stderrPath, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                throw UserFacingError("ffmpeg stopped taking frames\(log.isEmpty ? "" : ": " + log.split(separator: "\n").suffix(3).joined(separator: "; "))")
            }
        case let .pngFolder(dir):
            // Flipped once, in place: a buffer written again (a repeated frame) is top-down by then.
            if buffer.rowOrder == .bottomUp {
                flipRows(buffer.bytes, rowBytes: width * 4, rows: height)
                buffer.rowOrder = .topDown
            }
            try writePNG(UnsafeRawBufferPointer(buffer.bytes), width: width, height: height,
                         to: String(format: "%@/frame-%05d.png", dir, frame.index + 1))
        }
    }

    /// Writes the frame's rows top row first, in as few writev calls as the row limit allows,
    /// picking up where a write that was cut short (by a signal, say) left off.
    private func writeRows(of buffer: FrameBuffer, to fd: Int32) throws {
        let rowBytes = width * 4
        guard let base = buffer.bytes.baseAddress else { return }
        // The next row to go out, counted from the top, and the bytes of it already written.
        var row = 0, offset = 0
        while row < height {
            let count = min(height - row, rows.count)
            for k in 0..<count {
                let fromTop = row + k
                let stored = buffer.rowOrder == .topDown ? fromTop : height - 1 - fromTop
                let skip = k == 0 ? offset : 0
                rows[k] = iovec(iov_base: base + stored * rowBytes + skip, iov_len: rowBytes - skip)
            }
            let n = writev(fd, rows, Int32(count))
            if n < 0 {
                if errno == EINTR { continue }
                throw UserFacingError(String(cString: strerror(errno)))
            }
            let through = offset + n
            row += through / rowBytes
            offset = through % rowBytes
        }
    }
}

/// `record`'s progress on stderr: the frames in the output so far, the frames a second and the
/// time left, rewritten in place at a terminal, or as a line every second or so where stderr
/// is a file or a pipe (a log, a CI job); then the throughput against real time.
///
/// It reports on a thread of its own, from `framesDone`, so that it goes on while the drawing
/// waits for the writer, and while ffmpeg encodes the last frames.
final class RecordingProgress: @unchecked Sendable {
    let frames: Int
    let isTerminal: Bool
    /// When the reports began: the rate counts frames, not the start-up before them.
    let start: Double
    private let framesDone: () -> Int
    private let condition = NSCondition()
    private var stopping = false
    private var stopped = false
    /// The length of the line last shown at a terminal, to blank what a shorter one leaves.
    private var shownLength = 0

    /// How often a line is rewritten at a terminal, and printed otherwise.
    static let terminalInterval = 0.25, logInterval = 1.0

    init(frames: Int, isTerminal: Bool, framesDone: @escaping () -> Int) {
        self.frames = frames
        self.isTerminal = isTerminal
        self.framesDone = framesDone
        start = MonotonicClock.now()
        let thread = Thread { [self] in reportUntilStopped() }
        thread.name = "record progress"
        thread.start()
    }

    /// Stops the reports; at a terminal, shows the last count and ends the line.
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while !stopped { condition.wait() }
        condition.unlock()
        if isTerminal {
            show(RecordingProgress.status(done: framesDone(), of: frames, seconds: MonotonicClock.now() - start))
            OutputFile.writeStandardError("\n")
        }
    }

    private func reportUntilStopped() {
        let interval = isTerminal ? RecordingProgress.terminalInterval : RecordingProgress.logInterval
        condition.lock()
        while !stopping {
            _ = condition.wait(until: Date(timeIntervalSinceNow: interval))
            if stopping { break }
            // Nothing to say before the first frame; in a log, the summary says the last.
            let done = framesDone()
            guard done > 0, isTerminal || done < frames else { continue }
            let line = RecordingProgress.status(done: done, of: frames, seconds: MonotonicClock.now() - start)
            if isTerminal { show(line) } else { OutputFile.writeStandardError(line + "\n") }
        }
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func show(_ line: String) {
        let blank = String(repeating: " ", count: max(shownLength - line.count, 0))
        shownLength = line.count
        OutputFile.writeStandardError("\r" + line + blank)
    }

    /// `recording frame 120/360: 48.2 fps, 5.0 s left`
    static func status(done: Int, of frames: Int, seconds: Double) -> String {
        let rate = seconds > 0 ? Double(done) / seconds : 0
        var text = "recording frame \(done)/\(frames): \(String(format: "%.1f", rate)) fps"
        if rate > 0 && done < frames { text += String(format: ", %.1f s left", Double(frames - done) / rate) }
        return text
    }

    /// `recorded 360 frames (6.0 s) in 3.1 s: 1.94x real time`: the video's length against the
    /// wall time it took, start-up and ffmpeg's finishing included.
    static func summary(written: Int, fps: Double, seconds: Double) -> String {
        let video = Double(written) / fps
        let speed = seconds > 0 ? String(format: "%.2f", video / seconds) : "∞"
        return "recorded \(written) frames (\(String(format: "%.1f", video)) s) in \(String(format: "%.1f", seconds)) s: \(speed)x real time"
    }
}
