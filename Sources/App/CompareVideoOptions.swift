import Foundation
import Formats
import Motion
import Scenes

/// `splashlab compare-video FILE`: a screen recording of the real app against the preview drawn
/// by the options `render` takes.
public struct CompareVideoOptions {
    public var referencePath: String
    public var preview: PreviewOptions
    /// Pixels per point of the comparison; the device's scale unless given.
    public var scale: Double
    public var scriptPath: String?
    /// Where preview time 0 lies in the recording; nil to find it.
    public var referenceOffset: Double?
    public var csv: Bool
    /// The mean share (0…1) of differing pixels past which a phase fails.
    public var maximumShare: Double
    public let usage: String

    /// An offset further than the longest recording read, either way, cannot be meant.
    public static let offsetBounds = -ReferenceRecordingLimits.maximumDuration...ReferenceRecordingLimits.maximumDuration

    /// A comparison of the preview `preview` draws with a recording, as `render`, `state` and
    /// `record` make one for `--reference`.
    public init(referencePath: String, preview: PreviewOptions, scale: Double, scriptPath: String?, referenceOffset: Double?) {
        self.referencePath = referencePath
        self.preview = preview
        self.scale = scale
        self.scriptPath = scriptPath
        self.referenceOffset = referenceOffset
        csv = false
        maximumShare = ReferencePhaseSummary.defaultMaximumShare
        usage = ""
    }

    public init(_ arguments: [String]) throws {
        let args = try ParsedArguments(arguments, command: "compare-video", allowsPositionals: true)
        usage = args.usage
        guard args.positionals.count == 1, let path = args.positionals.first else {
            throw args.mistake(args.positionals.isEmpty ? "compare-video needs the recording: compare-video FILE" : "compare-video takes one recording (got \(args.positionals.count))")
        }
        referencePath = path
        preview = try PreviewOptions(args)
        scale = try args.double(.scale, in: OptionBounds.scale) ?? preview.device.scale
        scriptPath = args.value(.script)
        referenceOffset = try args.double(.referenceOffset, in: Self.offsetBounds, unit: " s")
        csv = args.has(.csv)
        maximumShare = (try args.double(.maxDifference, in: 0...100) ?? ReferencePhaseSummary.defaultMaximumShare * 100) / 100
    }
}

/// `--reference FILE` of `render`, `state` and `record`: the recording set beside the preview as
/// the B side, its offset (nil: found), and how the two are set against each other.
public struct ReferenceOptions: Equatable {
    public var path: String
    /// Where preview time 0 lies in the recording; nil to find it at the launch cut.
    public var offset: Double?
    /// Side by side (the default), a wipe at the middle, the recording over the preview at half
    /// opacity, or their difference.
    public var mode: CompareMode

    public init(path: String, offset: Double?, mode: CompareMode) { self.path = path; self.offset = offset; self.mode = mode }

    /// The reference of a command line, nil without `--reference`; `--reference-offset` and
    /// `--compare-mode` without it are mistakes.
    static func parse(_ args: ParsedArguments) throws -> ReferenceOptions? {
        guard let path = args.value(.reference) else {
            if let stray = [CLIOption.referenceOffset, .compareMode].first(where: { args.has($0) }) {
                throw args.mistake("\(stray.name) sets how the recording is shown: add \(CLIOption.reference.name) FILE")
            }
            return nil
        }
        let offset = try args.double(.referenceOffset, in: CompareVideoOptions.offsetBounds, unit: " s")
        var mode = CompareMode.split
        if let text = args.value(.compareMode) {
            guard let chosen = CompareMode(rawValue: text) else {
                throw args.mistake("\(CLIOption.compareMode.name) must be one of \(CompareMode.allCases.map(\.rawValue).joined(separator: ", ")) (got '\(abbreviatedForMessage(text, quoted: false))')")
            }
            mode = chosen
        }
        return ReferenceOptions(path: path, offset: offset, mode: mode)
    }

    /// Refuses what cannot show a recording beside it: `--compare`'s variants, both appearances,
    /// finger markers (the comparison's preview frames have none).
    static func checkAlone(_ args: ParsedArguments, preview: PreviewOptions) throws {
        guard args.has(.reference) else { return }
        if args.has(.compare) { throw args.mistake("\(CLIOption.reference.name) is the B side itself; leave out \(CLIOption.compare.name)") }
        if args.has(.showTouches) { throw args.mistake("\(CLIOption.showTouches.name) draws over one preview; leave it out with \(CLIOption.reference.name)") }
        if preview.appearances.count > 1 { throw args.mistake("\(CLIOption.reference.name) is set beside one appearance: \(CLIOption.appearance.name) light or dark") }
    }
}
