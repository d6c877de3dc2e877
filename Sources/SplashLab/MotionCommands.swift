import App
import Formats
import Foundation
import Geometry
import Motion
import Render
import Scenes

/// `state --trace`: every animated property's value and velocity, from the model, at
/// `--from` + k × `--step` up to `--to`, as CSV or (`--json`) JSON.
func traceCommand(_ args: ParsedArguments, usage: String) throws -> Int32 {
    if args.values["--at"] != nil { throw UsageError(message: "--trace takes --from, --to and --step instead of --at", usage: usage) }
    let session = try makeSession(try PreviewOptions(args, usage: usage))
    let events = try args.values["--script"].map { try InputScript.load(path: $0).events } ?? []
    let from = try args.double("--from", in: OptionBounds.previewTime, unit: " s", usage: usage) ?? 0
    let to = try args.double("--to", in: OptionBounds.previewTime, unit: " s", usage: usage)
        ?? max(MotionLint.takeDuration(initial: session.preview, log: events), from)
    guard from <= to else { throw UsageError(message: "--from \(args.values["--from"]!) is later than --to \(args.values["--to"] ?? JSONOutput.number(to).text)", usage: usage) }
    let step = try args.double("--step", in: OptionBounds.traceStep, unit: " s", usage: usage) ?? 1.0 / 60
    guard (to - from) / step < Double(OptionBounds.traceSamples) else {
        throw UsageError(message: "--from \(JSONOutput.number(from).text) to --to \(JSONOutput.number(to).text) every \(JSONOutput.number(step).text) s is more than \(OptionBounds.grouped(OptionBounds.traceSamples)) samples: give a larger --step", usage: usage)
    }
    let samples = MotionTrace.samples(initial: session.preview, log: events, times: MotionTrace.times(from: from, to: to, step: step))
    session.reportWarnings()
    try printOutput(args.flags.contains("--json") ? MotionTrace.json(samples).text : MotionTrace.csv(samples))
    return 0
}

/// `splashlab lint`: plays the take on the model and reports what `MotionLint` finds. Exit 0
/// when clean, 1 with findings.
func lintCommand(_ arguments: [String]) throws -> Int32 {
    let usage = CLI.usage("lint")
    let args = try ParsedArguments(arguments, command: "lint")
    let session = try makeSession(try PreviewOptions(args, usage: usage))
    let events = try args.values["--script"].map { try InputScript.load(path: $0).events } ?? []
    let thresholds = try lintThresholds(args, base: session.timings.lint, usage: usage)
    let outline = try ImageLibrary.logoOutline(catalog: session.catalog)
    let device = session.options.device
    let report = MotionLint.run(initial: session.preview, log: events, thresholds: thresholds) { hole in
        HoleGeometry.coversScreen(outline, hole: hole, width: device.width, height: device.height)
    }
    session.reportWarnings()
    try printOutput(args.flags.contains("--json") ? report.json.text : report.text)
    return report.isClean ? 0 : ExitCode.failure
}

/// The timings file's `lint` section, with any threshold the command line gives instead.
func lintThresholds(_ args: ParsedArguments, base: Timings.Lint, usage: String) throws -> Timings.Lint {
    var t = base
    let flags: [(String, String, WritableKeyPath<Timings.Lint, Double>)] = [
        ("--pop-share", "lint.popShare", \.popShare), ("--velocity-jump-share", "lint.velocityJumpShare", \.velocityJumpShare),
        ("--overshoot-share", "lint.overshootShare", \.overshootShare), ("--settle-budget", "lint.settleBudget", \.settleBudget),
    ]
    for (flag, path, key) in flags {
        guard let v = try args.double(flag, in: OptionBounds.lintThreshold, usage: usage) else { continue }
        // The declaration's own range decides, as for the same value in the timings file.
        if let problem = TimingsSchema.parameter(path)?.problem(with: .number(v)) {
            throw UsageError(message: "\(flag): \(problem)", usage: usage)
        }
        t[keyPath: key] = v
    }
    return t
}
