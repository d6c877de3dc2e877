import Formats
import Foundation
import Scenes

// MARK: The timeline's view of time

/// What the timeline dock shows: the tracks as lanes, or their values as a graph beside them.
public enum TimelineDockMode: String, CaseIterable, Sendable { case lanes, graph }

/// What "fit" makes the timeline show: the splash (F), or the whole take (Shift+F).
public enum TimelineFit: String, Sendable { case splash, take }

/// The stretch of preview time the timeline shows. Fitted, it follows what it fits (the splash as
/// its timings change, the take as it grows); a zoom or a pan sets a span of its own.
public struct TimelineView: Equatable, Sendable {
    public var fit: TimelineFit?
    /// The span when `fit` is nil.
    public var span: ClosedRange<Double>

    public init(fit: TimelineFit? = .splash, span: ClosedRange<Double> = 0...1) { self.fit = fit; self.span = span }

    /// One wheel notch with Ctrl halves (toward the pointer) or doubles the span, as DevTools'
    /// Animations panel and After Effects zoom in powers of two.
    public static let zoomFactorPerNotch = 2.0
    /// One wheel notch without Ctrl moves the span by a tenth of its length.
    public static let panSharePerNotch = 0.1
    /// The narrowest span: two steps of the 10 ms snapping grid over the whole ruler.
    public static let minimumLength = 0.02
    /// The widest span, as a multiple of the take's length: room to zoom out past the whole take.
    public static let maximumLengthFactor = 16.0

    /// `span` zoomed by `notches` wheel clicks (positive zooms in) keeping the time `anchor` under
    /// the same x, then moved right if it would start before 0.
    public static func zoomed(_ span: ClosedRange<Double>, notches: Double, about anchor: Double, longest: Double) -> ClosedRange<Double> {
        let length = span.upperBound - span.lowerBound
        guard length > 0, notches.isFinite else { return span }
        let newLength = min(max(length * pow(zoomFactorPerNotch, -notches), minimumLength), max(longest, minimumLength))
        let share = min(max((anchor - span.lowerBound) / length, 0), 1)
        let start = max(anchor - share * newLength, 0)
        return start...(start + newLength)
    }

    /// `span` moved by `notches` wheel clicks (positive moves toward 0), never before 0.
    public static func panned(_ span: ClosedRange<Double>, notches: Double) -> ClosedRange<Double> {
        let length = span.upperBound - span.lowerBound
        guard notches.isFinite else { return span }
        let start = max(span.lowerBound - notches * panSharePerNotch * length, 0)
        return start...(start + length)
    }
}

// MARK: The loop region

/// A range of preview time played on repeat (the timeline's in and out points).
public struct LoopRegion: Equatable, Sendable {
    public let start: Double
    public let end: Double

    /// The shortest region: one step of the 10 ms snapping grid.
    public static let minimumLength = 0.01

    /// The region between two times in either order, or nil when it is shorter than `minimumLength`
    /// or starts before 0.
    public init?(from a: Double, to b: Double) {
        let start = min(a, b), end = max(a, b)
        guard start.isFinite, end.isFinite, start >= 0, end - start >= LoopRegion.minimumLength else { return nil }
        self.start = start; self.end = end
    }

    public var length: Double { end - start }

    /// The time after playing `seconds` on from `time`: past the end it goes on from the start, as
    /// often as the range fits into what was played. Before the start it plays into the region.
    public func advanced(from time: Double, by seconds: Double) -> Double {
        let next = time + seconds
        guard next >= end else { return next }
        return start + fmod(next - end, length)
    }
}

// MARK: Actions

/// What the timeline asks of the window. Its loop region is playback's (`PlaybackAction.setLoop`).
public enum TimelineAction: Equatable, Sendable {
    /// Ctrl+wheel over the timeline: `notches` clicks (positive zooms in) about the time under the pointer.
    case zoom(notches: Double, about: Double)
    /// The wheel over the timeline: `notches` clicks (positive moves toward 0).
    case pan(notches: Double)
    case fit(TimelineFit)
    /// A lane was selected: the properties panel brings its parameters to the top.
    case selectTrack(String?)
    case setDockMode(TimelineDockMode)
}

extension TimelineView {
    /// The span this view shows, given what its fits span.
    func span(splash: ClosedRange<Double>, take: ClosedRange<Double>) -> ClosedRange<Double> {
        switch fit {
        case .splash?: return splash
        case .take?: return take
        case nil: return span
        }
    }
}

extension WindowState {
    /// The splash and a little after: from 0 to 0.6 s past its end, at least a second.
    public var timelineSplashSpan: ClosedRange<Double> { 0...max(playback.preview.splash.endTime + 0.6, 1) }
    /// The whole take: the splash, and as far as the take has gone.
    public var timelineTakeSpan: ClosedRange<Double> { 0...timelineRange }

    /// The span the timeline's ruler shows now.
    public var timelineSpan: ClosedRange<Double> { timelineView.span(splash: timelineSplashSpan, take: timelineTakeSpan) }
}

extension ToolState {
    /// The timeline's zoom, pan and fit carry over to the Graph view, which then shows what the
    /// ruler shows; the Graph view's own "fit take" leaves the ruler as it is.
    mutating func reduceTimeline(_ action: TimelineAction, in context: Context) -> ConcernOutcome {
        let current = timelineView.span(splash: context.splashSpan, take: context.takeSpan)
        let longest = context.takeSpan.upperBound * TimelineView.maximumLengthFactor
        switch action {
        case let .zoom(notches, anchor):
            timelineView = TimelineView(fit: nil, span: TimelineView.zoomed(current, notches: notches, about: anchor, longest: longest))
            return ConcernOutcome(events: [.rulerSpanChanged])
        case let .pan(notches):
            timelineView = TimelineView(fit: nil, span: TimelineView.panned(current, notches: notches))
            return ConcernOutcome(events: [.rulerSpanChanged])
        case let .fit(fit):
            timelineView = TimelineView(fit: fit, span: timelineView.span)
            return ConcernOutcome(events: [.rulerSpanChanged])
        case let .selectTrack(id):
            selectedTrack = id
            if let track = SplashTrack.all.first(where: { $0.id == id }) {
                selectedCurve = (track.curvePath, track.keyTimesPath == nil ? nil : 0)
            }
        case let .setDockMode(mode):
            timelineDockMode = mode
        }
        return ConcernOutcome()
    }
}
