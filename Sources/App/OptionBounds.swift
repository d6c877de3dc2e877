import Formats

/// The most work each option may ask for. Every bound is generous for real use and far below
/// what would run for hours or exhaust memory; `--help` and README state them, from here.
public enum OptionBounds {
    /// A preview time (`--at`, `--from`, `--to`): up to the latest time a script may reach, 24 hours.
    public static let previewTime = 0...InputEvent.timeLimit
    /// The longest recording, in seconds of video (`--duration` stretched by `--rate`): 10
    /// minutes, at 240 fps 144,000 frames. A review clip is seconds long; an hour of frames at
    /// 60 fps would take the encoder most of a day under software GL.
    public static let recordingSeconds = 600.0
    /// Frames per second of a video or of the window's frame budget: 1 to 240, the fastest
    /// displays sold.
    public static let fps = 1.0...240.0
    /// Pixels per point (`--scale`, `--window-scale`): 0.1 to 4. Devices are @2x and @3x; 4
    /// leaves room for zooming in, and past it an iPad frame passes H.264's 8192 px.
    public static let scale = 0.1...4.0
    /// When the simulated feed load completes, in seconds: up to a minute, a very slow network.
    public static let feedLatency = 0...60.0
    /// The step of `state --trace`, in seconds: down to 0.1 ms (10,000 samples a second, past any
    /// display) and up to an hour.
    public static let traceStep = 0.0001...3600.0
    /// The samples one trace may print: a million rows (about 300 MB of CSV).
    public static let traceSamples = 1_000_000
    /// The filmstrip's frames: up to 64, an 8x8 sheet; each one is a device-sized tile.
    public static let filmstripFrames = 1...64
    /// The timings files `--compare` sets side by side: 2 to 8, each a full device frame in one row.
    public static let comparedFiles = 2...8
    /// `bench --frames`: 10 (enough for a median) to 36,000, ten minutes at 60 fps.
    public static let benchFrames = 10...36_000
    /// Any frame of the longest intro `LottieDocument` accepts.
    public static let introFrame = 0...Int(LottieDocument.maximumFrames)
    /// `bench --idle --seconds`: how long each state is measured, up to ten minutes.
    public static let idleSeconds = 0...600.0
    /// `curve --samples`: up to 100,000 rows of CSV. (`curve --at`'s list is one argument, which
    /// Linux holds to 128 KiB, so at most some 65,000 times.)
    public static let curveSamples = 2...100_000

    /// A bound as `--help` says it: "0.1 to 4".
    public static func text(_ range: ClosedRange<Double>) -> String { "\(number(range.lowerBound)) to \(number(range.upperBound))" }
    public static func text(_ range: ClosedRange<Int>) -> String { "\(grouped(range.lowerBound)) to \(grouped(range.upperBound))" }

    public static func number(_ v: Double) -> String { JSONOutput.number(v).text }

    /// 36000 as "36,000", as the help's prose writes numbers.
    public static func grouped(_ n: Int) -> String { groupedDigits(n) }
}
