import Foundation

// MARK: - How an intro file (Lottie, GIF, video) sits on the splash

extension Timings {
    /// How the intro view fits the animation into its frame: the four `UIView.ContentMode`s that
    /// `LottieAnimationView` honours (lottie-ios, `LottieAnimationView.contentMode`).
    public enum IntroContentMode: String, CaseIterable, Sendable {
        /// `scaleAspectFit`, lottie-ios's default: the whole animation, letterboxed.
        case aspectFit
        /// `scaleAspectFill`: the frame covered, the animation cropped.
        case aspectFill
        /// `center`: the animation at its own size in points, centred.
        case center
        /// `scaleToFill`: stretched to the frame.
        case fill
    }

    /// Where the intro view is, in points.
    public enum IntroFrameMode: String, CaseIterable, Sendable {
        /// The launch screen's logo frame when the file's aspect ratio matches the logo's (the
        /// intro then starts where the launch screen's logo is), otherwise the whole screen.
        case auto
        /// The launch screen's logo frame.
        case logo
        /// The whole screen.
        case screen
        /// `intro.frame.x`, `y`, `width` and `height`.
        case custom
    }

    /// How the splash leaves once the hold is over.
    public enum IntroDisappearance: String, CaseIterable, Sendable {
        /// The logo-shaped hole opens over the feed, as without an intro (seed 000).
        case hole
        /// The intro cross-fades to the feed over `splash.reduceMotion.fadeDuration`.
        case crossFade
    }

    /// What can end the intro before the hold is over (seed 002: "let the user skip it with a tap").
    public enum IntroSkip: String, CaseIterable, Sendable {
        case onTap, never
    }

    /// The intro played instead of the built-in logo and text when a file is given (`--intro`, or
    /// `intro.*` in the assets): how it sits, what part of it plays, how fast and how often, and
    /// what Reduce Motion shows of it. Seed 002: the launch screen shows, the intro plays in the
    /// first view, then the hold's rules apply, then the splash goes.
    public struct Intro: Equatable, Sendable {
        public var contentMode = IntroContentMode.aspectFit
        public var frameMode = IntroFrameMode.auto
        public var frameX = 0.0
        public var frameY = 0.0
        public var frameWidth = 100.0
        public var frameHeight = 100.0
        /// `launch`, or a colour `#RRGGBB` / `#RRGGBBAA` behind the animation.
        public var background = IntroBackgroundSpec.launch.text
        /// `LottieAnimationView.animationSpeed`: 2 plays twice as fast.
        public var speed = 1.0
        /// How many times the range plays (`LottieLoopMode.repeat(n)`; 1 is `playOnce`); the last
        /// frame holds after.
        public var loops = 1.0
        /// The part of the file played, as shares of its length (`play(fromProgress:toProgress:)`).
        public var fromProgress = 0.0
        public var toProgress = 1.0
        /// Marker names (`play(fromMarker:toMarker:)`); empty for none. A marker alone plays its
        /// own span (`play(marker:)`); both play from the first's start to the second's.
        public var fromMarker = ""
        public var toMarker = ""
        /// With Reduce Motion in `still` mode: the frame shown still (`first`, `last`, a frame
        /// number, or a marker name).
        public var reduceMotionFrame = IntroStillFrame.last.text
        public var disappearance = IntroDisappearance.hole
        public var skip = IntroSkip.onTap
        public init() {}
    }
}

/// `intro.background`: the launch screen's background, or a colour.
public enum IntroBackgroundSpec: Equatable, Sendable {
    case launch
    /// Straight-alpha sRGB.
    case color(r: UInt8, g: UInt8, b: UInt8, a: UInt8)

    public init?(parsing text: String) {
        if text == "launch" { self = .launch; return }
        var hex = Substring(text)
        guard hex.hasPrefix("#") else { return nil }
        hex = hex.dropFirst()
        guard hex.count == 6 || hex.count == 8, hex.allSatisfy(\.isHexDigit), let v = UInt32(hex, radix: 16) else { return nil }
        let rgba = hex.count == 6 ? v << 8 | 0xFF : v
        self = .color(r: UInt8(rgba >> 24 & 0xFF), g: UInt8(rgba >> 16 & 0xFF), b: UInt8(rgba >> 8 & 0xFF), a: UInt8(rgba & 0xFF))
    }

    public var text: String {
        switch self {
        case .launch: return "launch"
        case let .color(r, g, b, a): return "#" + [r, g, b, a].map { String(format: "%02X", $0) }.joined()
        }
    }

    static let rule = "\"launch\" or a colour \"#RRGGBB\" or \"#RRGGBBAA\""
}

/// `intro.reduceMotionFrame`: which frame Reduce Motion shows still.
public enum IntroStillFrame: Equatable, Sendable {
    case first, last
    case frame(Double)
    case marker(String)

    public init?(parsing text: String) {
        switch text {
        case "first": self = .first
        case "last": self = .last
        case "": return nil
        default:
            if let n = Double(text) {
                guard n.isFinite, n >= 0 else { return nil }
                self = .frame(n)
            } else {
                self = .marker(text)
            }
        }
    }

    public var text: String {
        switch self {
        case .first: return "first"
        case .last: return "last"
        case let .frame(n): return n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n)
        case let .marker(name): return name
        }
    }

    static let rule = "\"first\", \"last\", a frame number of 0 or more, or a marker name"
}
