// The command line: every command and option is declared once here, and each command's options
// are parsed once into a typed value (ParsedCommandOptions.swift) whose fields the command reads.
//
// To add an option:
// 1. Declare it in the `extension CLIOption` below: `public static let trace = CLIOption(name:
//    "--trace", value: nil, help: "...", commands: ["state"], forwardedToCapture: false)`. A flag
//    has `value: nil`; an option with an operand names it (`value: "FILE"`); `takesMany: true`
//    takes every operand up to the next option. `forwardedToCapture: true` passes it from a
//    window to the offline render of its capture (it must change what is drawn).
// 2. Add it to `CLI.options`, where `--help`, the usage lines and README's table list it.
// 3. Add a field to the command's options (`StateOptions`...) and set it in its `init` from the
//    parsed arguments: `args.has(.trace)`, `args.value(.out)`, `args.list(.compare)`, or a checked
//    number with `args.double(.at, in: OptionBounds.previewTime, unit: " s")` and `args.int`
//    (bounds live in OptionBounds). A mistake is `throw args.mistake("...")`: exit code 2, with
//    the usage line.
// 4. Paste `splashlab help options` into README's option table (a test compares them).
// A new command is a `CLICommand` in `CLI.commands`, an options struct in ParsedCommandOptions.swift
// and a case in main.swift.

import Exports
import Formats
import Foundation
import Motion
import Scenes

/// A mistake in how the command was called: printed with the usage, exit code 2.
public struct UsageError: Error {
    public var message: String
    public var usage: String?
    public init(message: String, usage: String?) { self.message = message; self.usage = usage }
}

// MARK: - The table of commands and options

/// One command-line option: its name, the value it takes (nil for a flag), what it does, which
/// commands accept it, and whether a window passes it on to the offline render of a capture.
/// Parsing, usage lines, `--help` and that forwarding all read `CLI.options`.
public struct CLIOption: Sendable {
    public let name: String
    public let value: String?
    public let help: String
    public let commands: [String]
    public let forwardedToCapture: Bool
    /// Takes every operand up to the next option (`--compare A.json B.json C.json`).
    public var takesMany: Bool
    public var isFlag: Bool { value == nil }
    public init(name: String, value: String?, help: String, commands: [String], forwardedToCapture: Bool, takesMany: Bool = false) {
        self.name = name; self.value = value; self.help = help; self.forwardedToCapture = forwardedToCapture; self.takesMany = takesMany
        // `review` records the take as `record` does and writes the page around it: every option of
        // `record` is one of its options too, declared once.
        self.commands = commands.contains("record") && !commands.contains("review") ? commands + ["review"] : commands
    }
    /// The option as a usage line shows it: `--out PATH`, `--compare FILE...`, `--hud`.
    public var synopsis: String { value.map { "\(name) \($0)\(takesMany ? "..." : "")" } ?? name }
}

/// One command: its name, a one-line summary, its operands, and examples.
public struct CLICommand: Sendable {
    public let name: String
    public let summary: String
    /// Positional operands in the usage line, e.g. `SPEC`; empty for none.
    public let operands: String
    public let examples: [String]
}

public enum CLI {
    static let preview = ["run", "render", "state", "record", "lint"]

    public static let commands: [CLICommand] = [
        CLICommand(name: "run", summary: "open the preview window (the default)", operands: "",
                   examples: ["splashlab run --device iphone-15 --window-scale 0.75"]),
        CLICommand(name: "render", summary: "write one frame as a PNG, headless", operands: "",
                   examples: ["splashlab render --at 2.3 --out frame.png", "splashlab render --launch --out launch.png",
                              "splashlab render --compare a.json b.json --at 0.2 --out ab.png",
                              "splashlab render --filmstrip --from 2 --to 2.6 --count 8 --out sheet.png"]),
        CLICommand(name: "state", summary: "print what is on screen at a time, as JSON", operands: "",
                   examples: ["splashlab state --at 2.3 --device iphone-se"]),
        CLICommand(name: "record", summary: "render a video (mp4 or gif through ffmpeg) or a PNG sequence at a fixed step, headless", operands: "",
                   examples: ["splashlab record --out splash.mp4 --duration 3 --fps 30",
                              "splashlab record --out review.gif --script capture.json --skip-splash",
                              "splashlab record --out review.mp4 --script capture.json --show-touches --burn-in",
                              "splashlab record --compare a.json b.json --out ab.mp4",
                              "splashlab record --out slow.mp4 --rate 0.25"]),
        CLICommand(name: "review", summary: "record the take and write a review page around it: a folder (index.html, review.mp4, review.json) that works from file:// alone",
                   operands: "",
                   examples: ["splashlab review --out review --script capture.json --burn-in",
                              "splashlab review --out ab --compare a.json b.json --comments comments.json",
                              "splashlab review --out review.html --single-file"]),
        CLICommand(name: "compare-video", summary: "a screen recording of the real app against the preview: the offset found, the difference curve per phase; exit 1 when a phase differs past --max-difference", operands: "FILE",
                   examples: ["splashlab compare-video app.mov --device iphone-15", "splashlab compare-video app.mov --reference-offset 0.4 --csv > curve.csv"]),
        CLICommand(name: "lint", summary: "check a take's motion on the model: pops, velocity jumps at interruptions, overshoot, settling, the splash's end; exit 1 with findings", operands: "",
                   examples: ["splashlab lint --script session.json", "splashlab lint --timings my-timings.json --json"]),
        CLICommand(name: "devices", summary: "list the device presets and every iPhone and iPad by its Interface Builder id", operands: "", examples: ["splashlab devices"]),
        CLICommand(name: "layout", summary: "lay out every scene of a storyboard or xib and print each view's frame in its superview, naming where it disagrees with the frame Interface Builder saved", operands: "FILE",
                   examples: ["splashlab layout Main.storyboard", "splashlab layout Cell.xib --device retina6_12 --json"]),
        CLICommand(name: "curve", summary: "print a timing curve or spring as CSV, or plot it", operands: "SPEC",
                   examples: ["splashlab curve \"cubic-bezier(0.25, 0.1, 0.25, 1)\" --samples 11",
                              "splashlab curve \"spring(response: 0.5, dampingFraction: 0.825)\" --plot spring.png"]),
        CLICommand(name: "timings", summary: "check a timings file, or print every tunable parameter (JSON schema or README's table)", operands: "",
                   examples: ["splashlab timings --schema", "splashlab timings --markdown", "splashlab timings --timings my-timings.json"]),
        CLICommand(name: "bench", summary: "print performance figures as JSON: the scripted scenario against its floor, the motion math, or an intro's frames", operands: "",
                   examples: ["splashlab bench --device iphone-se --frames 600", "splashlab bench --motion", "xvfb-run -a splashlab bench --idle",
                              "splashlab bench --intro intro.json", "splashlab bench --intro intro.json --intro-frame 30 --out frame30.png"]),
        CLICommand(name: "export", summary: "tuned values back to the platforms: UIKit, SwiftUI, CSS (or a page) and Compose code, or the launch frame for every device",
                   operands: ExportTargets.standard.names.joined(separator: "|"),
                   examples: ["splashlab export swift --timings my-timings.json > SplashTimings.swift", "splashlab export swiftui > SplashView.swift",
                              "splashlab export css --html --seed 3 --out splash.html", "splashlab export compose > Splash.kt",
                              "splashlab export launch --out launch-images"]),
        CLICommand(name: "make-assets", summary: "regenerate the built-in art (logo, splash texts, photos) into a folder", operands: "",
                   examples: ["splashlab make-assets --out /tmp/art"]),
        CLICommand(name: "completion", summary: "print the shell's completion script; splashlab help man prints the man page",
                   operands: CompletionShell.allCases.map(\.rawValue).joined(separator: "|"),
                   examples: ["source <(splashlab completion bash)", "splashlab completion fish > ~/.config/fish/completions/splashlab.fish"]),
    ]

    /// Every option, in the order `--help` and README list them.
    public static let options: [CLIOption] = [
        .device, .orientation, .seed, .feedLatency, .reduceMotion, .skipSplash, .timings, .assets,
        .project, .target, .logoView, .explain, .appearance, .screen, .renderer, .script, .at, .launch, .html, .out, .scale, .duration, .fps,
        .showTouches, .burnIn, .compare, .comments, .singleFile, .rate, .filmstrip, .from, .to, .count,
        .windowScale, .hud, .framesCSV, .replay, .inspector, .saveTo, .stateOut, .uiDump,
        .frames, .intro, .introDark, .introFrame, .motion, .idle, .window, .seconds, .samples, .plot, .schema, .markdown,
        .trace, .step, .json, .graph, .properties, .threshold, .referenceOffset, .csv, .maxDifference, .reference, .compareMode,
    ]

    public static func options(for command: String) -> [CLIOption] { options.filter { $0.commands.contains(command) } }

    /// `usage: splashlab COMMAND [OPTIONS]` with every option the command takes.
    public static func usage(_ command: String) -> String {
        guard let c = commands.first(where: { $0.name == command }) else {
            return "usage: splashlab [\(commands.map(\.name).joined(separator: "|"))] [OPTIONS]; splashlab --help for more"
        }
        let parts = options(for: command).map { "[\($0.synopsis)]" }
        return (["usage: splashlab \(command)"] + (c.operands.isEmpty ? [] : [c.operands]) + parts).joined(separator: " ")
    }

    /// `splashlab --help`: every command with its examples, then every option with the commands that take it.
    public static var helpText: String {
        var lines = ["splashlab: preview iOS launch choreography", "", "usage: splashlab [COMMAND] [OPTIONS]", "", "commands:"]
        let width = (commands.map(\.name.count).max() ?? 0) + 2
        for c in commands {
            lines.append("  " + c.name.padding(toLength: width, withPad: " ", startingAt: 0) + " " + c.summary)
            for e in c.examples { lines.append(String(repeating: " ", count: width + 5) + e) }
        }
        lines += ["", "options:"]
        let optionWidth = (options.map(\.synopsis.count).max() ?? 0) + 2
        for o in options {
            lines.append("  " + o.synopsis.padding(toLength: optionWidth, withPad: " ", startingAt: 0) + " " + o.help + " (" + o.commands.joined(separator: ", ") + ")")
        }
        lines += ["", "splashlab COMMAND --help prints one command's options; splashlab help keys, the window's keys."]
        return lines.joined(separator: "\n")
    }

    /// `splashlab COMMAND --help`.
    public static func help(for command: String) -> String {
        guard let c = commands.first(where: { $0.name == command }) else { return helpText }
        var lines = ["splashlab \(c.name): \(c.summary)", "", usage(command), ""]
        let mine = options(for: command)
        if !mine.isEmpty {
            lines.append("options:")
            let width = (mine.map(\.synopsis.count).max() ?? 0) + 2
            for o in mine { lines.append("  " + o.synopsis.padding(toLength: width, withPad: " ", startingAt: 0) + " " + o.help) }
            lines.append("")
        }
        lines.append("examples:")
        lines += c.examples.map { "  " + $0 }
        return lines.joined(separator: "\n")
    }

    /// README's table of options.
    public static var markdown: String {
        (["| option | commands | meaning |", "|---|---|---|"] + options.map { o in
            let name = "`\(o.synopsis)`"
            return "| \(name) | \(o.commands.joined(separator: ", ")) | \(o.help.replacingOccurrences(of: "|", with: "\\|")) |"
        }).joined(separator: "\n")
    }

    /// The options of a window's command line that its capture's offline render needs too.
    public static func forwardedToCapture(_ arguments: [String]) -> [String] {
        var out: [String] = []
        var i = 0
        while i < arguments.count {
            var name = arguments[i], inline: String?
            if let eq = name.firstIndex(of: "=") { inline = String(name[name.index(after: eq)...]); name = String(name[..<eq]) }
            if let o = options.first(where: { $0.name == name }), o.forwardedToCapture {
                if o.isFlag { out.append(name) } else if let inline { out += [name, inline] } else if i + 1 < arguments.count { out += [name, arguments[i + 1]]; i += 1 }
            } else if let o = options.first(where: { $0.name == name }), !o.isFlag, inline == nil {
                i += 1
            }
            i += 1
        }
        return out
    }
}

// MARK: - The options

/// Each option's one declaration. Command code refers to an option as `.device`, never by its
/// spelling.
extension CLIOption {
    public static let device = CLIOption(name: "--device", value: "NAME", help: "iphone-se (default), iphone-15, iphone-15-pro-max, ipad-air-11, or an Interface Builder device id (retina4_7, retina6_1, ipad12_9rounded…; splashlab devices lists them); layout: the file's own device by default",
                                       commands: CLI.preview + ["bench", "export", "compare-video", "layout"], forwardedToCapture: true)
    public static let orientation = CLIOption(name: "--orientation", value: "O", help: "portrait (default) or landscape", commands: CLI.preview + ["bench", "export", "layout"], forwardedToCapture: true)
    public static let seed = CLIOption(name: "--seed", value: "N", help: "fixes the splash text variant and the feed's content", commands: CLI.preview + ["export", "compare-video"], forwardedToCapture: false)
    public static let feedLatency = CLIOption(name: "--feed-latency", value: "SECONDS", help: "when the simulated feed load completes, \(OptionBounds.text(OptionBounds.feedLatency)) s (default 0.8)", commands: CLI.preview, forwardedToCapture: true)
    public static let reduceMotion = CLIOption(name: "--reduce-motion", value: nil, help: "a still splash and a cross-fade, as with Reduce Motion on", commands: CLI.preview, forwardedToCapture: true)
    public static let skipSplash = CLIOption(name: "--skip-splash", value: nil, help: "start at the feed", commands: CLI.preview, forwardedToCapture: true)
    public static let timings = CLIOption(name: "--timings", value: "FILE", help: "timings file (default: Assets/timings.json)",
                                       commands: CLI.preview + ["export", "timings", "compare-video"], forwardedToCapture: true)
    public static let assets = CLIOption(name: "--assets", value: "DIR", help: "your splash assets; anything missing comes from the built-in Assets",
                                       commands: CLI.preview + ["export"], forwardedToCapture: true)
    public static let project = CLIOption(name: "--project", value: "PATH", help: "your Xcode project (its folder or any folder in it, an .xcodeproj or an .xcworkspace): its launch screen, as iOS draws it",
                                          commands: CLI.preview + ["export"], forwardedToCapture: true)
    public static let target = CLIOption(name: "--target", value: "NAME", help: "with --project: the application target whose launch screen is shown (default: the first iOS app, with a warning listing the others)",
                                         commands: CLI.preview + ["export"], forwardedToCapture: true)
    public static let logoView = CLIOption(name: "--logo-view", value: "ID", help: "with --project: the launch screen's image view the intro grows, by its Interface Builder id (default: the largest)",
                                           commands: CLI.preview, forwardedToCapture: true)
    public static let explain = CLIOption(name: "--explain", value: nil, help: "with --launch: list every element of the launch screen, its frame, what drew it and what was skipped and why (--json for JSON)",
                                          commands: ["render"], forwardedToCapture: false)
    public static let appearance = CLIOption(name: "--appearance", value: "A", help: "light (default) or dark: the launch screen's and named colours' appearance; light,dark puts both side by side (render, record)",
                                             commands: CLI.preview, forwardedToCapture: true)
    public static let screen = CLIOption(name: "--screen", value: "FILE", help: "your first screen (PNG) under the hole instead of the mock feed; several: the window cycles them with N",
                                         commands: CLI.preview, forwardedToCapture: true, takesMany: true)
    public static let renderer = CLIOption(name: "--renderer", value: "NAME", help: "opengles2, opengl or software", commands: CLI.preview + ["bench", "export"], forwardedToCapture: true)
    public static let script = CLIOption(name: "--script", value: "FILE", help: "play a JSON input script (up to --at)", commands: ["render", "state", "record", "lint", "compare-video"], forwardedToCapture: false)
    public static let at = CLIOption(name: "--at", value: "SECONDS", help: "the preview time of the frame, \(OptionBounds.text(OptionBounds.previewTime)) s (curve: t1,t2,... to sample at)", commands: ["render", "state", "curve"], forwardedToCapture: false)
    public static let launch = CLIOption(name: "--launch", value: nil, help: "the launch screen alone, from its sources (never the intro's frame 0)", commands: ["render"], forwardedToCapture: false)
    public static let html = CLIOption(name: "--html", value: nil, help: ExportTargets.standard.all.filter(\.writesPage).map { "export \($0.name)" }.joined(separator: ", ") + ": a self-contained page that plays the splash (to --out FILE or standard output)", commands: ["export"], forwardedToCapture: false)
    public static let out = CLIOption(name: "--out", value: "PATH", help: "where to write: a PNG, a video, or a folder (review: the page's folder)", commands: ["render", "record", "export", "make-assets", "bench"], forwardedToCapture: false)
    public static let scale = CLIOption(name: "--scale", value: "S", help: "pixels per point, \(OptionBounds.text(OptionBounds.scale)) (default: the device's scale)", commands: ["render", "record", "bench", "compare-video"], forwardedToCapture: false)
    public static let duration = CLIOption(name: "--duration", value: "SECONDS", help: "how much preview time to record (default: the splash or the script, and 0.5 s more); at most \(OptionBounds.number(OptionBounds.recordingSeconds)) s of video, slow motion included", commands: ["record"], forwardedToCapture: false)
    public static let fps = CLIOption(name: "--fps", value: "N", help: "frames per second, \(OptionBounds.text(OptionBounds.fps)) (record: of the video, default 60; run: the frame budget, default the display's)", commands: ["record", "run"], forwardedToCapture: false)
    public static let showTouches = CLIOption(name: "--show-touches", value: nil, help: "draw the pointer's presses, drags and releases as finger circles over the device",
                                       commands: ["render", "record"], forwardedToCapture: false)
    public static let burnIn = CLIOption(name: "--burn-in", value: nil, help: "a strip outside the device with time, phase, rate, device and the timings file's name and hash",
                                       commands: ["render", "record"], forwardedToCapture: false)
    public static let compare = CLIOption(name: "--compare", value: "FILE", help: "\(OptionBounds.text(OptionBounds.comparedFiles)) timings files side by side, same script and seed, frame-locked and labelled",
                                       commands: ["render", "record"], forwardedToCapture: false, takesMany: true)
    public static let comments = CLIOption(name: "--comments", value: "FILE", help: "a review's comments.json: pins on the timeline and a list in the inspector (run), the comment of the last 2 s in the burn-in strip (render, record), carried into the page (review)",
                                        commands: ["run", "render", "record"], forwardedToCapture: false)
    public static let singleFile = CLIOption(name: "--single-file", value: nil, help: "one HTML file with the video and the data embedded, written to --out FILE.html", commands: ["review"], forwardedToCapture: false)
    public static let rate = CLIOption(name: "--rate", value: "R", help: "slow motion in the file: 1, 0.5, 0.25 or 0.1 (1/R times the frames)", commands: ["record"], forwardedToCapture: false)
    public static let filmstrip = CLIOption(name: "--filmstrip", value: nil, help: "a grid of --count frames from --from to --to, each labelled with its time and phase", commands: ["render"], forwardedToCapture: false)
    public static let from = CLIOption(name: "--from", value: "SECONDS", help: "the filmstrip's, trace's or graph's first time, \(OptionBounds.text(OptionBounds.previewTime)) s (default 0)", commands: ["render", "state"], forwardedToCapture: false)
    public static let to = CLIOption(name: "--to", value: "SECONDS", help: "the filmstrip's, trace's or graph's last time, \(OptionBounds.text(OptionBounds.previewTime)) s (default: the end of the splash, or of the script's motion)", commands: ["render", "state"], forwardedToCapture: false)
    public static let count = CLIOption(name: "--count", value: "N", help: "how many frames the filmstrip shows, \(OptionBounds.text(OptionBounds.filmstripFrames)) (default 8)", commands: ["render"], forwardedToCapture: false)
    public static let windowScale = CLIOption(name: "--window-scale", value: "S", help: "window size in pixels per point, \(OptionBounds.text(OptionBounds.scale)) (default: the window takes about 90% of the desktop and the device the largest scale that fits beside the tools)", commands: ["run"], forwardedToCapture: false)
    public static let hud = CLIOption(name: "--hud", value: nil, help: "start with the frame-budget HUD", commands: ["run"], forwardedToCapture: false)
    public static let framesCSV = CLIOption(name: "--frames-csv", value: "FILE", help: "write every frame's timings as CSV (run: on quit)", commands: ["run", "bench"], forwardedToCapture: false)
    public static let replay = CLIOption(name: "--replay", value: "SCRIPT", help: "play an input script in the window", commands: ["run"], forwardedToCapture: false)
    public static let inspector = CLIOption(name: "--inspector", value: "on|off", help: "the workbench's tools beside the device: properties panel and timeline dock (default: on)",
                                       commands: ["run", "bench"], forwardedToCapture: false)
    public static let saveTo = CLIOption(name: "--save-to", value: "FILE", help: "where Ctrl+S writes (default: the --timings file, or ./timings.json for the built-in defaults)",
                                       commands: ["run"], forwardedToCapture: false)
    public static let stateOut = CLIOption(name: "--state-out", value: "FILE", help: "write the `state` JSON of what the window shows, ten times a second (for soak tests)",
                                       commands: ["run"], forwardedToCapture: false)
    public static let uiDump = CLIOption(name: "--ui-dump", value: "FILE", help: "write the view (inspector, tools, A / B), the device viewport and every inspector control's place and value as JSON whenever they change",
                                       commands: ["run"], forwardedToCapture: false)
    public static let frames = CLIOption(name: "--frames", value: "N", help: "how many frames the scenario is rendered in, \(OptionBounds.text(OptionBounds.benchFrames)) (default 600)", commands: ["bench"], forwardedToCapture: false)
    public static let intro = CLIOption(name: "--intro", value: "FILE",
                                        help: "an intro file played after the launch screen (Lottie .json or .lottie, GIF, mp4, mov; default: the assets' intro.*); with bench, each Lottie file's milliseconds a frame at the size an iPhone 15 Pro Max's whole screen shows in a 1920×1080 workbench",
                                        commands: CLI.preview + ["bench"], forwardedToCapture: true, takesMany: true)
    public static let introDark = CLIOption(name: "--intro-dark", value: "FILE", help: "the intro file played in dark appearance (default: the assets' intro-dark.*, else --intro)",
                                            commands: CLI.preview, forwardedToCapture: true)
    public static let introFrame = CLIOption(name: "--intro-frame", value: "N", help: "with one --intro: write its frame N (0 is its first) as a PNG to --out at its own size times --scale (default 1), instead of timing it",
                                             commands: ["bench"], forwardedToCapture: false)
    public static let motion = CLIOption(name: "--motion", value: nil, help: "the motion math's and the playback's figures instead of frames", commands: ["bench"], forwardedToCapture: false)
    public static let idle = CLIOption(name: "--idle", value: nil, help: "open the real window at rest and print its CPU and frames drawn (needs a display, e.g. xvfb-run)",
                                       commands: ["bench"], forwardedToCapture: false)
    public static let window = CLIOption(name: "--window", value: nil, help: "drive the real window through the splash, a panel drag and the Graph view, and print each phase's frame cost against a full-window clear and present in the same window (needs a display)",
                                         commands: ["bench"], forwardedToCapture: false)
    public static let seconds = CLIOption(name: "--seconds", value: "S", help: "how long --idle measures each state, in seconds, up to \(OptionBounds.number(OptionBounds.idleSeconds.upperBound)) (default 5)", commands: ["bench"], forwardedToCapture: false)
    public static let samples = CLIOption(name: "--samples", value: "N", help: "how many evenly spaced samples, \(OptionBounds.text(OptionBounds.curveSamples)) (default 21)", commands: ["curve"], forwardedToCapture: false)
    public static let plot = CLIOption(name: "--plot", value: "FILE.png", help: "draw the curve to a PNG", commands: ["curve"], forwardedToCapture: false)
    public static let schema = CLIOption(name: "--schema", value: nil, help: "every tunable parameter as JSON: key path, kind, unit, range, slider, step and decimals, spring, default, doc; and the splash tracks", commands: ["timings"], forwardedToCapture: false)
    public static let markdown = CLIOption(name: "--markdown", value: nil, help: "the same as README's table", commands: ["timings"], forwardedToCapture: false)
    public static let trace = CLIOption(name: "--trace", value: nil, help: "every animated property's value and velocity from --from to --to every --step, as CSV", commands: ["state"], forwardedToCapture: false)
    public static let step = CLIOption(name: "--step", value: "SECONDS", help: "the trace's step, \(OptionBounds.text(OptionBounds.traceStep)) s (default 1/60)", commands: ["state"], forwardedToCapture: false)
    public static let json = CLIOption(name: "--json", value: nil, help: "print as JSON (state --trace: the samples; lint: the findings and interruptions; render --launch --explain: the elements; layout: every view's frame)", commands: ["state", "lint", "render", "layout"], forwardedToCapture: false)
    public static let graph = CLIOption(name: "--graph", value: nil, help: "the take's value and velocity graph (the window's Graph view) instead of a frame", commands: ["render"], forwardedToCapture: false)
    public static let properties = CLIOption(name: "--properties", value: "IDS", help: "which properties the graph plots, comma-separated (default: those that move)", commands: ["render"], forwardedToCapture: false)
    public static let threshold = CLIOption(name: "--threshold", value: "NAME=VALUE", help: "a threshold of the timings file's lint section for this run: popShare, velocityJumpShare, overshootShare or settleBudget (s)", commands: ["lint"], forwardedToCapture: false, takesMany: true)
    public static let referenceOffset = CLIOption(name: "--reference-offset", value: "S", help: "where the preview's time 0 lies in the recording, in seconds (default: found at the cut from the launch screen to the intro)",
                                                  commands: ["run", "render", "state", "record", "compare-video"], forwardedToCapture: false)
    public static let csv = CLIOption(name: "--csv", value: nil, help: "print the difference curve as CSV: time, phase, share of differing 2×2 pixel blocks, mean colour distance", commands: ["compare-video"], forwardedToCapture: false)
    public static let maxDifference = CLIOption(name: "--max-difference", value: "PERCENT", help: "a phase fails when on average more than this share of its 2×2 pixel blocks differ, 0 to 100 (default 2)",
                                                commands: ["compare-video"], forwardedToCapture: false)
    public static let reference = CLIOption(name: "--reference", value: "FILE", help: "a screen recording of the real app as the B side, frame-locked: in the window every compare mode's (V), render and record beside the preview (--compare-mode), state's reference object; bench: decoded once at the size --device is shown in a 1920×1080 workbench, the time and memory as JSON",
                                            commands: ["run", "render", "state", "record", "bench"], forwardedToCapture: false)
    public static let compareMode = CLIOption(name: "--compare-mode", value: "MODE", help: "with --reference: split (side by side, the default), wipe (the preview left of the middle, the recording right), overlay (the recording at half opacity) or difference (|preview − recording|); run: the window opens comparing so",
                                              commands: ["run", "render", "record"], forwardedToCapture: false)
}

/// Parsed `--name value` options and `--flag`s of one subcommand. The command's typed options
/// (`StateOptions`, `RenderOptions`...) read it once through the accessors below, which take an
/// option's declaration rather than its spelling.
public struct ParsedArguments {
    public var positionals: [String] = []
    public var values: [String: String] = [:]
    public var flags: Set<String> = []
    /// Every operand of an option that takes many (`--compare A B C`), in order.
    public var lists: [String: [String]] = [:]
    /// The command's usage line, printed under each mistake.
    public let usage: String

    /// Parses a command's arguments against the options `CLI.options` lists for it.
    public init(_ arguments: [String], command: String, allowsPositionals: Bool = false) throws {
        let mine = CLI.options(for: command)
        try self.init(arguments, valueOptions: mine.filter { !$0.isFlag }.map(\.name), flagOptions: mine.filter(\.isFlag).map(\.name),
                      listOptions: mine.filter(\.takesMany).map(\.name), usage: CLI.usage(command), allowsPositionals: allowsPositionals)
    }

    /// Parses against the options a subcommand accepts; anything else is a usage error naming the
    /// valid choices. Only a command that takes operands (`curve SPEC`) allows positionals.
    init(_ arguments: [String], valueOptions: [String], flagOptions: [String], listOptions: [String] = [], usage: String,
         allowsPositionals: Bool = false) throws {
        self.usage = usage
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            if a.hasPrefix("--") {
                var name = a, inlineValue: String?
                if let eq = a.firstIndex(of: "=") { name = String(a[..<eq]); inlineValue = String(a[a.index(after: eq)...]) }
                if listOptions.contains(name) {
                    var operands = inlineValue.map { [$0] } ?? []
                    while i + 1 < arguments.count && !arguments[i + 1].hasPrefix("--") { operands.append(arguments[i + 1]); i += 1 }
                    guard !operands.isEmpty else { throw UsageError(message: "\(name) needs a value", usage: usage) }
                    lists[name, default: []] += operands
                    values[name] = lists[name]!.first
                } else if valueOptions.contains(name) {
                    if let inlineValue { values[name] = inlineValue }
                    else {
                        guard i + 1 < arguments.count else { throw UsageError(message: "\(name) needs a value", usage: usage) }
                        values[name] = arguments[i + 1]
                        i += 1
                    }
                } else if flagOptions.contains(name) && inlineValue == nil {
                    flags.insert(name)
                } else {
                    let valid = (valueOptions + flagOptions).sorted().joined(separator: " ")
                    throw UsageError(message: "unknown option \(name); valid options: \(valid.isEmpty ? "none" : valid)", usage: usage)
                }
            } else {
                guard allowsPositionals else { throw UsageError(message: "unexpected argument '\(a)'", usage: usage) }
                positionals.append(a)
            }
            i += 1
        }
    }

    /// The text given to an option that takes a value, or nil when it was left out.
    public func value(_ option: CLIOption) -> String? { values[option.name] }

    /// Whether the command line has the option, as a flag or with a value.
    public func has(_ option: CLIOption) -> Bool { flags.contains(option.name) || values[option.name] != nil }

    /// Every operand of an option that takes many, or nil when it was left out.
    public func list(_ option: CLIOption) -> [String]? { lists[option.name] }

    /// A usage error with this command's usage line.
    public func mistake(_ message: String) -> UsageError { UsageError(message: message, usage: usage) }

    public func double(_ option: CLIOption, allowNegative: Bool = false) throws -> Double? {
        guard let text = value(option) else { return nil }
        guard let v = Double(text), v.isFinite else { throw mistake("\(option.name) must be a number of seconds or a plain number (got '\(text)')") }
        if !allowNegative && v < 0 { throw mistake("\(option.name) must not be negative (got \(text))") }
        return v
    }

    public func positiveDouble(_ option: CLIOption) throws -> Double? {
        guard let v = try double(option) else { return nil }
        guard v > 0 else { throw mistake("\(option.name) must be greater than 0 (got \(value(option)!))") }
        return v
    }

    /// A number within `bounds` (one of `OptionBounds`); `unit` follows the bound in the message,
    /// e.g. " s". NaN, infinities and text are refused as by `double`.
    public func double(_ option: CLIOption, in bounds: ClosedRange<Double>, unit: String = "") throws -> Double? {
        // Below a lower bound of 0 the message stays "must not be negative"; below any other, it names the bound.
        guard let v = try double(option, allowNegative: bounds.lowerBound != 0) else { return nil }
        try check(option, v, in: bounds, unit: unit)
        return v
    }

    /// A number above 0 and at most `bounds.upperBound`.
    public func positiveDouble(_ option: CLIOption, atMost bound: Double, unit: String = "") throws -> Double? {
        guard let v = try positiveDouble(option) else { return nil }
        try check(option, v, in: 0...bound, unit: unit)
        return v
    }

    /// A whole number within `bounds`.
    public func int(_ option: CLIOption, in bounds: ClosedRange<Int>) throws -> Int? {
        guard let text = value(option) else { return nil }
        let name = option.name
        guard let v = Int(text) else {
            throw mistake("\(name) must be a whole number from \(OptionBounds.text(bounds)) (got '\(abbreviatedForMessage(text, quoted: false))')")
        }
        guard v >= bounds.lowerBound else { throw mistake("\(name) must be at least \(OptionBounds.grouped(bounds.lowerBound)) (got \(v))") }
        guard v <= bounds.upperBound else { throw mistake("\(name) must be at most \(OptionBounds.grouped(bounds.upperBound)) (got \(v))") }
        return v
    }

    private func check(_ option: CLIOption, _ v: Double, in bounds: ClosedRange<Double>, unit: String) throws {
        let given = value(option).map { abbreviatedForMessage($0, quoted: false) } ?? OptionBounds.number(v)
        guard v >= bounds.lowerBound else {
            throw mistake("\(option.name) must be at least \(OptionBounds.number(bounds.lowerBound))\(unit) (got \(given))")
        }
        guard v <= bounds.upperBound else {
            throw mistake("\(option.name) must be at most \(OptionBounds.number(bounds.upperBound))\(unit) (got \(given))")
        }
    }
}

/// The options every preview command shares: which device, which timings, which splash.
extension PreviewOptions {
    public init(_ args: ParsedArguments) throws {
        self.init(device: Device.named(Device.defaultName)!)
        let name = args.value(.device) ?? Device.defaultName
        var orientation = Orientation.portrait
        if let o = args.value(.orientation) {
            guard let parsed = Orientation(rawValue: o) else {
                throw args.mistake("unknown orientation '\(o)'; expected portrait or landscape")
            }
            orientation = parsed
        }
        guard let device = Device.named(name, orientation: orientation) else {
            throw UsageError(message: "unknown device '\(name)'; devices: \(Device.names.joined(separator: ", "))", usage: nil)
        }
        self.device = device
        if let s = args.value(.seed) {
            guard let v = UInt64(s) else { throw args.mistake("\(CLIOption.seed.name) must be a whole number ≥ 0 (got '\(s)')") }
            seed = v
        }
        feedLatency = try args.double(.feedLatency, in: OptionBounds.feedLatency, unit: " s") ?? 0.8
        reduceMotion = args.has(.reduceMotion)
        skipSplash = args.has(.skipSplash)
        timingsPath = args.value(.timings)
        assetsDirectory = args.value(.assets)
        renderer = args.value(.renderer)
        projectDirectory = args.value(.project)
        projectTarget = args.value(.target)
        logoView = args.value(.logoView)
        if logoView != nil && projectDirectory == nil { throw args.mistake("\(CLIOption.logoView.name) chooses an image view of --project's launch screen: add --project PATH") }
        if projectTarget != nil && projectDirectory == nil { throw args.mistake("\(CLIOption.target.name) chooses a target of --project: add --project PATH") }
        if let a = args.value(.appearance) {
            let parsed = a.split(separator: ",", omittingEmptySubsequences: false).map { Appearance(rawValue: String($0)) }
            guard !parsed.isEmpty, parsed.count <= 2, let all = parsed as? [Appearance], Set(all).count == all.count else {
                throw args.mistake("\(CLIOption.appearance.name) must be light, dark, or light,dark for both side by side (got '\(abbreviatedForMessage(a, quoted: false))')")
            }
            appearances = all
            appearance = all[0]
        }
        screenPaths = args.list(.screen) ?? []
        if let files = args.list(.intro) {
            guard files.count == 1 else { throw args.mistake("\(CLIOption.intro.name) takes one file here (got \(files.count)); bench times several") }
            introPath = files[0]
        }
        introDarkPath = args.value(.introDark)
    }
}

