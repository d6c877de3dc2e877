import Foundation
import Motion

/// Every number of the choreography, with the defaults of `Assets/timings.json`.
/// Field names here are the JSON field names, so an error can name them.
public struct Timings: Equatable, Sendable {
    public struct Splash: Equatable, Sendable {
        /// The splash stays at least this long (s).
        public var minHold = 2.0
        /// ... and never longer than this, whatever the feed's readiness (s).
        public var timeout = 3.0
        public var logoStartSize = 72.0
        public var logoEndSize = 88.0
        public var logoDuration = 0.3
        public var logoCurve = TimingCurve.easeInEaseOut
        /// The text starts this many points below its place.
        public var textRise = 20.0
        public var textRiseDuration = 0.3
        public var textRiseCurve = TimingCurve.easeInEaseOut
        public var textFadeDuration = 0.15
        public var textFadeCurve = TimingCurve.easeInEaseOut
        public var backdropTextFadeDuration = 0.3
        public var backdropTextFadeCurve = TimingCurve.easeInEaseOut
        public var feedStartScale = 1.05
        public var feedEndScale = 1.0
        public var feedDuration = 0.6
        public var feedCurve = TimingCurve.easeInEaseOut
        /// Hole size as multiples of `logoEndSize`. The last value is stated for a screen of
        /// `holeReferenceHeight` points and grows in proportion to the screen height, so the hole
        /// always covers the screen.
        public var holeScales: [Double] = [1, 0.85, 18]
        public var holeKeyTimes: [Double] = [0, 0.2, 1]
        public var holeCurves: [TimingCurve] = [.easeInEaseOut, .easeOut]
        public var holeReferenceHeight = 667.0
        public var holeDuration = 0.6
        public var holeRotationCurve = TimingCurve.linear
        public var holeLogoFadeDelay = 0.1
        public var holeLogoFadeDuration = 0.1
        public var holeLogoFadeCurve = TimingCurve.easeInEaseOut
        public var reduceMotionFadeDuration = 0.25
        public var reduceMotionFadeCurve = TimingCurve.easeOut
        public var reduceMotionMode = ReduceMotionMode.still
        public init() {}
    }

    public struct Card: Equatable, Sendable {
        public var duration = 0.3
        public var curve = TimingCurve.easeInEaseOut
        public init() {}
    }

    public enum PanelCompletion: String, CaseIterable, Sendable { case spring, percent }

    /// With Reduce Motion, seed 002's two choices: a still version of the intro that fades when
    /// loading completes, or no intro (the launch screen straight to the content, with the fade).
    public enum ReduceMotionMode: String, CaseIterable, Sendable { case still, skip }

    public struct Panel: Equatable, Sendable {
        /// Panel height as a share of the screen height.
        public var heightFraction = 0.6
        public var maxDim = 0.4
        public var duration = 0.35
        public var curve = TimingCurve.easeInEaseOut
        public var completion = PanelCompletion.spring
        /// Response of the completion spring (s).
        public var springResponse = 0.35
        /// 1 is critically damped: the panel settles without overshoot, as UIKit's sheets do.
        public var springDampingFraction = 1.0
        public init() {}
    }

    public struct Scroll: Equatable, Sendable {
        /// UIScrollView's bounce feels like a critically damped spring of about 0.4 s (tuned by eye;
        /// UIKit does not publish its constant).
        public var bounceResponse = 0.4
        public var bounceDampingFraction = 1.0
        /// UIScrollView.DecelerationRate.normal (WWDC 2018 "Designing Fluid Interfaces").
        public var decelerationRate = 0.998
        public init() {}
    }

    /// What `splashlab lint` accepts: each threshold of its rules.
    public struct Lint: Equatable, Sendable {
        /// A change between two 240 Hz frames that the motion's own velocity does not explain, as
        /// a share of the property's range over the take.
        public var popShare = 0.01
        /// A new motion's start velocity off the one expected (the old motion's, 0 under a finger,
        /// the pointer's at a release), as a share of the property's travel per second.
        public var velocityJumpShare = 0.2
        /// How far a motion may pass its end, as a share of its travel, where no bouncing spring asks for it.
        public var overshootShare = 0.01
        /// The longest a motion started by input may take to settle (s).
        public var settleBudget = 1.0
        public init() {}
    }

    public var splash = Splash()
    public var intro = Intro()
    public var card = Card()
    public var panel = Panel()
    public var scroll = Scroll()
    public var lint = Lint()
    public init() {}
}

// MARK: - Reading timings.json

extension Timings {
    /// Reads a timings file. Missing fields keep their defaults; unknown fields, wrong types and
    /// out-of-range values are refused with PATH:LINE:COLUMN. What is accepted is declared once, in
    /// `TimingsSchema.parameters`.
    public static func load(path: String) throws -> Timings {
        try parse(JSONParser.parse(fileAt: path, limit: .timings), path: path)
    }

    /// Reads a timings file's bytes as `load` reads the file: a BOM skipped, invalid UTF-8
    /// refused at its byte.
    public static func parse(bytes: [UInt8], path: String) throws -> Timings {
        try parse(JSONParser.parse(bytes: bytes, path: path), path: path)
    }

    public static func parse(text: String, path: String) throws -> Timings {
        try parse(JSONParser.parse(text, path: path), path: path)
    }

    static func parse(_ root: JSONNode, path: String) throws -> Timings {
        try TimingsSchema.parse(root, path: path)
    }
}
