import Foundation
import Render
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
    public static let offsetBounds = -ReferenceRecording.maximumDuration...ReferenceRecording.maximumDuration

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
