import Formats
import Foundation
import Motion
import Render
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
    public var takesMany = false
    public var isFlag: Bool { value == nil }
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
        CLICommand(name: "lint", summary: "check a take's motion on the model: pops, velocity jumps at interruptions, overshoot, settling, the splash's end; exit 1 with findings", operands: "",
                   examples: ["splashlab lint --script session.json", "splashlab lint --timings my-timings.json --json"]),
        CLICommand(name: "devices", summary: "list the device presets", operands: "", examples: ["splashlab devices"]),
        CLICommand(name: "curve", summary: "print a timing curve or spring as CSV, or plot it", operands: "SPEC",
                   examples: ["splashlab curve \"cubic-bezier(0.25, 0.1, 0.25, 1)\" --samples 11",
                              "splashlab curve \"spring(response: 0.5, dampingFraction: 0.825)\" --plot spring.png"]),
        CLICommand(name: "timings", summary: "check a timings file, or print every tunable parameter (JSON schema or README's table)", operands: "",
                   examples: ["splashlab timings --schema", "splashlab timings --markdown", "splashlab timings --timings my-timings.json"]),
        CLICommand(name: "bench", summary: "print performance figures as JSON: the scripted scenario against its floor, or the motion math", operands: "",
                   examples: ["splashlab bench --device iphone-se --frames 600", "splashlab bench --motion", "xvfb-run -a splashlab bench --idle"]),
        CLICommand(name: "export", summary: "tuned values back to iOS: Swift code for the timings, or the launch frame for every device", operands: "swift|launch",
                   examples: ["splashlab export swift --timings my-timings.json > SplashTimings.swift", "splashlab export launch --out launch-images"]),
        CLICommand(name: "make-assets", summary: "regenerate the built-in art (logo, splash texts, photos) into a folder", operands: "",
                   examples: ["splashlab make-assets --out /tmp/art"]),
    ]

    public static let options: [CLIOption] = [
        CLIOption(name: "--device", value: "NAME", help: "iphone-se (default), iphone-15, iphone-15-pro-max, ipad-air-11",
                  commands: preview + ["bench"], forwardedToCapture: true),
        CLIOption(name: "--orientation", value: "O", help: "portrait (default) or landscape", commands: preview + ["bench"], forwardedToCapture: true),
        CLIOption(name: "--seed", value: "N", help: "fixes the splash text variant and the feed's content", commands: preview, forwardedToCapture: false),
        CLIOption(name: "--feed-latency", value: "SECONDS", help: "when the simulated feed load completes, \(OptionBounds.text(OptionBounds.feedLatency)) s (default 0.8)", commands: preview, forwardedToCapture: true),
        CLIOption(name: "--reduce-motion", value: nil, help: "a still splash and a cross-fade, as with Reduce Motion on", commands: preview, forwardedToCapture: true),
        CLIOption(name: "--skip-splash", value: nil, help: "start at the feed", commands: preview, forwardedToCapture: true),
        CLIOption(name: "--timings", value: "FILE", help: "timings file (default: Assets/timings.json)",
                  commands: preview + ["export", "timings"], forwardedToCapture: true),
        CLIOption(name: "--assets", value: "DIR", help: "your splash assets; anything missing comes from the built-in Assets",
                  commands: preview + ["export"], forwardedToCapture: true),
        CLIOption(name: "--renderer", value: "NAME", help: "opengles2, opengl or software", commands: preview + ["bench", "export"], forwardedToCapture: true),
        CLIOption(name: "--script", value: "FILE", help: "play a JSON input script (up to --at)", commands: ["render", "state", "record", "lint"], forwardedToCapture: false),
        CLIOption(name: "--at", value: "SECONDS", help: "the preview time of the frame, \(OptionBounds.text(OptionBounds.previewTime)) s (curve: t1,t2,... to sample at)", commands: ["render", "state", "curve"], forwardedToCapture: false),
        CLIOption(name: "--launch", value: nil, help: "the launch frame alone", commands: ["render"], forwardedToCapture: false),
        CLIOption(name: "--out", value: "PATH", help: "where to write: a PNG, a video, or a folder", commands: ["render", "record", "export", "make-assets"], forwardedToCapture: false),
        CLIOption(name: "--scale", value: "S", help: "pixels per point, \(OptionBounds.text(OptionBounds.scale)) (default: the device's scale)", commands: ["render", "record", "bench"], forwardedToCapture: false),
        CLIOption(name: "--duration", value: "SECONDS", help: "how much preview time to record (default: the splash or the script, and 0.5 s more); at most \(OptionBounds.number(OptionBounds.recordingSeconds)) s of video, slow motion included", commands: ["record"], forwardedToCapture: false),
        CLIOption(name: "--fps", value: "N", help: "frames per second, \(OptionBounds.text(OptionBounds.fps)) (record: of the video, default 60; run: the frame budget, default the display's)", commands: ["record", "run"], forwardedToCapture: false),
        CLIOption(name: "--show-touches", value: nil, help: "draw the pointer's presses, drags and releases as finger circles over the device",
                  commands: ["render", "record"], forwardedToCapture: false),
        CLIOption(name: "--burn-in", value: nil, help: "a strip outside the device with time, phase, rate, device and the timings file's name and hash",
                  commands: ["render", "record"], forwardedToCapture: false),
        CLIOption(name: "--compare", value: "FILE", help: "\(OptionBounds.text(OptionBounds.comparedFiles)) timings files side by side, same script and seed, frame-locked and labelled",
                  commands: ["render", "record"], forwardedToCapture: false, takesMany: true),
        CLIOption(name: "--rate", value: "R", help: "slow motion in the file: 1, 0.5, 0.25 or 0.1 (1/R times the frames)", commands: ["record"], forwardedToCapture: false),
        CLIOption(name: "--filmstrip", value: nil, help: "a grid of --count frames from --from to --to, each labelled with its time and phase", commands: ["render"], forwardedToCapture: false),
        CLIOption(name: "--from", value: "SECONDS", help: "the filmstrip's, trace's or graph's first time, \(OptionBounds.text(OptionBounds.previewTime)) s (default 0)", commands: ["render", "state"], forwardedToCapture: false),
        CLIOption(name: "--to", value: "SECONDS", help: "the filmstrip's, trace's or graph's last time, \(OptionBounds.text(OptionBounds.previewTime)) s (default: the end of the splash, or of the script's motion)", commands: ["render", "state"], forwardedToCapture: false),
        CLIOption(name: "--count", value: "N", help: "how many frames the filmstrip shows, \(OptionBounds.text(OptionBounds.filmstripFrames)) (default 8)", commands: ["render"], forwardedToCapture: false),
        CLIOption(name: "--window-scale", value: "S", help: "window size in pixels per point, \(OptionBounds.text(OptionBounds.scale)) (default: the largest up to 1 that fits)", commands: ["run"], forwardedToCapture: false),
        CLIOption(name: "--hud", value: nil, help: "start with the frame-budget HUD", commands: ["run"], forwardedToCapture: false),
        CLIOption(name: "--frames-csv", value: "FILE", help: "write every frame's timings as CSV (run: on quit)", commands: ["run", "bench"], forwardedToCapture: false),
        CLIOption(name: "--replay", value: "SCRIPT", help: "play an input script in the window", commands: ["run"], forwardedToCapture: false),
        CLIOption(name: "--inspector", value: "on|off", help: "the inspector beside the device (default: on when the desktop has room for both)",
                  commands: ["run", "bench"], forwardedToCapture: false),
        CLIOption(name: "--save-to", value: "FILE", help: "where Ctrl+S writes (default: the --timings file, or ./timings.json for the built-in defaults)",
                  commands: ["run"], forwardedToCapture: false),
        CLIOption(name: "--state-out", value: "FILE", help: "write the `state` JSON of what the window shows, ten times a second (for soak tests)",
                  commands: ["run"], forwardedToCapture: false),
        CLIOption(name: "--ui-dump", value: "FILE", help: "write the view (inspector, tools, A / B), the device viewport and every inspector control's place and value as JSON whenever they change",
                  commands: ["run"], forwardedToCapture: false),
        CLIOption(name: "--frames", value: "N", help: "how many frames the scenario is rendered in, \(OptionBounds.text(OptionBounds.benchFrames)) (default 600)", commands: ["bench"], forwardedToCapture: false),
        CLIOption(name: "--motion", value: nil, help: "the motion math's and the playback's figures instead of frames", commands: ["bench"], forwardedToCapture: false),
        CLIOption(name: "--idle", value: nil, help: "open the real window at rest and print its CPU and frames drawn (needs a display, e.g. xvfb-run)",
                  commands: ["bench"], forwardedToCapture: false),
        CLIOption(name: "--seconds", value: "S", help: "how long --idle measures each state, in seconds, up to \(OptionBounds.number(OptionBounds.idleSeconds.upperBound)) (default 5)", commands: ["bench"], forwardedToCapture: false),
        CLIOption(name: "--samples", value: "N", help: "how many evenly spaced samples, \(OptionBounds.text(OptionBounds.curveSamples)) (default 21)", commands: ["curve"], forwardedToCapture: false),
        CLIOption(name: "--plot", value: "FILE.png", help: "draw the curve to a PNG", commands: ["curve"], forwardedToCapture: false),
        CLIOption(name: "--schema", value: nil, help: "every tunable parameter as JSON: key path, kind, unit, range, slider, step and decimals, spring, default, doc; and the splash tracks", commands: ["timings"], forwardedToCapture: false),
        CLIOption(name: "--markdown", value: nil, help: "the same as README's table", commands: ["timings"], forwardedToCapture: false),
        CLIOption(name: "--trace", value: nil, help: "every animated property's value and velocity from --from to --to every --step, as CSV", commands: ["state"], forwardedToCapture: false),
        CLIOption(name: "--step", value: "SECONDS", help: "the trace's step, \(OptionBounds.text(OptionBounds.traceStep)) s (default 1/60)", commands: ["state"], forwardedToCapture: false),
        CLIOption(name: "--json", value: nil, help: "print as JSON (state --trace: the samples; lint: the findings and interruptions)", commands: ["state", "lint"], forwardedToCapture: false),
        CLIOption(name: "--graph", value: nil, help: "the take's value and velocity graph (the window's Graph view) instead of a frame", commands: ["render"], forwardedToCapture: false),
        CLIOption(name: "--properties", value: "IDS", help: "which properties the graph plots, comma-separated (default: those that move)", commands: ["render"], forwardedToCapture: false),
        CLIOption(name: "--pop-share", value: "S", help: "lint.popShare for this run: an unexplained change between 240 Hz frames, as a share of the property's range", commands: ["lint"], forwardedToCapture: false),
        CLIOption(name: "--velocity-jump-share", value: "S", help: "lint.velocityJumpShare for this run: a start velocity off the expected one, as a share of the travel per second", commands: ["lint"], forwardedToCapture: false),
        CLIOption(name: "--overshoot-share", value: "S", help: "lint.overshootShare for this run: passing an end, as a share of the travel", commands: ["lint"], forwardedToCapture: false),
        CLIOption(name: "--settle-budget", value: "SECONDS", help: "lint.settleBudget for this run: the longest a motion started by input may take to settle", commands: ["lint"], forwardedToCapture: false),
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

/// Parsed `--name value` options and `--flag`s of one subcommand.
public struct ParsedArguments {
    public var positionals: [String] = []
    public var values: [String: String] = [:]
    public var flags: Set<String> = []
    /// Every operand of an option that takes many (`--compare A B C`), in order.
    public var lists: [String: [String]] = [:]

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

    public func double(_ name: String, allowNegative: Bool = false, usage: String) throws -> Double? {
        guard let text = values[name] else { return nil }
        guard let v = Double(text), v.isFinite else { throw UsageError(message: "\(name) must be a number of seconds or a plain number (got '\(text)')", usage: usage) }
        if !allowNegative && v < 0 { throw UsageError(message: "\(name) must not be negative (got \(text))", usage: usage) }
        return v
    }

    public func positiveDouble(_ name: String, usage: String) throws -> Double? {
        guard let v = try double(name, usage: usage) else { return nil }
        guard v > 0 else { throw UsageError(message: "\(name) must be greater than 0 (got \(values[name]!))", usage: usage) }
        return v
    }

    /// A number within `bounds` (one of `OptionBounds`); `unit` follows the bound in the message,
    /// e.g. " s". NaN, infinities and text are refused as by `double`.
    public func double(_ name: String, in bounds: ClosedRange<Double>, unit: String = "", usage: String) throws -> Double? {
        // Below a lower bound of 0 the message stays "must not be negative"; below any other, it names the bound.
        guard let v = try double(name, allowNegative: bounds.lowerBound != 0, usage: usage) else { return nil }
        try check(name, v, in: bounds, unit: unit, usage: usage)
        return v
    }

    /// A number above 0 and at most `bounds.upperBound`.
    public func positiveDouble(_ name: String, atMost bound: Double, unit: String = "", usage: String) throws -> Double? {
        guard let v = try positiveDouble(name, usage: usage) else { return nil }
        try check(name, v, in: 0...bound, unit: unit, usage: usage)
        return v
    }

    /// A whole number within `bounds`.
    public func int(_ name: String, in bounds: ClosedRange<Int>, usage: String) throws -> Int? {
        guard let text = values[name] else { return nil }
        guard let v = Int(text) else {
            throw UsageError(message: "\(name) must be a whole number from \(OptionBounds.text(bounds)) (got '\(abbreviatedForMessage(text, quoted: false))')", usage: usage)
        }
        guard v >= bounds.lowerBound else { throw UsageError(message: "\(name) must be at least \(OptionBounds.grouped(bounds.lowerBound)) (got \(v))", usage: usage) }
        guard v <= bounds.upperBound else { throw UsageError(message: "\(name) must be at most \(OptionBounds.grouped(bounds.upperBound)) (got \(v))", usage: usage) }
        return v
    }

    private func check(_ name: String, _ v: Double, in bounds: ClosedRange<Double>, unit: String, usage: String) throws {
        let given = values[name].map { abbreviatedForMessage($0, quoted: false) } ?? OptionBounds.number(v)
        guard v >= bounds.lowerBound else {
            throw UsageError(message: "\(name) must be at least \(OptionBounds.number(bounds.lowerBound))\(unit) (got \(given))", usage: usage)
        }
        guard v <= bounds.upperBound else {
            throw UsageError(message: "\(name) must be at most \(OptionBounds.number(bounds.upperBound))\(unit) (got \(given))", usage: usage)
        }
    }
}

/// The options every preview command shares: which device, which timings, which splash.
extension PreviewOptions {
    public init(_ args: ParsedArguments, usage: String) throws {
        self.init(device: Device.named(Device.defaultName)!)
        let name = args.values["--device"] ?? Device.defaultName
        var orientation = Orientation.portrait
        if let o = args.values["--orientation"] {
            guard let parsed = Orientation(rawValue: o) else {
                throw UsageError(message: "unknown orientation '\(o)'; expected portrait or landscape", usage: usage)
            }
            orientation = parsed
        }
        guard let device = Device.named(name, orientation: orientation) else {
            throw UsageError(message: "unknown device '\(name)'; devices: \(Device.names.joined(separator: ", "))", usage: nil)
        }
        self.device = device
        if let s = args.values["--seed"] {
            guard let v = UInt64(s) else { throw UsageError(message: "--seed must be a whole number ≥ 0 (got '\(s)')", usage: usage) }
            seed = v
        }
        feedLatency = try args.double("--feed-latency", in: OptionBounds.feedLatency, unit: " s", usage: usage) ?? 0.8
        reduceMotion = args.flags.contains("--reduce-motion")
        skipSplash = args.flags.contains("--skip-splash")
        timingsPath = args.values["--timings"]
        assetsDirectory = args.values["--assets"]
        renderer = args.values["--renderer"]
    }
}

/// A preview session from the command line's options, with the built-in assets found beside the
/// executable.
public func makeSession(_ options: PreviewOptions) throws -> PreviewSession {
    guard let dir = AssetCatalog.locateBuiltIn(executablePath: CommandLine.arguments[0]) else {
        throw RenderError("cannot find the built-in Assets folder (looked beside the executable and in ./Assets); set SPLASHLAB_ASSETS=/path/to/Assets")
    }
    return try PreviewSession(options, builtInAssets: dir)
}
