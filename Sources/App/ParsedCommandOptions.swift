import Formats
import Foundation
import Motion
import Scenes

// Each command's options as one typed value, parsed and checked once from its arguments. Command
// code reads these fields; only this file and CLITable.swift spell an option. The
// checks run in a fixed order, so a command line with several mistakes is told the same first one
// every time.

/// `splashlab state`.
public struct StateOptions {
    /// What it prints.
    public enum Mode: Equatable {
        /// The state at one time.
        case at(Double)
        /// Every property's value and velocity from `from` to `to` (nil: the end of the take) every `step`.
        case trace(from: Double, to: Double?, step: Double, json: Bool)
    }
    public var preview: PreviewOptions
    public var mode: Mode
    public var scriptPath: String?
    /// `--reference`: the recording's frame and its difference at the time, in a `reference` object.
    public var reference: ReferenceOptions?

    /// The time of `--at`, or a trace's start.
    public var time: Double {
        switch mode { case let .at(t): return t; case let .trace(from, _, _, _): return from }
    }

    public init(_ arguments: [String]) throws {
        let args = try ParsedArguments(arguments, command: "state")
        if args.has(.trace) {
            if args.has(.at) { throw args.mistake("--trace takes --from, --to and --step instead of --at") }
            let from = try args.double(.from, in: OptionBounds.previewTime, unit: " s") ?? 0
            let to = try args.double(.to, in: OptionBounds.previewTime, unit: " s")
            if let to, from > to { throw args.mistake("--from \(args.value(.from)!) is later than --to \(args.value(.to)!)") }
            let step = try args.double(.step, in: OptionBounds.traceStep, unit: " s") ?? 1.0 / 60
            if let to, (to - from) / step >= Double(OptionBounds.traceSamples) {
                throw args.mistake("--from \(JSONOutput.number(from).text) to --to \(JSONOutput.number(to).text) every \(JSONOutput.number(step).text) s is more than \(OptionBounds.grouped(OptionBounds.traceSamples)) samples: give a larger --step")
            }
            mode = .trace(from: from, to: to, step: step, json: args.has(.json))
        } else {
            if let stray = [CLIOption.from, .to, .step, .json].first(where: { args.has($0) }) {
                throw args.mistake("\(stray.name) belongs to a trace: add --trace")
            }
            guard args.has(.at) else { throw args.mistake("state needs --at SECONDS") }
            mode = .at(try args.double(.at, in: OptionBounds.previewTime, unit: " s")!)
        }
        preview = try PreviewOptions(args)
        scriptPath = args.value(.script)
        reference = try ReferenceOptions.parse(args)
        if reference != nil, args.has(.trace) { throw args.mistake("--reference shows the recording at one time: use --at, not --trace") }
        try ReferenceOptions.checkAlone(args, preview: preview)
    }
}

/// `splashlab lint`.
public struct LintOptions {
    public var preview: PreviewOptions
    public var scriptPath: String?
    public var json: Bool
    /// The thresholds given on the command line, by their declaration (`lint.popShare`); the timings
    /// file's `lint` section gives the rest.
    public var thresholds: [(parameter: TimingParameter, value: Double)]

    public init(_ arguments: [String]) throws {
        let args = try ParsedArguments(arguments, command: "lint")
        preview = try PreviewOptions(args)
        scriptPath = args.value(.script)
        json = args.has(.json)
        thresholds = []
        let names = TimingsSchema.parameters.filter(\.isLintThreshold).map { String($0.path.dropFirst(TimingsSchema.lintSection.count + 1)) }
        for operand in args.list(.threshold) ?? [] {
            let parts = operand.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0].hasPrefix(TimingsSchema.lintSection + ".") ? String(parts[0].dropFirst(TimingsSchema.lintSection.count + 1)) : parts[0]
            guard parts.count == 2, names.contains(name) else {
                throw args.mistake("\(CLIOption.threshold.name) takes NAME=VALUE with NAME one of \(names.joined(separator: ", ")) (got '\(abbreviatedForMessage(operand, quoted: false))')")
            }
            let path = TimingsSchema.lintSection + "." + name
            guard let v = Double(parts[1]), v.isFinite else {
                throw args.mistake("\(CLIOption.threshold.name) \(name) must be a number (got '\(abbreviatedForMessage(parts[1], quoted: false))')")
            }
            // The declaration's own range decides, as for the same value in the timings file.
            guard let parameter = TimingsSchema.parameter(path) else {
                throw args.mistake("\(CLIOption.threshold.name): \(path) is not a declared threshold")
            }
            if let problem = parameter.problem(with: .number(v)) { throw args.mistake("\(CLIOption.threshold.name): \(problem)") }
            thresholds.append((parameter, v))
        }
    }

    /// The timings file's `lint` section with the command line's thresholds over it.
    public func thresholds(over timings: Timings) throws -> Timings.Lint {
        var t = timings
        for (parameter, v) in thresholds { t = try parameter.setting(.number(v), in: t) }
        return t.lint
    }
}

/// What `render` and `record` both show: the preview, or each `--compare` file's, driven by the
/// script, at a scale, with the touch markers and burn-in asked for.
public struct ReviewSource {
    public var preview: PreviewOptions
    /// Pixels per point; the device's scale unless given.
    public var scale: Double
    /// `--compare`'s timings files, or nil for the one of `preview`.
    public var comparedFiles: [String]?
    public var scriptPath: String?
    public var showTouches: Bool
    public var burnIn: Bool
    /// `--comments`: a review's comments, shown in the burn-in strip (render, record) or carried
    /// into the page (review).
    public var commentsPath: String?
    /// The usage line, for the mistakes found later (a `--compare` file that is missing).
    public let usage: String

    /// Reads the rest of the shared options after `preview`, which each command reads at its own
    /// point among its other options.
    init(_ args: ParsedArguments, preview: PreviewOptions) throws {
        self.preview = preview
        usage = args.usage
        scale = try args.double(.scale, in: OptionBounds.scale) ?? preview.device.scale
        comparedFiles = try Self.checkedComparedFiles(args)
        scriptPath = args.value(.script)
        showTouches = args.has(.showTouches)
        burnIn = args.has(.burnIn)
        commentsPath = args.value(.comments)
    }

    /// The timings files `--compare` sets side by side, checked before any is read.
    static func checkedComparedFiles(_ args: ParsedArguments) throws -> [String]? {
        guard let paths = args.list(.compare) else { return nil }
        guard !args.has(.timings) else { throw args.mistake("--compare takes the timings files itself; leave out --timings") }
        guard paths.count >= OptionBounds.comparedFiles.lowerBound else {
            throw args.mistake("--compare needs two or more timings files to set side by side (got \(paths.count))")
        }
        guard paths.count <= OptionBounds.comparedFiles.upperBound else {
            throw args.mistake("--compare sets at most \(OptionBounds.comparedFiles.upperBound) timings files side by side (got \(paths.count))")
        }
        return paths
    }
}

/// `splashlab render`.
public struct RenderOptions {
    /// What the PNG shows.
    public enum Frames: Equatable {
        /// The preview at one time (each `--compare` variant's, side by side).
        case at(Double)
        /// The launch frame.
        case launch
        /// A grid of `count` frames from `from` to `to` (nil: the end of the splash).
        case filmstrip(from: Double, to: Double?, count: Int)
        /// The take's value and velocity graph from `from` to `to` (nil: the end of the take) of
        /// the properties by id (nil: those that move).
        case graph(from: Double, to: Double?, properties: [String]?)

        /// The time of the frame asked for (`--at`), if one.
        public var time: Double? { if case let .at(t) = self { return t } else { return nil } }
    }

    /// The PNG to write; nil only with `--launch --explain`, which then prints without drawing.
    public var out: String?
    public var frames: Frames
    public var review: ReviewSource
    /// `--explain`: list the launch screen's elements (as JSON with `--json`).
    public var explain: (on: Bool, json: Bool) = (false, false)
    /// `--reference`: the recording as the B side at `--at`.
    public var reference: ReferenceOptions?

    public init(_ arguments: [String]) throws {
        let args = try ParsedArguments(arguments, command: "render")
        let launch = args.has(.launch)
        explain = (args.has(.explain), args.has(.json))
        if explain.on && !launch { throw args.mistake("--explain lists the launch screen's elements: add --launch") }
        out = args.value(.out)
        if out == nil && !explain.on { throw args.mistake("render needs --out FILE.png (--launch --explain alone prints the launch screen's elements)") }
        if explain.json && !explain.on { throw args.mistake("render prints JSON only with --explain") }
        let filmstrip = args.has(.filmstrip)
        let compare = args.has(.compare)
        var graph: Frames?
        if args.has(.graph) {
            if let stray = [CLIOption.at, .count, .compare, .scale].first(where: { args.has($0) }) {
                throw args.mistake("--graph draws the take from --from to --to; leave out \(stray.name)")
            }
            if let stray = [CLIOption.launch, .filmstrip, .showTouches, .burnIn].first(where: { args.has($0) }) {
                throw args.mistake("--graph draws the take's graph; leave out \(stray.name)")
            }
            let from = try args.double(.from, in: OptionBounds.previewTime, unit: " s") ?? 0
            let to = try args.double(.to, in: OptionBounds.previewTime, unit: " s")
            if let to, from >= to { throw args.mistake("--from \(args.value(.from)!) must be earlier than --to \(args.value(.to)!)") }
            let properties = args.value(.properties).map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
            for id in properties ?? [] where MotionProperty.index(of: id) == nil {
                throw args.mistake("\(CLIOption.properties.name): unknown property '\(abbreviatedForMessage(id, quoted: false))'; properties: \(MotionProperty.all.map(\.id).joined(separator: ", "))")
            }
            graph = .graph(from: from, to: to, properties: properties)
        } else if args.has(.properties) {
            throw args.mistake("--properties chooses what --graph plots: add --graph")
        } else if filmstrip {
            guard !args.has(.at) && !launch else { throw args.mistake("--filmstrip takes --from, --to and --count instead of --at or --launch") }
            guard !compare else { throw args.mistake("--filmstrip shows one timings file; leave out --compare") }
        } else {
            guard launch != args.has(.at) else { throw args.mistake("render needs exactly one of --at SECONDS, --launch or --filmstrip") }
            if let stray = [CLIOption.from, .to, .count].first(where: { args.has($0) }) {
                throw args.mistake("\(stray.name) sets a filmstrip's frames: add --filmstrip")
            }
            if compare && launch { throw args.mistake("--compare shows the variants at a time: use --at SECONDS, not --launch") }
        }
        let t = try args.double(.at, in: OptionBounds.previewTime, unit: " s") ?? 0
        let count = try args.int(.count, in: OptionBounds.filmstripFrames) ?? 8
        let from = try args.double(.from, in: OptionBounds.previewTime, unit: " s") ?? 0
        let to = try args.double(.to, in: OptionBounds.previewTime, unit: " s")
        if let to, from > to { throw args.mistake("--from \(args.value(.from)!) is later than --to \(args.value(.to)!)") }
        frames = graph ?? (filmstrip ? .filmstrip(from: from, to: to, count: count) : launch ? .launch : .at(t))
        review = try ReviewSource(args, preview: try PreviewOptions(args))
        reference = try ReferenceOptions.parse(args)
        if reference != nil, let stray = [CLIOption.graph, .filmstrip, .launch].first(where: { args.has($0) }) {
            throw args.mistake("--reference shows the recording beside the preview at one time: use --at, not \(stray.name)")
        }
        try ReferenceOptions.checkAlone(args, preview: review.preview)
        if review.commentsPath != nil && !review.burnIn { throw args.mistake("--comments shows a comment in the burn-in strip: add --burn-in") }
    }

    /// A filmstrip's times: `count` evenly spaced from `from` to `to`, by default to the splash's end.
    public static func filmstripTimes(from: Double, to: Double?, count: Int, splashEnd: Double) -> [Double] {
        let to = to ?? max(splashEnd, from)
        return (0..<count).map { i in count == 1 ? from : from + (to - from) * Double(i) / Double(count - 1) }
    }
}

/// `splashlab record`.
public struct RecordOptions {
    public var out: String
    /// Frames per second of the video.
    public var fps: Double
    /// Slow motion: one of the window's playback rates.
    public var rate: Double
    /// Preview seconds to record; nil for the splash or the script and a little after.
    public var duration: Double?
    public var review: ReviewSource
    /// `--reference`: the recording as the B side of every frame, with the curve in the strip.
    public var reference: ReferenceOptions?

    public init(_ arguments: [String]) throws {
        let args = try ParsedArguments(arguments, command: "record")
        guard let out = args.value(.out) else { throw args.mistake("record needs --out FILE.mp4, FILE.gif or a folder") }
        try self.init(args, out: out)
        if review.commentsPath != nil && !review.burnIn { throw args.mistake("--comments shows a comment in the burn-in strip: add --burn-in") }
    }

    /// The options `record` and `review` share, the video written to `out`.
    init(_ args: ParsedArguments, out: String) throws {
        self.out = out
        let preview = try PreviewOptions(args)
        fps = try args.double(.fps, in: OptionBounds.fps) ?? 60
        rate = try Self.rate(args)
        review = try ReviewSource(args, preview: preview)
        duration = try args.positiveDouble(.duration, atMost: OptionBounds.recordingSeconds, unit: " s")
        reference = try ReferenceOptions.parse(args)
        try ReferenceOptions.checkAlone(args, preview: preview)
    }

    /// `--rate`: one of the window's playback rates (1, 0.5, 0.25, 0.1); anything else is refused,
    /// since only those give a whole number of frames per normal-speed frame.
    static func rate(_ args: ParsedArguments) throws -> Double {
        guard let text = args.value(.rate) else { return 1 }
        let allowed = WindowState.rates.map { JSONOutput.number($0).text }.joined(separator: ", ")
        guard let rate = Double(text), WindowState.rates.contains(rate) else {
            throw args.mistake("--rate must be one of \(allowed) (got '\(text)')")
        }
        return rate
    }

    /// Refuses a recording longer than `OptionBounds.recordingSeconds` of video, whether its
    /// duration was given or follows from the splash and the script (a script's last input may lie
    /// hours in).
    public func checkLength(duration: Double, stretch: Double) throws {
        let video = duration * stretch
        let limit = OptionBounds.recordingSeconds
        guard video > limit else { return }
        let seconds = { (v: Double) in JSONOutput.number(v).text + " s" }
        let minutes = "\(JSONOutput.number(limit / 60).text) minutes"
        let slowed = stretch == 1 ? "" : " slowed \(JSONOutput.number(stretch).text)× makes \(seconds(video)) of video"
        if self.duration != nil {
            throw UsageError(message: "--duration \(seconds(duration))\(slowed); the limit is \(seconds(limit)) of video (\(minutes))", usage: review.usage)
        }
        throw UsageError(message: "the recording would run \(seconds(duration)) (to the end of the splash or the script's last input, and 0.5 s more)\(slowed); the limit is \(seconds(limit)) of video (\(minutes)): give --duration", usage: review.usage)
    }
}

/// `splashlab review`: the take recorded as `record` records it, and a page around it.
public struct ReviewPageOptions {
    /// The folder written (index.html, review.mp4, review.json), or the HTML file with `--single-file`.
    public var out: String
    /// `--single-file`: the video and the data embedded in one HTML file.
    public var singleFile: Bool
    /// The recording's options; its `out` is set by the command to where the video is written.
    public var record: RecordOptions

    public init(_ arguments: [String]) throws {
        let args = try ParsedArguments(arguments, command: "review")
        singleFile = args.has(.singleFile)
        guard let out = args.value(.out) else {
            throw args.mistake(singleFile ? "review --single-file needs --out FILE.html" : "review needs --out DIR, the folder the page is written to")
        }
        if singleFile && !out.lowercased().hasSuffix(".html") { throw args.mistake("review --single-file writes one HTML file: --out must end in .html (got '\(abbreviatedForMessage(out, quoted: false))')") }
        if !singleFile && (out.lowercased().hasSuffix(".mp4") || out.lowercased().hasSuffix(".gif") || out.lowercased().hasSuffix(".html")) {
            throw args.mistake("review writes a folder (index.html, review.mp4, review.json): --out DIR, or --single-file --out FILE.html")
        }
        self.out = out
        record = try RecordOptions(args, out: out)
    }
}

/// `splashlab bench`.
public struct BenchOptions {
    public enum Mode {
        /// The motion math's and the playback's figures.
        case motion
        /// The real window at rest, measured for `seconds` in each state; the window takes
        /// `windowArguments`, the preview options, as `run` does.
        case idle(seconds: Double, windowArguments: [String])
        /// The real window's frames against a floor through a scripted session; the window
        /// takes `windowArguments`, as `run` does.
        case window(windowArguments: [String])
        /// The scripted scenario rendered `frames` times at `scale`.
        case frames(preview: PreviewOptions, scale: Double, frames: Int, csvPath: String?)
        /// Each intro file's frames drawn and timed.
        case intro(files: [String])
        /// One intro frame written as a PNG at the file's size times `scale`.
        case introFrame(file: String, frame: Int, scale: Double, out: String)
        /// A reference recording decoded once at the size the device is shown.
        case reference(file: String, preview: PreviewOptions)
    }

    public var mode: Mode

    public init(_ arguments: [String]) throws {
        let args = try ParsedArguments(arguments, command: "bench")
        if args.has(.motion) {
            mode = .motion
            return
        }
        if let files = args.list(.intro) {
            if let stray = [CLIOption.frames, .framesCSV, .idle, .seconds].first(where: { args.has($0) }) {
                throw args.mistake("--intro times the intro's frames; leave out \(stray.name)")
            }
            guard args.has(.introFrame) else {
                if let stray = [CLIOption.out, .scale].first(where: { args.has($0) }) { throw args.mistake("\(stray.name) is for --intro-frame") }
                mode = .intro(files: files)
                return
            }
            guard files.count == 1, let file = files.first else { throw args.mistake("--intro-frame writes one intro's frame: give one --intro FILE") }
            guard let out = args.value(.out) else { throw args.mistake("--intro-frame needs --out FILE.png") }
            mode = .introFrame(file: file, frame: try args.int(.introFrame, in: OptionBounds.introFrame) ?? 0,
                               scale: try args.double(.scale, in: OptionBounds.scale) ?? 1, out: out)
            return
        }
        if args.has(.introFrame) { throw args.mistake("--intro-frame needs --intro FILE") }
        if let file = args.value(.reference) {
            mode = .reference(file: file, preview: try PreviewOptions(args))
            return
        }
        if args.has(.idle) || args.has(.window) {
            if let scenarios = [CLIOption.frames, .framesCSV, .scale].first(where: { args.has($0) }) {
                throw args.mistake("\(args.has(.idle) ? "--idle" : "--window") measures the window; \(scenarios.name) is for the rendered scenario")
            }
            if args.has(.idle) && args.has(.window) { throw args.mistake("--idle measures the window at rest, --window while it works: give one") }
            var forwarded: [String] = []
            var i = 0
            while i < arguments.count {
                if arguments[i] == CLIOption.idle.name || arguments[i] == CLIOption.window.name { i += 1; continue }
                if arguments[i] == CLIOption.seconds.name { i += 2; continue }
                if arguments[i].hasPrefix(CLIOption.seconds.name + "=") { i += 1; continue }
                forwarded.append(arguments[i]); i += 1
            }
            if args.has(.window) {
                if args.has(.seconds) { throw args.mistake("--seconds is for --idle") }
                mode = .window(windowArguments: forwarded)
            } else {
                let seconds = try args.positiveDouble(.seconds, atMost: OptionBounds.idleSeconds.upperBound, unit: " s") ?? 5
                mode = .idle(seconds: seconds, windowArguments: forwarded)
            }
            return
        }
        if let idleOnly = [CLIOption.seconds, .inspector].first(where: { args.has($0) }) {
            throw args.mistake("\(idleOnly.name) is for --idle or --window")
        }
        let preview = try PreviewOptions(args)
        mode = .frames(preview: preview, scale: try args.double(.scale, in: OptionBounds.scale) ?? preview.device.scale,
                       frames: try args.int(.frames, in: OptionBounds.benchFrames) ?? Int(BenchScenario.duration * 60),
                       csvPath: args.value(.framesCSV))
    }
}

/// `splashlab curve SPEC`.
public struct CurveOptions {
    /// The SPEC as given, the plot's title.
    public var specText: String
    public var spec: MotionSpec
    /// How long the motion runs: the curve's span or the spring's settling time.
    public var span: Double
    /// The times to sample at: `--at`'s list, or `--samples` evenly spaced over `span`.
    public var times: [Double]
    public var plotPath: String?

    public init(_ arguments: [String]) throws {
        let args = try ParsedArguments(arguments, command: "curve", allowsPositionals: true)
        guard args.positionals.count == 1 else {
            throw args.mistake(args.positionals.isEmpty ? "curve needs a SPEC" : "curve takes one SPEC; quote it, e.g. \"cubic-bezier(0.4, 0, 0.2, 1)\"")
        }
        guard !(args.has(.samples) && args.has(.at)) else { throw args.mistake("give --samples or --at, not both") }
        specText = args.positionals[0]
        do { spec = try MotionSpec(parsing: specText) } catch let e as MotionError { throw args.mistake("bad curve spec: \(e)") }
        let samples = try args.int(.samples, in: OptionBounds.curveSamples) ?? 21
        guard let span = spec.simulation.totalDuration else { throw args.mistake("an undamped spring never settles; give it some damping") }
        self.span = span
        if let list = args.value(.at) {
            times = try list.split(separator: ",").map { part in
                let text = part.trimmingCharacters(in: .whitespaces)
                guard let v = Double(text), v.isFinite else { throw args.mistake("--at takes numbers separated by commas (got '\(text)')") }
                return v
            }
            guard !times.isEmpty else { throw args.mistake("--at needs at least one time") }
        } else {
            times = (0..<samples).map { span * Double($0) / Double(samples - 1) }
        }
        plotPath = args.value(.plot)
    }
}

/// `splashlab export WHAT`: the options after WHAT.
public struct ExportOptions {
    public var timingsPath: String?
    public var assetsDirectory: String?
    public var renderer: String?
    public var out: String?
    let args: ParsedArguments

    public init(_ arguments: [String]) throws {
        args = try ParsedArguments(arguments, command: "export")
        timingsPath = args.value(.timings)
        assetsDirectory = args.value(.assets)
        renderer = args.value(.renderer)
        out = args.value(.out)
    }

    /// Refuses the options of an export that writes files, for one that prints its text.
    public func checkPrintsToStandardOutput(_ what: String) throws {
        if let unused = [CLIOption.out, .renderer].first(where: { args.has($0) }) {
            throw args.mistake("export \(what) prints to standard output and takes only --timings and --assets (got \(unused.name))")
        }
    }

    /// The folder an export that writes files writes to.
    public func outputFolder(_ what: String) throws -> String {
        guard let out else { throw args.mistake("export \(what) needs --out DIR") }
        return out
    }
}

/// `splashlab export swiftui|css|compose`: the options after WHAT.
public struct PlatformExportOptions {
    public var preview: PreviewOptions
    /// `export css --html`: the page instead of the CSS alone.
    public var html: Bool
    /// Where `--html` writes the page; standard output without it.
    public var out: String?

    public init(_ what: String, _ arguments: [String]) throws {
        let args = try ParsedArguments(arguments, command: "export")
        html = args.has(.html)
        if html && what != "css" { throw args.mistake("--html goes with export css") }
        out = args.value(.out)
        if out != nil && !html { throw args.mistake("export \(what) prints to standard output; --out goes with export css --html") }
        preview = try PreviewOptions(args)
        // An export is a file to keep: the same text every time unless a seed is asked for.
        preview.seed = preview.seed ?? 0
    }
}

/// `splashlab timings`.
public struct TimingsOptions {
    public enum Mode: Equatable {
        /// Every tunable parameter as JSON.
        case schema
        /// README's table of them.
        case markdown
        /// The active timings file checked and printed back in full.
        case check(timingsPath: String?)
    }

    public var mode: Mode

    public init(_ arguments: [String]) throws {
        let args = try ParsedArguments(arguments, command: "timings")
        switch (args.has(.schema), args.has(.markdown)) {
        case (true, true): throw args.mistake("timings takes --schema or --markdown, not both")
        case (true, false): mode = .schema
        case (false, true): mode = .markdown
        case (false, false): mode = .check(timingsPath: args.value(.timings))
        }
    }
}

/// `splashlab make-assets`.
public struct MakeAssetsOptions {
    public var out: String

    public init(_ arguments: [String]) throws {
        let args = try ParsedArguments(arguments, command: "make-assets")
        guard let out = args.value(.out) else { throw args.mistake("make-assets needs --out DIR") }
        self.out = out
    }
}

/// `splashlab run`.
public struct RunOptions {
    public var preview: PreviewOptions
    /// Window pixels per point; nil for the workbench's default (about 90% of the desktop, the device as large as fits).
    public var windowScale: Double?
    /// The frame budget's rate; nil for the display's.
    public var fps: Double?
    public var framesCSVPath: String?
    /// Whether the inspector shows; nil for when the desktop has room for it.
    public var inspector: Bool?
    public var replayPath: String?
    public var saveTo: String?
    public var stateOutPath: String?
    public var uiDumpPath: String?
    /// `--comments`: a review's comments, pinned on the timeline's ruler and listed in the inspector.
    public var commentsPath: String?
    public var hud: Bool
    /// `--reference`: a screen recording as the B side of every compare mode.
    public var reference: ReferenceOptions?
    /// `--compare-mode` given: the window opens comparing the preview with the reference so.
    public var compareOnOpen = false

    public init(_ arguments: [String]) throws {
        let args = try ParsedArguments(arguments, command: "run")
        preview = try PreviewOptions(args)
        windowScale = try args.double(.windowScale, in: OptionBounds.scale)
        fps = try args.double(.fps, in: OptionBounds.fps)
        framesCSVPath = args.value(.framesCSV)
        if let value = args.value(.inspector) {
            guard value == "on" || value == "off" else { throw args.mistake("--inspector must be on or off (got '\(value)')") }
            inspector = value == "on"
        }
        replayPath = args.value(.replay)
        saveTo = args.value(.saveTo)
        stateOutPath = args.value(.stateOut)
        uiDumpPath = args.value(.uiDump)
        commentsPath = args.value(.comments)
        hud = args.has(.hud)
        reference = try ReferenceOptions.parse(args)
        compareOnOpen = reference != nil && args.has(.compareMode)
    }
}

extension CLI {
    /// The `record` command line that renders a window's capture offline: its script, seed and
    /// length, and the window's own options that change what is drawn.
    public static func captureCommand(video: String, script: String, seed: UInt64, duration: Double, showTouches: Bool,
                                      windowArguments: [String]) -> [String] {
        ["record", CLIOption.out.name, video, CLIOption.script.name, script, CLIOption.seed.name, String(seed),
         CLIOption.duration.name, JSONOutput.number(duration).text]
            + forwardedToCapture(windowArguments) + (showTouches ? [CLIOption.showTouches.name] : [])
    }
}

/// `splashlab layout FILE [--device D] [--orientation O] [--json]`: every scene of a storyboard or
/// xib laid out, on the file's own design device unless `--device` names another.
public struct LayoutOptions {
    public let path: String
    /// Nil: the file's own design device.
    public let device: Device?
    public let json: Bool

    public init(_ arguments: [String]) throws {
        let args = try ParsedArguments(arguments, command: "layout", allowsPositionals: true)
        guard args.positionals.count == 1, let path = args.positionals.first else {
            throw args.mistake(args.positionals.isEmpty ? "layout needs a storyboard or xib: layout FILE" : "layout takes one file (got \(args.positionals.count))")
        }
        self.path = path
        json = args.has(.json)
        var orientation = Orientation.portrait
        if let o = args.value(.orientation) {
            guard let parsed = Orientation(rawValue: o) else { throw args.mistake("unknown orientation '\(o)'; expected portrait or landscape") }
            orientation = parsed
        }
        if let name = args.value(.device) {
            guard let device = Device.named(name, orientation: orientation) else {
                throw UsageError(message: "unknown device '\(name)'; devices: \(Device.names.joined(separator: ", "))", usage: nil)
            }
            self.device = device
        } else {
            device = nil
        }
    }
}

/// `splashlab devices`: no options.
public struct DevicesOptions {
    public init(_ arguments: [String]) throws { _ = try ParsedArguments(arguments, command: "devices") }
}

extension CLI {
    /// `--help` or `-h` anywhere on a command line.
    public static func asksForHelp(_ arguments: [String]) -> Bool { arguments.contains("--help") || arguments.contains("-h") }

    /// The flag that prints the version, alone after the program's name (`splashlab --version`).
    public static let versionFlag = "--version"

    /// `splashlab --version`: the flag alone on the command line.
    public static func asksForVersion(_ arguments: [String]) -> Bool { arguments == [versionFlag] }
}
