import Foundation
import Formats
import Scenes

/// The playback concern of the window: the take (and A's beside it), the one clock that gives
/// its time, rate, pause and frame step, scrubbing and the disappearance loop. Its reducer
/// touches nothing outside it.
public struct PlaybackState: Sendable {
    public internal(set) var playback: Playback
    /// The take played over A's values, kept in step with `playback` once A exists.
    public internal(set) var playbackA: Playback?
    /// The preview's one clock; the takes are sought to its time.
    public private(set) var clock: PreviewClock
    /// A press on the timeline scrubs instead of reaching the preview.
    public internal(set) var scrubbing = false
    /// The timeline's loop region: playback goes round it, again and again.
    public internal(set) var loopRegion: LoopRegion?
    /// After an edit of a splash parameter the splash replays from here (s): the start by default.
    public internal(set) var replayFrom = 0.0
    /// The user's first screens (`--screen`) and the one under the hole (N cycles them).
    public internal(set) var screens: [String] = []
    public internal(set) var screenIndex = 0

    public init(playback: Playback, frameStep: Double, screens: [String] = []) {
        self.playback = playback
        self.screens = screens
        clock = PreviewClock(time: playback.time, frameStep: frameStep)
    }

    public var time: Double { playback.time }

    /// The preview time the timeline spans: the splash and a little after, or the whole take.
    public var timelineRange: Double { max(playback.preview.splash.endTime + 0.6, playback.horizon, 1) }

    /// Both takes to the clock's time, once it has moved.
    mutating func seekAll(_ t: Double) {
        clock.seek(to: t)
        playback.seek(to: t)
        playbackA?.seek(to: t)
    }

    // MARK: The reducer

    mutating func reduce(_ action: PlaybackAction, in _: Void) -> ConcernOutcome {
        switch action {
        case let .input(kind): record(kind)
        case let .advance(realSeconds): advance(by: realSeconds)
        case let .setRate(r):
            setRate(r)
            return ConcernOutcome(note: Note("playback rate \(JSONOutput.number(r).text)×"))
        case .cycleRate:
            let rates = WindowState.rates
            return reduce(.setRate(rates[((rates.firstIndex(of: clock.rate) ?? 0) + 1) % rates.count]), in: ())
        case .togglePause: togglePause()
        case let .step(frames): step(frames)
        case let .seek(t): seek(t)
        case .replay:
            seekAll(0)
            return ConcernOutcome(note: Note("replaying from the start"))
        case let .scrubBegin(t): beginScrub(at: t)
        case .scrubEnd: scrubbing = false
        case let .setReplayFrom(t): replayFrom = max(t, 0)
        case let .setLoop(region):
            loopRegion = region
            if let region, time < region.start || time > region.end { seekAll(region.start) }
        case .nextScreen: return ConcernOutcome(note: nextScreen())
        case let .timingsChanged(timings, replay): timingsChanged(to: timings, replay: replay)
        case let .rebuildA(snapshot): rebuildA(over: snapshot)
        }
        return ConcernOutcome()
    }

    /// Input for the preview at the current time, to both takes. The window's input obeys the
    /// same ranges as a script's (a pointer far outside the window, a wheel of absurd clicks),
    /// so a capture always reads back.
    mutating func record(_ kind: InputEvent.Kind) {
        let clamped = InputEvent(time: 0, kind: kind).clampedToLimits().kind
        playback.record(clamped)
        playbackA?.record(clamped)
    }

    /// A frame began `realSeconds` after the previous one: the clock advances by that times the
    /// rate, unless paused or scrubbing; with a loop region it goes round the region.
    mutating func advance(by realSeconds: Double) {
        let from = clock.time
        guard !scrubbing, clock.advance(by: realSeconds) else { return }
        seekAll(loopRegion?.advanced(from: from, by: clock.time - from) ?? clock.time)
    }

    mutating func setRate(_ rate: Double) { clock.rate = rate }

    mutating func togglePause() { clock.isPaused.toggle() }

    mutating func step(_ frames: Int) {
        guard clock.step(frames) else { return }
        seekAll(clock.time)
    }

    mutating func seek(_ t: Double) { seekAll(min(max(t, 0), timelineRange)) }

    mutating func beginScrub(at t: Double) {
        scrubbing = true
        clock.isPaused = true
        seek(t)
    }

    /// N: the next of the user's screens under the hole, in both takes, as a push or a link would
    /// land the user on another screen.
    mutating func nextScreen() -> Note {
        guard screens.count > 1 else {
            return Note(screens.isEmpty ? "no --screen given: the mock feed is under the hole" : "one screen: give --screen several files to cycle them")
        }
        screenIndex = (screenIndex + 1) % screens.count
        let screen = screens[screenIndex]
        func showing(_ p: Playback) -> Playback {
            var initial = p.initial
            initial.userScreen = screen
            return p.replacingInitial(initial)
        }
        playback = showing(playback)
        playbackA = playbackA.map(showing)
        return Note("screen \(screenIndex + 1) of \(screens.count): \((screen as NSString).lastPathComponent)")
    }

    /// The edited values are the take's new initial preview; after a splash parameter the splash
    /// replays from `replayFrom` (or the loop region's start), otherwise the take goes on where it is.
    mutating func timingsChanged(to timings: Timings, replay: Bool) {
        playback = playback.replacingInitial(playback.initial.withTimings(timings))
        if replay { seekAll(loopRegion?.start ?? replayFrom) }
    }

    /// A's take: the same log and time over A's values (none without A).
    mutating func rebuildA(over snapshot: Timings?) {
        guard let a = snapshot else { playbackA = nil; return }
        playbackA = Playback(initial: playback.initial.withTimings(a), log: playback.log, time: playback.time)
    }
}

/// What the playback concern is asked to do.
public enum PlaybackAction: Sendable {
    /// Input for the preview (a pointer, a wheel, a key the tools do not take), at the current time.
    case input(InputEvent.Kind)
    /// A frame began `realSeconds` after the previous one.
    case advance(realSeconds: Double)
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
    case setReplayFrom(Double)
    /// A drag on the timeline's loop band sets the region; a click there clears it.
    case setLoop(LoopRegion?)
    /// N: the next `--screen` under the hole.
    case nextScreen
    /// The document's values changed: the takes play them, and the splash replays when `replay`.
    case timingsChanged(Timings, replay: Bool)
    /// A's values were taken (or dropped): A's take follows them.
    case rebuildA(over: Timings?)
}
