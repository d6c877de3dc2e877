import Formats
import Foundation
import Scenes

/// The tool overlays the window can show.
public enum Tool: String, CaseIterable, Sendable { case hud, timeline, curves, help }

/// A line at the bottom of the window: a reload, an error in the timings file, a capture.
public struct StatusMessage: Equatable, Sendable {
    public var text: String
    public var isError: Bool
    /// Wall-clock time (seconds, the window's monotonic clock) it disappears at; infinity stays.
    public var until: Double
}

/// Everything the window shows and remembers, apart from SDL itself: the take being played, the
/// playback rate and pause, the tools, the status line, capture and scrubbing. It changes only
/// through `reduce`, which is pure, so every key and click can be tested without a window.
public struct WindowState: Sendable {
    public var playback: Playback
    public var rate = 1.0
    public var isPaused = false
    /// The frame step for ← / → while paused: one frame of the display's refresh.
    public let frameStep: Double
    public var tools: Set<Tool> = []
    /// Tab: every tool hidden at once, for a clean screen recording.
    public var toolsHidden = false
    public var message: StatusMessage?
    public var capturing = false
    /// A press on the timeline scrubs instead of reaching the preview.
    public var scrubbing = false
    public var isRunning = true
    /// The window's monotonic clock at the last tick, for message lifetimes.
    public var wallTime = 0.0

    /// The playback rates, as keys 1 2 3 4 set them and S cycles them.
    public static let rates = [1.0, 0.5, 0.25, 0.1]
    /// How long an information message stays (s).
    public static let messageSeconds = 4.0

    public init(playback: Playback, refreshRate: Double) {
        self.playback = playback
        frameStep = 1 / max(refreshRate, 1)
    }

    public var time: Double { playback.time }

    public func shows(_ tool: Tool) -> Bool { !toolsHidden && tools.contains(tool) }

    /// The preview time the timeline spans: the splash and a little after, or the whole take.
    public var timelineRange: Double { max(playback.preview.splash.endTime + 0.6, playback.horizon, 1) }
}

/// What the window can be asked to do: preview input, playback, tools, capture, reload, quit.
/// SDL events become these in one place (the window shell), and key bindings name them.
public enum WindowAction: Sendable {
    /// Input for the preview (a pointer, a wheel, a key the tools do not take), at the current time.
    case input(InputEvent.Kind)
    /// A frame began `realSeconds` after the previous one, at `wallTime` on the window's clock.
    case tick(realSeconds: Double, wallTime: Double)
    case setRate(Double)
    case cycleRate
    case togglePause
    /// ← / →: one frame back or forward, while paused.
    case step(Int)
    case seek(Double)
    /// R: from the start, the take's input again with it.
    case replay
    case scrubBegin(Double)
    case scrubEnd
    case toggle(Tool)
    case toggleToolsHidden
    case toggleCapture
    /// The timings file changed and read well: the take over the new initial preview.
    case reloaded(initial: Preview, path: String)
    case reloadFailed(String)
    case say(String, isError: Bool)
    case quit
}

/// Work for the shell, outside the pure state: files and processes.
public enum WindowEffect: Equatable, Sendable {
    /// Write the take so far as a script and render it offline as a video, `duration` seconds long.
    case writeCapture(InputScript, duration: Double)
    /// Print a line on stderr too.
    case log(String)
}

extension WindowState {
    func say(_ text: String, isError: Bool = false, forever: Bool = false) -> StatusMessage {
        StatusMessage(text: text, isError: isError, until: forever ? .infinity : wallTime + (isError ? 6 : WindowState.messageSeconds))
    }

    /// Applies one action; returns the effects for the shell to carry out.
    public mutating func reduce(_ action: WindowAction) -> [WindowEffect] {
        switch action {
        case let .input(kind):
            playback.record(kind)
        case let .tick(realSeconds, now):
            wallTime = now
            if let m = message, now > m.until { message = nil }
            // The preview advances by the real time since the last frame, times the rate.
            if !isPaused && !scrubbing && realSeconds > 0 { playback.seek(to: playback.time + realSeconds * rate) }
        case let .setRate(r):
            rate = r
            message = say("playback rate \(JSONOutput.number(r).text)×")
        case .cycleRate:
            let next = WindowState.rates[((WindowState.rates.firstIndex(of: rate) ?? 0) + 1) % WindowState.rates.count]
            return reduce(.setRate(next))
        case .togglePause:
            isPaused.toggle()
        case let .step(frames):
            guard isPaused else { break }
            playback.seek(to: max(playback.time + Double(frames) * frameStep, 0))
        case let .seek(t):
            playback.seek(to: min(max(t, 0), timelineRange))
        case .replay:
            playback.seek(to: 0)
            message = say("replaying from the start")
        case let .scrubBegin(t):
            scrubbing = true
            isPaused = true
            return reduce(.seek(t))
        case .scrubEnd:
            scrubbing = false
        case let .toggle(tool):
            if tools.contains(tool) { tools.remove(tool) } else { tools.insert(tool) }
            toolsHidden = false
        case .toggleToolsHidden:
            toolsHidden.toggle()
        case .toggleCapture:
            capturing.toggle()
            if capturing {
                message = say("● capturing input (F9 to stop)", forever: true)
            } else {
                message = nil
                return [.writeCapture(playback.scriptSoFar, duration: playback.time + 0.5)]
            }
        case let .reloaded(initial, path):
            // A saved edit replays the take from the start with the new values.
            playback = playback.replacingInitial(initial)
            playback.seek(to: 0)
            message = say("reloaded timings from \(path)")
            return [.log("reloaded timings from \(path)")]
        case let .reloadFailed(error):
            // The last good values stay in force until the file is fixed.
            message = say("timings error: \(error)", isError: true, forever: true)
            return [.log("timings error: \(error)")]
        case let .say(text, isError):
            message = say(text, isError: isError)
        case .quit:
            isRunning = false
        }
        return []
    }
}
