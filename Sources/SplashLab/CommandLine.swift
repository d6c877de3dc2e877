import Formats
import Foundation
import Render
import Scenes

/// A mistake in how the command was called: printed with the usage, exit code 2.
struct UsageError: Error {
    var message: String
    var usage: String?
}

/// Parsed `--name value` options and `--flag`s of one subcommand.
struct ParsedArguments {
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []

    /// Parses against the options a subcommand accepts; anything else is a usage error naming the
    /// valid choices. Only a command that takes operands (`curve SPEC`) allows positionals.
    init(_ arguments: [String], valueOptions: [String], flagOptions: [String], usage: String, allowsPositionals: Bool = false) throws {
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            if a.hasPrefix("--") {
                var name = a, inlineValue: String?
                if let eq = a.firstIndex(of: "=") { name = String(a[..<eq]); inlineValue = String(a[a.index(after: eq)...]) }
                if valueOptions.contains(name) {
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

    func double(_ name: String, allowNegative: Bool = false, usage: String) throws -> Double? {
        guard let text = values[name] else { return nil }
        guard let v = Double(text), v.isFinite else { throw UsageError(message: "\(name) must be a number of seconds or a plain number (got '\(text)')", usage: usage) }
        if !allowNegative && v < 0 { throw UsageError(message: "\(name) must not be negative (got \(text))", usage: usage) }
        return v
    }

    func positiveDouble(_ name: String, usage: String) throws -> Double? {
        guard let v = try double(name, usage: usage) else { return nil }
        guard v > 0 else { throw UsageError(message: "\(name) must be greater than 0 (got \(values[name]!))", usage: usage) }
        return v
    }

    func int(_ name: String, minimum: Int, usage: String) throws -> Int? {
        guard let text = values[name] else { return nil }
        guard let v = Int(text), v >= minimum else { throw UsageError(message: "\(name) must be a whole number ≥ \(minimum) (got '\(text)')", usage: usage) }
        return v
    }
}

/// The options every preview command shares: which device, which timings, which splash.
extension PreviewOptions {
    static let valueOptions = ["--device", "--orientation", "--seed", "--feed-latency", "--timings", "--assets", "--renderer"]
    static let flagOptions = ["--reduce-motion", "--skip-splash"]

    init(_ args: ParsedArguments, usage: String) throws {
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
        feedLatency = try args.double("--feed-latency", usage: usage) ?? 0.8
        reduceMotion = args.flags.contains("--reduce-motion")
        skipSplash = args.flags.contains("--skip-splash")
        timingsPath = args.values["--timings"]
        assetsDirectory = args.values["--assets"]
        renderer = args.values["--renderer"]
    }
}

/// A preview session from the command line's options, with the built-in assets found beside the
/// executable.
func makeSession(_ options: PreviewOptions) throws -> PreviewSession {
    guard let dir = AssetCatalog.locateBuiltIn(executablePath: CommandLine.arguments[0]) else {
        throw RenderError("cannot find the built-in Assets folder (looked beside the executable and in ./Assets); set SPLASHLAB_ASSETS=/path/to/Assets")
    }
    return try PreviewSession(options, builtInAssets: dir)
}
