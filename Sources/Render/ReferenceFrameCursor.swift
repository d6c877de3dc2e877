import Foundation
import Scenes

/// A recording's frames pulled forward in time, one decode running on its own thread: the
/// consumer (`record`, a still) asks for the frame shown at a time, and the decoder stays at most
/// `lookahead` frames ahead, so memory holds a few frames whatever the recording's length.
public final class ReferenceFrameCursor: @unchecked Sendable {
    /// Frames decoded ahead of the one asked for: enough to keep ffmpeg busy while the consumer
    /// draws, few enough that memory is a few frames (1.3 MiB each for an iPhone 15 at 1 px a point).
    public static let lookahead = 2

    private let condition = NSCondition()
    private var pending: [ReferenceFrame] = []
    private var finished = false
    private var cancelled = false
    private var failure: Error?
    private var decoding: ReferenceDecoding?
    /// The frame last handed out, and the next one, taken but still later than the time asked.
    private var current: ReferenceFrame?
    private var next: ReferenceFrame?

    /// Starts decoding `recording` at `width` × `height`.
    public init(recording: ReferenceRecording, width: Int, height: Int) {
        let thread = Thread { [self] in
            do {
                let result = try recording.decodeFrames(width: width, height: height) { frame in
                    condition.lock(); defer { condition.unlock() }
                    while pending.count >= Self.lookahead && !cancelled { condition.wait() }
                    guard !cancelled else { return false }
                    pending.append(frame)
                    condition.broadcast()
                    return true
                }
                condition.lock(); decoding = result; condition.unlock()
            } catch {
                condition.lock(); failure = error; condition.unlock()
            }
            condition.lock(); finished = true; condition.broadcast(); condition.unlock()
        }
        thread.start()
    }

    deinit { close() }

    /// The frame shown at `time`: the latest whose own time is not after it; nil before the first.
    /// Times asked must not go back: the decoder only moves forward.
    public func frame(at time: Double) throws -> ReferenceFrame? {
        while true {
            if next == nil { next = try take() }
            guard let candidate = next, candidate.time <= time else { return current }
            current = candidate
            next = nil
        }
    }

    /// The damage warning of a recording decoded to its end, once it has ended.
    public var damage: String? { condition.lock(); defer { condition.unlock() }; return decoding?.damage }

    /// Stops the decoder and waits for its thread to end.
    public func close() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        while !finished { condition.wait() }
        condition.unlock()
    }

    private func take() throws -> ReferenceFrame? {
        condition.lock(); defer { condition.unlock() }
        while pending.isEmpty && !finished { condition.wait() }
        if !pending.isEmpty {
            condition.broadcast()
            return pending.removeFirst()
        }
        if let failure { throw failure }
        return nil
    }
}
