import App
import Formats
import Foundation
import Render
import Scenes

/// A screen recording of the real app set beside the preview as the B side, frame-locked, for
/// `render`, `state` and `record` (`--reference`). The comparison `compare-video` makes runs
/// first: it finds the offset (or takes `--reference-offset`), says it and its certainty on
/// standard error, and gives the difference curve; then the frames are decoded again, forward, as
/// the preview's times ask for them (`ReferenceFrameCursor`).
package final class ReferenceBeside {
    let options: ReferenceOptions
    let comparison: ReferenceComparisonRun
    let result: ReferenceComparisonRun.Result
    var alignment: ReferenceAlignment { result.alignment }
    var width: Int { comparison.reel.width }
    var height: Int { comparison.reel.height }

    /// One moment: the preview's frame, the reference frame shown then (the latest whose own time
    /// is not after the preview's time plus the offset; nil before the recording's first frame),
    /// and how the two differ.
    package struct Moment {
        var time: Double
        var preview: [UInt8]
        var frame: ReferenceFrame?
        var difference: ReferenceDifference?
    }

    /// Reads and aligns the recording; a bad recording is a usage error naming it (exit 2), as
    /// `compare-video` reports one.
    /// - Parameter scale: pixels per point of the comparison; nil (`state`, which has no `--scale`)
    ///   for `stateScale`.
    package init(_ options: ReferenceOptions, preview: PreviewOptions, scale: Double?, scriptPath: String?) throws {
        self.options = options
        let scale = try scale ?? Self.ownScale(options.path, device: preview.device)
        let compared = CompareVideoOptions(referencePath: options.path, preview: preview, scale: scale, scriptPath: scriptPath, referenceOffset: options.offset)
        do {
            comparison = try ReferenceComparisonRun(compared)
            result = try comparison.run()
        } catch {
            guard let message = ReferenceComparisonRun.badInput(error, recordingPath: options.path) else { throw error }
            throw UsageError(message: message, usage: nil)
        }
        for warning in result.warnings { printError("warning: \(warning)") }
        // Said whenever it was found, so the reader knows what the B side is aligned by and how
        // far to trust it.
        if options.offset == nil { printError(offsetText + ": " + alignment.detail) }
    }

    /// `state`'s comparison: at most 1 px a point, where the frame cache holds 190 frames of an
    /// iPhone 15 before the cut is found (at its own 3 px a point, 21), and never more pixels than
    /// the file holds: its own scale, rounded down to a quarter, so the preview is drawn at the
    /// same scale `render --scale` takes (0.5, not 0.5013 for a 188 px wide recording of 375 pt).
    static let stateScale = 1.0

    package static func ownScale(_ path: String, device: Device) throws -> Double {
        do {
            return ownScale(try ReferenceRecording(path: path), device: device)
        } catch {
            guard let message = ReferenceComparisonRun.badInput(error, recordingPath: path) else { throw error }
            throw UsageError(message: message, usage: nil)
        }
    }

    /// The same for a recording already read.
    package static func ownScale(_ recording: ReferenceRecording, device: Device) -> Double {
        let own = (Double(recording.width) / device.width * 4).rounded(.down) / 4
        return min(max(own, 0.25), stateScale, device.scale)
    }

    /// `reference offset 0.4012 s (launch-screen cut, certainty 1.00)`.
    var offsetText: String {
        String(format: "reference offset %.4f s (", alignment.offset) + alignment.method.rawValue + String(format: ", certainty %.2f)", alignment.certainty)
    }

    /// A cursor over the recording's frames at the size the preview is compared at.
    package func cursor() -> ReferenceFrameCursor {
        ReferenceFrameCursor(recording: comparison.recording, width: width, height: height)
    }

    /// The moment at preview time `t`; `t` must not go back between calls with the same cursor.
    package func moment(at t: Double, cursor: ReferenceFrameCursor) throws -> Moment {
        let preview = try comparison.previewFrame(at: t)
        let frame = try cursor.frame(at: t + alignment.offset)
        return Moment(time: t, preview: preview, frame: frame, difference: frame.map { comparison.difference($0.pixels, preview) })
    }

    /// `state`'s `reference` object: the recording, the offset, the frame shown and the difference.
    package func json(_ m: Moment) -> JSONOutput {
        let frame: JSONOutput = m.frame.map { .object([("index", .int($0.index)), ("time", .number(rounded($0.time)))]) } ?? .null
        let difference: JSONOutput = m.difference.map {
            .object([("share", .number(rounded($0.share))), ("meanDistance", .number(rounded($0.meanDistance)))])
        } ?? .null
        return .object([
            ("file", .string(options.path)),
            ("offset", .number(rounded(alignment.offset))),
            ("alignment", .string(alignment.method.rawValue)),
            ("certainty", .number(rounded(alignment.certainty))),
            ("scale", .number(rounded(comparison.options.scale))),
            ("frame", frame),
            ("difference", difference),
        ])
    }

    /// Four decimals: a tenth of a millisecond, and a hundredth of a percent of the blocks.
    private func rounded(_ v: Double) -> Double { (v * 10_000).rounded() / 10_000 }

    /// The recording's own frame and time as the strip and a label say them.
    func frameText(_ m: Moment) -> String {
        let name = URL(fileURLWithPath: options.path).lastPathComponent
        guard let frame = m.frame else { return "\(name): before its first frame" }
        return "\(name) frame \(frame.index) at " + String(format: "%.4f s", frame.time)
    }

    /// How the two differ, as the strip says it.
    func differenceText(_ m: Moment) -> String {
        guard let d = m.difference else { return "no reference frame yet" }
        return String(format: "%.2f%% of 2×2 blocks differ, mean distance %.1f", d.share * 100, d.meanDistance)
    }
}

/// Review frames of the preview and a reference: side by side, labelled, or on one screen as a
/// wipe at the middle, an overlay at half opacity or the difference; a strip below says the time,
/// the phase, the offset, the reference frame and the difference figures.
final class ReferenceSheet {
    let beside: ReferenceBeside
    let layout: ReviewLayout
    let canvas: ReviewCanvas
    let fontSize: Int, lineHeight: Int, padding: Int
    /// The recording's opacity over the preview in the overlay: half, where both show equally.
    static let overlayOpacity = 0.5

    init(_ beside: ReferenceBeside, scale: Double) throws {
        self.beside = beside
        fontSize = max(10, Int(clamping: (11 * scale).rounded()))
        lineHeight = Int((Double(fontSize) * 1.4).rounded())
        padding = max(fontSize / 2, 4)
        let split = beside.options.mode == .split
        layout = ReviewLayout(tileWidth: beside.width, tileHeight: beside.height, count: split ? 2 : 1, labelHeight: lineHeight + padding,
                              stripHeight: 2 * lineHeight + 2 * padding, gap: max(Int(clamping: (8 * scale).rounded()), 4))
        guard layout.width <= ReviewReel.maxSide, layout.height <= ReviewReel.maxSide else {
            throw UsageError(message: "the preview beside the reference makes a \(layout.width)x\(layout.height) frame; the limit is \(ReviewReel.maxSide) px a side: try a smaller \(CLIOption.scale.name)", usage: nil)
        }
        canvas = try ReviewCanvas(width: layout.width, height: layout.height)
    }

    var width: Int { layout.width }
    var height: Int { layout.height }

    /// One frame of the sheet, RGBA, top row first; `counter` numbers a recording's frames.
    func compose(_ m: ReferenceBeside.Moment, counter: String? = nil) throws -> [UInt8] {
        let w = beside.width, h = beside.height
        let reference = m.frame?.pixels ?? [UInt8](repeating: 0, count: w * h * 4)
        let variant = beside.comparison.reel.variants[0]
        let previewName = "preview: \(variant.name) #\(variant.hash)"
        let referenceName = URL(fileURLWithPath: beside.options.path).lastPathComponent
        var labels: [String]
        switch beside.options.mode {
        case .split:
            canvas.place(m.preview, in: layout.tile(0))
            canvas.place(reference, in: layout.tile(1))
            labels = [previewName, "reference: " + beside.frameText(m)]
        case .wipe:
            canvas.place(ReferenceComposite.wipe(preview: m.preview, reference: reference, width: w, height: h, dividerX: w / 2,
                                                 lineWidth: max(Int((Double(fontSize) / 5.5).rounded()), 1)), in: layout.tile(0))
            labels = ["left: \(previewName)   right: \(referenceName)"]
        case .overlay:
            canvas.place(ReferenceComposite.overlay(preview: m.preview, reference: reference, opacity: Self.overlayOpacity), in: layout.tile(0))
            labels = ["\(referenceName) at \(Int(Self.overlayOpacity * 100))% over the \(previewName)"]
        case .difference:
            canvas.place(ReferenceComposite.difference(preview: m.preview, reference: reference), in: layout.tile(0))
            labels = ["|preview − \(referenceName)|: black where they agree"]
        }
        for (i, text) in labels.enumerated() {
            let box = layout.label(i)
            canvas.fill(box, ReviewCanvas.background)
            try canvas.text(text, x: box.x + padding, y: box.y, size: fontSize, maxWidth: box.width - 2 * padding)
        }
        let phase = beside.comparison.session.preview.splash.phase(at: m.time).rawValue
        let lines = [
            (["t " + ReviewReel.seconds(m.time), counter, phase, String(format: "offset %.4f s", beside.alignment.offset)].compactMap { $0 }).joined(separator: "   "),
            beside.differenceText(m) + "   " + beside.frameText(m),
        ]
        let strip = layout.strip
        canvas.fill(strip, ReviewCanvas.background)
        for (n, text) in lines.enumerated() {
            try canvas.text(text, x: strip.x + padding, y: strip.y + padding + n * lineHeight, size: fontSize, maxWidth: strip.width - 2 * padding)
        }
        return canvas.pixels
    }
}

/// `render --reference R --at T`: the preview and the recording's frame at T, as `--compare-mode`
/// sets them.
package func renderReference(_ reference: ReferenceOptions, review: ReviewSource, at t: Double, out: String) throws -> Int32 {
    let beside = try ReferenceBeside(reference, preview: review.preview, scale: review.scale, scriptPath: review.scriptPath)
    let cursor = beside.cursor()
    defer { cursor.close() }
    let moment = try beside.moment(at: t, cursor: cursor)
    let sheet = try ReferenceSheet(beside, scale: review.scale)
    try writePNG(try sheet.compose(moment), width: sheet.width, height: sheet.height, to: out)
    beside.comparison.session.reportWarnings()
    printError("wrote \(out), \(sheet.width)x\(sheet.height): \(beside.frameText(moment)), \(beside.differenceText(moment))")
    return 0
}
