import Formats
import Foundation

/// A named span of an intro file (a Lottie marker: `cm`, `tm`, `dr`), in seconds of the file.
public struct IntroMarker: Equatable, Sendable {
    public var name: String
    public var start: Double
    public var duration: Double
    public init(name: String, start: Double, duration: Double) { self.name = name; self.start = start; self.duration = duration }
}

/// An intro file's time structure, what the splash needs of it to play it exactly: how long it
/// lasts, which frame shows at each of its times, its markers and its size. The pixels stay with
/// whoever decodes the file (Render); a frame is named here by its index.
public struct IntroClip: Equatable, Sendable {
    public enum Kind: String, Sendable { case lottie, video }
    /// When each frame shows.
    public enum FrameTiming: Equatable, Sendable {
        /// A Lottie animation: frame i shows from i / rate (lottie-ios: frame = ip + t × fr).
        case rate(Double)
        /// A GIF or video: each frame's own start time, ascending from 0, so a variable frame rate
        /// stays variable.
        case times([Double])
    }

    /// The file's name as messages and `state` show it.
    public var path: String
    public var kind: Kind
    /// The animation's own size in points (a Lottie's `w` × `h`; a video's pixels over the
    /// device's scale), which `center` draws it at and `auto` compares with the logo's frame.
    public var width: Double
    public var height: Double
    /// One pass of the whole file (s).
    public var duration: Double
    public var frameCount: Int
    public var timing: FrameTiming
    public var markers: [IntroMarker]

    public init(path: String, kind: Kind, width: Double, height: Double, duration: Double, frameCount: Int, timing: FrameTiming,
                markers: [IntroMarker] = []) {
        self.path = path; self.kind = kind; self.width = width; self.height = height; self.duration = duration
        self.frameCount = max(frameCount, 1); self.timing = timing; self.markers = markers
    }

    /// The frame shown at `seconds` of the file: for a Lottie, the whole frame rlottie draws
    /// (floor of t × fr); for a video, the last frame whose own time is not after it. Held at the
    /// first before the start and at the last after the end.
    public func frameIndex(at seconds: Double) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        switch timing {
        case let .rate(fr):
            return min(Int((seconds * fr + IntroClip.frameEpsilon).rounded(.down)), frameCount - 1)
        case let .times(times):
            return FrameTimes.latest(in: times.prefix(frameCount), atOrBefore: seconds + IntroClip.frameEpsilon) { $0 } ?? 0
        }
    }

    /// When frame `index` starts showing (s of the file).
    public func time(ofFrame index: Int) -> Double {
        let i = min(max(index, 0), frameCount - 1)
        switch timing {
        case let .rate(fr): return Double(i) / fr
        case let .times(times): return times.indices.contains(i) ? times[i] : (times.last ?? 0)
        }
    }

    /// A hair of a frame: a time computed as k / fr lands on frame k, not a rounding below it.
    static let frameEpsilon = 1e-9

    public func marker(named name: String) -> IntroMarker? { markers.first { $0.name == name } }

    /// The marker whose span holds `seconds`, the latest to start when spans overlap.
    public func marker(at seconds: Double) -> IntroMarker? {
        markers.filter { seconds >= $0.start - IntroClip.frameEpsilon && seconds < $0.start + max($0.duration, 0) }.max { $0.start < $1.start }
    }
}

/// How the splash plays an intro clip with the timings' `intro` section: the part of the file
/// played (progress or markers), its speed and loops, where it sits on screen, and the frame
/// Reduce Motion shows still. A pure function of (timings, clip, device, logo frame).
public struct IntroPlayback: Equatable, Sendable {
    public let clip: IntroClip
    /// The range played, in seconds of the file.
    public let rangeStart: Double
    public let rangeEnd: Double
    public let speed: Double
    public let loops: Double
    /// Where the animation is drawn, in screen points, after the content mode.
    public let contentRect: Rect
    /// The intro view's frame (the content mode fits the animation into it).
    public let frame: Rect
    /// The still frame under Reduce Motion, in seconds of the file.
    public let stillTime: Double
    /// What could not be honoured (a marker the file lacks), for the user.
    public let warnings: [String]

    public init(clip: IntroClip, timings t: Timings, device: Device, logoFrame: Rect?) {
        self.clip = clip
        let intro = t.intro
        var warnings: [String] = []
        var start = intro.fromProgress * clip.duration, end = intro.toProgress * clip.duration
        // lottie-ios: play(marker:) plays the marker's span; play(fromMarker:toMarker:) from the
        // first's start to the second's start.
        func lookUp(_ name: String, _ field: String) -> IntroMarker? {
            guard !name.isEmpty else { return nil }
            if let marker = clip.marker(named: name) { return marker }
            let known = clip.markers.isEmpty ? "it has no markers" : "its markers are " + clip.markers.map { "\"\($0.name)\"" }.joined(separator: ", ")
            warnings.append("warning: \(clip.path): no marker \"\(name)\" for \(field) (\(known)); the range's progress is used")
            return nil
        }
        let from = lookUp(intro.fromMarker, "intro.range.fromMarker"), to = lookUp(intro.toMarker, "intro.range.toMarker")
        switch (from, to) {
        case let (from?, to?) where to.start > from.start: start = from.start; end = to.start
        case let (from?, to?):
            warnings.append("warning: \(clip.path): marker \"\(to.name)\" starts at or before \"\(from.name)\"; \"\(from.name)\"'s own span plays")
            start = from.start; end = from.start + from.duration
        case let (from?, nil): start = from.start; end = from.duration > 0 ? from.start + from.duration : end
        case let (nil, to?): end = to.start
        case (nil, nil): break
        }
        if end <= start {
            warnings.append("warning: \(clip.path): the range played is empty; the whole file plays")
            start = 0; end = clip.duration
        }
        rangeStart = start; rangeEnd = end
        speed = intro.speed; loops = intro.loops
        let screen = Rect(x: 0, y: 0, width: device.width, height: device.height)
        let frame: Rect
        switch intro.frameMode {
        case .screen: frame = screen
        case .logo: frame = logoFrame ?? screen
        case .custom: frame = Rect(x: intro.frameX, y: intro.frameY, width: intro.frameWidth, height: intro.frameHeight)
        case .auto:
            // The logo's frame when the file's shape is the logo's (within 2%, a rounding of
            // either's size), so the intro starts where the launch screen's logo is.
            if let logo = logoFrame, logo.width > 0, logo.height > 0, clip.height > 0,
               abs((clip.width / clip.height) / (logo.width / logo.height) - 1) <= 0.02 {
                frame = logo
            } else {
                frame = screen
            }
        }
        self.frame = frame
        contentRect = IntroPlayback.fit(width: clip.width, height: clip.height, into: frame, mode: intro.contentMode)
        switch IntroStillFrame(parsing: intro.reduceMotionFrame) ?? .last {
        case .first: stillTime = start
        case .last: stillTime = end
        case let .frame(n): stillTime = clip.time(ofFrame: Int(n.rounded(.down)))
        case let .marker(name): stillTime = lookUp(name, "intro.reduceMotionFrame")?.start ?? end
        }
        self.warnings = warnings
    }

    /// `UIView.ContentMode`'s placement of a `width` × `height` picture in `frame`.
    public static func fit(width: Double, height: Double, into frame: Rect, mode: Timings.IntroContentMode) -> Rect {
        guard width > 0, height > 0 else { return frame }
        let w: Double, h: Double
        switch mode {
        case .fill: return frame
        case .center: w = width; h = height
        case .aspectFit: let s = min(frame.width / width, frame.height / height); w = width * s; h = height * s
        case .aspectFill: let s = max(frame.width / width, frame.height / height); w = width * s; h = height * s
        }
        return Rect(x: frame.midX - w / 2, y: frame.midY - h / 2, width: w, height: h)
    }

    /// One pass of the range at the intro's speed (s).
    public var passDuration: Double { (rangeEnd - rangeStart) / speed }
    /// Every pass, after which the last frame holds (s).
    public var playedDuration: Double { passDuration * loops }

    /// The file's time shown at preview time t: the range from its start, pass after pass, then
    /// its end held.
    public func fileTime(at t: Double) -> Double {
        guard t > 0 else { return rangeStart }
        guard t < playedDuration, passDuration > 0 else { return rangeEnd }
        let within = t.truncatingRemainder(dividingBy: passDuration)
        return rangeStart + within * speed
    }

    /// The frame shown at preview time t. At the range's end the frame there holds; an end at the
    /// file's own end holds its last frame.
    public func frameIndex(at t: Double) -> Int { clip.frameIndex(at: fileTime(at: t)) }
}

/// What is drawn of an intro file at one instant: which frame, where, how opaque. Two instants
/// that draw the same picture are equal, so a recording sends the frame once (a 30 fps Lottie in
/// a 60 fps video repeats each frame).
public struct IntroPicture: Equatable, Sendable {
    public var frame: Int
    public var rect: Rect
    public var opacity: Double
}

/// The intro as `state` reports it at one instant.
public struct IntroLayer: Equatable, Sendable {
    /// The file playing (the dark appearance may play another).
    public var file: String
    /// The frame drawn, and the file's time it shows.
    public var frame: Int
    public var fileTime: Double
    public var marker: String?
    /// Where the animation is drawn, in points.
    public var rect: Rect
    public var opacity: Double
    /// What is drawn behind it, full screen: a colour, or nil for the launch screen's background.
    public var background: Color?

    public var picture: IntroPicture { IntroPicture(frame: frame, rect: rect, opacity: opacity) }
}
