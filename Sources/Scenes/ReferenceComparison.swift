import Foundation

// A screen recording of the real app against the preview: how two frames are compared, where the
// recording's launch cut lies, and the difference curve with its per-phase summary. Pure: the
// frames arrive as RGBA bytes already decoded and rendered at the same size.

// MARK: - The status bar

/// The status bar's height in points, left out of every comparison: a recording shows the
/// phone's clock and battery there, which the preview does not draw.
public enum StatusBar {
    /// `UIApplication.statusBarFrame.height` (iOS 13+: `UIStatusBarManager.statusBarFrame`) on
    /// each preset in portrait, as listed by "iPhone 15 screen sizes" (useyourloaf.com, 2023) and
    /// Apple's "Layout" guidance: 20 pt with a Home button (iPhone SE), 54 pt with the Dynamic
    /// Island (iPhone 15, 15 Pro Max), 24 pt on an iPad without a Home button. An iPhone in
    /// landscape hides its status bar; an iPad keeps it.
    public static func height(of device: Device) -> Double {
        let portrait: Double
        switch device.name {
        case "iphone-se": portrait = 20
        case "iphone-15", "iphone-15-pro-max": portrait = 54
        case "ipad-air-11": portrait = 24
        default: portrait = 20
        }
        if device.orientation == .landscape && device.name.hasPrefix("iphone") { return 0 }
        return portrait
    }
}

/// How long a reference recording may be, known before any file is read (option bounds use it):
/// a recording of a launch lasts seconds; two minutes leaves room for a slow device and the app's
/// first screen, and refuses a long screen recording before any frame is decoded.
public enum ReferenceRecordingLimits {
    public static let maximumDuration = 120.0
}

// MARK: - Comparing two frames

/// How a reference frame differs from a preview frame, over the pixels compared (the device's,
/// below the status bar).
public struct ReferenceDifference: Equatable, Sendable {
    /// The share (0…1) of 2×2 pixel blocks whose mean colours lie more than `pixelDistance` apart.
    public var share: Double
    /// The mean Euclidean distance between the blocks' mean RGB, 8 bits a channel (0 to 441.7).
    public var meanDistance: Double

    public init(share: Double, meanDistance: Double) { self.share = share; self.meanDistance = meanDistance }

    /// A block differs when its mean RGB lies more than this apart (of 441.7): 9% of the range. A
    /// recording is lossy, and HEVC or H.264 at a phone's bit rate move a flat colour or a
    /// gradient by a few levels a channel and an edge by more; a moved edge or a faded layer
    /// changes far more (the logo against its gradient: over 150).
    public static let pixelDistance = 40.0

    /// Compares two RGBA frames of `width` × `height`, top row first, leaving out the top
    /// `skippedRows` rows (the status bar).
    ///
    /// Pixels are compared in 2×2 blocks, each the mean of its pixels: a phone records 4:2:0
    /// (H.264 and HEVC as iPhones write them keep one colour sample for every 2×2 pixels), so a
    /// sharp colour edge smears across its block whatever the bit rate. Measured here on the
    /// launch screen at 0.5 px a point through libx265: 1.3% of single pixels past the distance at
    /// CRF 23 and still 1.3% at CRF 10 (the subsampling, not the quantiser), 0.1% of blocks.
    /// A block at the right or bottom edge of an odd size holds the pixels there are.
    public static func between(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int, skippedRows: Int) -> ReferenceDifference {
        let blocks = PixelDifference.measure(a, b, width: width, height: height, blockSide: 2, threshold: pixelDistance, skippedRows: skippedRows)
        guard blocks.blocks > 0 else { return ReferenceDifference(share: 0, meanDistance: 0) }
        return ReferenceDifference(share: Double(blocks.differingBlocks) / Double(blocks.blocks), meanDistance: blocks.totalDistance / Double(blocks.blocks))
    }
}

// MARK: - Alignment

/// Where preview time 0 lies in the recording: reference time = preview time + `offset`.
public struct ReferenceAlignment: Equatable, Sendable {
    public enum Method: String, Sendable {
        /// Given with `--reference-offset`.
        case manual
        /// The cut from the launch screen to the intro, found.
        case launchCut = "launch-screen cut"
        /// No frame matched the launch screen: the first large change between frames.
        case largeChange = "first large change"
    }

    public var offset: Double
    public var method: Method
    /// 0…1: how sure the offset is (see `LaunchCutSearch.alignment`).
    public var certainty: Double
    /// The reference frame the offset came from, for the report.
    public var cutFrameTime: Double?
    public var detail: String

    public init(offset: Double, method: Method, certainty: Double, cutFrameTime: Double?, detail: String) {
        self.offset = offset; self.method = method; self.certainty = certainty; self.cutFrameTime = cutFrameTime; self.detail = detail
    }

    /// The share of differing blocks up to which a frame is the launch screen: 0.5%, well past a
    /// recording's noise on it (SplashLab's launch screen through libx265 at CRF 23, its best
    /// match: 0.02% at 2 px a point, 0.00% at 0.5) and crossed within the intro's first 70 ms
    /// (the logo growing, the text fading in).
    public static let launchShare = 0.005
    /// How long after the preview's cut the curve confirms an offset: the logo's growth and the
    /// text's fade, where a wrong offset shows most.
    public static let confirmationSpan = 0.25

    /// The alignment with its certainty scaled by how many preview frames in the
    /// `confirmationSpan` after `previewCut` agree with the recording (at most `launchShare`
    /// differing). A found offset is only as sure as the motion after it agrees; a manual one is
    /// reported with the same figure.
    public func confirmed(by samples: [ReferenceCurveSample], previewCut: Double) -> ReferenceAlignment {
        let span = samples.filter { $0.time >= previewCut && $0.time <= previewCut + Self.confirmationSpan }
        guard !span.isEmpty else { return self }
        let agreeing = span.filter { $0.difference.share <= Self.launchShare }.count
        var copy = self
        copy.certainty *= Double(agreeing) / Double(span.count)
        copy.detail += String(format: "; %d of %d preview frames in the %.2f s after the cut agree", agreeing, span.count, Self.confirmationSpan)
        return copy
    }

    /// A change between two consecutive frames past this share (a quarter of the screen) is a cut
    /// from one picture to another: from the home screen to the launch screen, say.
    public static let largeChangeShare = 0.25
}

/// Finds the launch cut in a recording fed one frame at a time, in order: first a run of frames
/// that match the preview's launch frame (at most `launchShare` differing), then the first frame
/// after it past `launchShare` once the recording's noise is taken off. When it crossed, less the
/// preview's own first time past `launchShare`, is the offset. Failing a launch frame, the first change between consecutive
/// frames past `largeChangeShare` is taken as the launch and the offset is its time.
public struct LaunchCutSearch: Sendable {
    /// When the preview itself first differs from its launch frame by more than `launchShare`.
    public let previewCut: Double
    private var launchFrames = 0
    private var largestLaunchShare = 0.0
    private var lastTime: Double?
    private var lastShare = 0.0
    private var smallestLaunchShare = 1.0
    private var firstLargeChange: (time: Double, share: Double)?
    public private(set) var found: ReferenceAlignment?

    public init(previewCut: Double) { self.previewCut = previewCut }

    /// Feeds one frame: its time, how it differs from the preview's launch frame, and from the
    /// frame before it (nil for the first). Returns the alignment once found.
    public mutating func feed(time: Double, fromLaunch: ReferenceDifference, fromPrevious: ReferenceDifference?) -> ReferenceAlignment? {
        if let found { return found }
        defer { lastTime = time }
        // The recording's noise on the launch screen: its best match. Taken off every share after
        // it, so the recording crosses the bound when the picture does, as the preview does.
        let floor = launchFrames > 0 ? smallestLaunchShare : 0
        let share = max(0, fromLaunch.share - floor)
        defer { lastShare = share }
        if fromLaunch.share <= ReferenceAlignment.launchShare {
            launchFrames += 1
            largestLaunchShare = max(largestLaunchShare, fromLaunch.share)
            smallestLaunchShare = min(smallestLaunchShare, fromLaunch.share)
            return nil
        }
        if let previous = fromPrevious, firstLargeChange == nil, previous.share > ReferenceAlignment.largeChangeShare {
            firstLargeChange = (time, previous.share)
        }
        guard launchFrames > 0, share > ReferenceAlignment.launchShare else { return nil }
        // The picture crossed the bound between the frame before and this one: where, found by
        // linear interpolation of the share between the two frames' own times. The intro starts
        // slowly (an ease-in-out), so the share rises on a shallow slope and a frame's time alone
        // would be late by up to a frame.
        let interval = lastTime.map { time - $0 } ?? 0
        let before = min(lastShare, ReferenceAlignment.launchShare)
        let fraction = share > before ? (ReferenceAlignment.launchShare - before) / (share - before) : 1
        let crossing = time - interval * (1 - min(max(fraction, 0), 1))
        // One launch frame could be a frame of something else that happens to look alike; the
        // curve after the cut confirms the rest (`confirmed(by:)`).
        let certainty = launchFrames >= 2 ? 1.0 : 0.5
        let detail = String(format: "the launch screen matched for %d frame%@ (at most %.2f%% differing); the noise %.2f%% taken off, the frame at %.4f s differs %.2f%% (bound %.1f%%), crossed at %.4f s; frame interval %.1f ms",
                            launchFrames, launchFrames == 1 ? "" : "s", largestLaunchShare * 100, floor * 100, time, share * 100,
                            ReferenceAlignment.launchShare * 100, crossing, interval * 1000)
        found = ReferenceAlignment(offset: crossing - previewCut, method: .launchCut, certainty: certainty, cutFrameTime: time, detail: detail)
        return found
    }

    /// At the end of the recording with no launch cut: the first large change, or nil.
    public func fallback() -> ReferenceAlignment? {
        if let found { return found }
        guard let change = firstLargeChange else { return nil }
        let detail = String(format: "no frame matched the launch screen; the first change past %.0f%% (%.1f%%) at %.4f s is taken as the launch",
                            ReferenceAlignment.largeChangeShare * 100, change.share * 100, change.time)
        // A guess: the launch screen may have been held before the intro, which this cannot see.
        return ReferenceAlignment(offset: change.time - previewCut, method: .largeChange, certainty: 0.25, cutFrameTime: change.time, detail: detail)
    }
}

// MARK: - The curve

/// One point of the difference curve: a preview frame against the reference frame shown then.
public struct ReferenceCurveSample: Equatable, Sendable {
    /// The preview time, the preview's splash phase then, and how the reference frame differs.
    public var time: Double, phase: String, difference: ReferenceDifference
    /// The reference frame's own time (seconds from its first frame).
    public var referenceTime: Double

    public init(time: Double, phase: String, difference: ReferenceDifference, referenceTime: Double) {
        (self.time, self.phase, self.difference, self.referenceTime) = (time, phase, difference, referenceTime)
    }
}

/// The curve summed up by phase, in the order the phases come.
public struct ReferencePhaseSummary: Equatable, Sendable {
    public var phase: String
    /// The preview times of its first and last samples.
    public var from: Double, to: Double
    /// How many preview frames it spans.
    public var samples: Int
    /// The mean and the largest of its samples' shares of differing blocks (0…1).
    public var meanShare: Double, largestShare: Double
    /// The mean of its samples' mean colour distances.
    public var meanDistance: Double

    /// Whether the phase differs past `maximumShare` (0…1): its mean share of differing pixels.
    /// The mean, not the largest, so one frame the phone dropped or doubled does not fail a phase.
    public func differs(past maximumShare: Double) -> Bool { meanShare > maximumShare }

    public static func summaries(_ samples: [ReferenceCurveSample]) -> [ReferencePhaseSummary] {
        var out: [ReferencePhaseSummary] = []
        var sums: [(share: Double, distance: Double)] = []
        for s in samples {
            if let last = out.last, last.phase == s.phase {
                out[out.count - 1].to = s.time
                out[out.count - 1].samples += 1
                out[out.count - 1].largestShare = max(last.largestShare, s.difference.share)
                sums[sums.count - 1].share += s.difference.share
                sums[sums.count - 1].distance += s.difference.meanDistance
            } else {
                out.append(ReferencePhaseSummary(phase: s.phase, from: s.time, to: s.time, samples: 1, meanShare: 0,
                                                 largestShare: s.difference.share, meanDistance: 0))
                sums.append((s.difference.share, s.difference.meanDistance))
            }
        }
        for i in out.indices {
            out[i].meanShare = sums[i].share / Double(out[i].samples)
            out[i].meanDistance = sums[i].distance / Double(out[i].samples)
        }
        return out
    }

    /// The default for `compare-video`'s gate: a phase fails when on average 2% of its pixels
    /// differ. Two recordings of the same timings differ by their encoding and a sub-frame phase,
    /// well under 1% (the `reference-check` script's agreeing phases); a hole 0.2 s late differs
    /// by 10% and more.
    public static let defaultMaximumShare = 0.02
}

/// The preview's frame times a curve samples: every 1/`fps` from 0 to `end`.
public func referenceCurveTimes(fps: Double, end: Double) -> [Double] {
    guard fps > 0, end >= 0 else { return [] }
    let count = Int((end * fps).rounded(.down)) + 1
    return (0..<count).map { Double($0) / fps }
}
