import Formats
import Foundation

/// A frame budget: the time between vsyncs at a refresh rate (60 Hz = 16.67 ms, 120 Hz = 8.33 ms).
public struct FrameBudget: Equatable, Sendable {
    public let refreshRate: Double
    public init(refreshRate: Double) { self.refreshRate = refreshRate }
    /// Seconds per frame.
    public var seconds: Double { 1 / refreshRate }

    /// How late a frame presented `interval` seconds after the previous one was: a frame that
    /// missed its vsync shows at least one refresh late. Intervals within half a budget of the
    /// budget are on time (present timing jitters); beyond that the lateness is the excess.
    public func hitchTime(interval: Double) -> Double {
        let late = interval - seconds
        return late > seconds / 2 ? late : 0
    }

    /// Apple's hitch-time-ratio bands, in ms of hitch per s of animation (WWDC20 "Eliminate
    /// animation hitches with XCTest"; 5 ms/s is the target).
    public static func band(forRatio ratio: Double) -> String {
        switch ratio {
        case ...5: return "good (target)"
        case ...10: return "good"
        case ...25: return "warning"
        case ...50: return "critical"
        default: return "severe"
        }
    }
}

/// Percentiles of a set of durations, nearest-rank.
public struct Percentiles: Equatable, Sendable {
    public var p50: Double, p95: Double, p99: Double, max: Double

    public init(_ values: [Double]) {
        let s = values.sorted()
        func rank(_ q: Double) -> Double {
            guard !s.isEmpty else { return 0 }
            let index = Int((q * Double(s.count)).rounded(.up)) - 1
            return s[Swift.min(Swift.max(index, 0), s.count - 1)]
        }
        p50 = rank(0.5); p95 = rank(0.95); p99 = rank(0.99); max = s.last ?? 0
    }

    /// In milliseconds, from seconds.
    public var millisecondsJSON: JSONOutput {
        .object([("p50", .number(roundMs(p50))), ("p95", .number(roundMs(p95))), ("p99", .number(roundMs(p99))), ("max", .number(roundMs(max)))])
    }
}

/// Milliseconds to the microsecond, from seconds.
public func roundMs(_ seconds: Double) -> Double { (seconds * 1e6).rounded() / 1e3 }

/// Hitches over a run of frame intervals.
public struct HitchSummary: Equatable, Sendable {
    public var count: Int
    /// Total hitch time, seconds.
    public var hitchTime: Double
    /// Total time the frames covered, seconds.
    public var duration: Double

    public init(intervals: [Double], budget: FrameBudget) {
        var count = 0, hitch = 0.0
        for interval in intervals {
            let late = budget.hitchTime(interval: interval)
            if late > 0 { count += 1; hitch += late }
        }
        self.count = count
        hitchTime = hitch
        duration = intervals.reduce(0, +)
    }

    /// Milliseconds of hitch per second of animation.
    public var ratio: Double { duration > 0 ? hitchTime * 1000 / duration : 0 }
    public var band: String { FrameBudget.band(forRatio: ratio) }
}

extension FrameRecord {
    /// A CSV row: preview time, the stages and the interval in ms, and the hitch in ms.
    public static let csvHeader = "previewTime,inputMs,updateMs,renderMs,presentMs,intervalMs,hitchMs"
    public func csvRow(budget: FrameBudget) -> String {
        [previewTime, input * 1000, update * 1000, render * 1000, present * 1000, interval * 1000, budget.hitchTime(interval: interval) * 1000]
            .map { JSONOutput.number(($0 * 1000).rounded() / 1000).text }.joined(separator: ",")
    }
}

/// The SDL renderer names SplashLab knows: Mesa's GL ES 2 (the headless default), desktop GL, and
/// SDL's software rasteriser as the fallback. Render creates them; the options check a name early.
public let knownRendererNames = ["opengles2", "opengl", "software"]
