import App
import Session
import Formats
import Foundation
import Render
import Scenes

/// One comparison: the recording read, the preview's session and renderer ready.
package final class ReferenceComparisonRun {
    /// Something about the inputs that makes a comparison impossible: exit code 2.
    struct InputError: Error { var message: String }

    /// The message of an error that is the inputs' (the recording, the timings, the script, or
    /// what they make impossible), or nil for another failure (SDL's), which stays exit code 1.
    package static func badInput(_ error: Error, recordingPath: String) -> String? {
        switch error {
        case let e as InputError: return e.message
        case let e as JSONFileError: return "\(e)"
        case let e as RenderError where e.message.hasPrefix(recordingPath + ":"): return e.message
        default: return nil
        }
    }

    package struct Result {
        var alignment: ReferenceAlignment
        package var samples: [ReferenceCurveSample]
        package var warnings: [String]
        var decodedFrames: Int
    }

    /// The curve's rate: the preview's, as `record` writes it by default and the window draws it.
    static let previewFPS = 60.0
    /// The preview's own cut is looked for this far in: the intro starts moving at once, and a
    /// launch screen that never changes has no cut.
    static let previewCutSearch = 2.0
    /// The preview's cut is refined to this (s), well under a 120 fps frame (8.3 ms).
    static let previewCutResolution = 0.0005

    let options: CompareVideoOptions
    let recording: ReferenceRecording
    let session: PreviewSession
    let reel: ReviewReel
    let skippedRows: Int
    let launchFrame: [UInt8]
    let lastInputTime: Double

    package init(_ options: CompareVideoOptions) throws {
        self.options = options
        recording = try ReferenceRecording(path: options.referencePath)
        session = try makeSession(options.preview)
        let script = try options.scriptPath.map { try InputScript.load(path: $0) } ?? InputScript(events: [])
        lastInputTime = script.events.last?.time ?? 0
        reel = try ReviewReel(kind: .single, sessions: [session], names: [URL(fileURLWithPath: session.timingsPath).lastPathComponent],
                              script: script, scale: options.scale, tiles: 1, options: ReviewOptions(), rendererName: options.preview.renderer)
        skippedRows = Int((StatusBar.height(of: options.preview.device) * options.scale).rounded(.up))
        launchFrame = try reel.compose([ReviewTile(variant: 0, time: 0, launch: true)])
    }

    func previewFrame(at t: Double) throws -> [UInt8] { try reel.compose([ReviewTile(variant: 0, time: t)]) }

    func difference(_ a: [UInt8], _ b: [UInt8]) -> ReferenceDifference {
        ReferenceDifference.between(a, b, width: reel.width, height: reel.height, skippedRows: skippedRows)
    }

    /// When the preview first differs from its launch frame by more than `launchShare`: scanned at
    /// 480 Hz, then halved down to `previewCutResolution`.
    func previewCut() throws -> Double {
        let step = 1.0 / 480
        var before = 0.0
        var t = step
        while t <= Self.previewCutSearch {
            if difference(try previewFrame(at: t), launchFrame).share > ReferenceAlignment.launchShare { break }
            before = t
            t += step
        }
        guard t <= Self.previewCutSearch else { return 0 }
        var after = t
        while after - before > Self.previewCutResolution {
            let middle = (before + after) / 2
            if difference(try previewFrame(at: middle), launchFrame).share > ReferenceAlignment.launchShare { after = middle } else { before = middle }
        }
        return after
    }

    package func run() throws -> Result {
        var warnings: [String] = []
        if let aspect = recording.aspectWarning(for: options.preview.device) { warnings.append(aspect) }
        var alignment = options.referenceOffset.map {
            ReferenceAlignment(offset: $0, method: .manual, certainty: 1, cutFrameTime: nil, detail: "given with \(CLIOption.referenceOffset.name)")
        }
        let cut = alignment == nil ? try previewCut() : 0
        var search = LaunchCutSearch(previewCut: cut)
        let splashEnd = options.preview.skipSplash ? 0 : session.preview.splash.endTime
        // As long as `record` runs by default: the splash or the script, and 0.5 s more.
        let curveEnd = max(splashEnd, lastInputTime) + 0.5
        var times: [Double] = []
        var next = 0
        var cache = ReferenceFrameCache()
        var previous: [UInt8]?
        var samples: [ReferenceCurveSample] = []

        /// Compares every preview frame whose reference frame is known: the latest frame not after
        /// its time has arrived once a later one has (or the recording has ended).
        func compareReady(ended: Bool) throws {
            guard let alignment else { return }
            if times.isEmpty {
                let end = min(curveEnd, recording.duration - alignment.offset)
                times = referenceCurveTimes(fps: Self.previewFPS, end: end)
            }
            while next < times.count {
                let t = times[next], referenceTime = t + alignment.offset
                if !ended, (cache.frames.last?.time ?? -.infinity) <= referenceTime { return }
                next += 1
                guard let frame = cache.frame(at: referenceTime) else {
                    if let evicted = cache.evictedThrough, referenceTime <= evicted {
                        throw InputError(message: "\(recording.path): the frame at \(String(format: "%.3f", referenceTime)) s was pushed out of the \(cache.byteBudget >> 20) MiB frame cache before the offset was found; give \(CLIOption.referenceOffset.name) or a smaller \(CLIOption.scale.name)")
                    }
                    // Before the recording's first frame: nothing to compare yet.
                    continue
                }
                samples.append(ReferenceCurveSample(time: t, phase: session.preview.splash.phase(at: t).rawValue,
                                                    difference: difference(frame.pixels, try previewFrame(at: t)), referenceTime: frame.time))
                cache.discard(before: referenceTime)
            }
        }

        let decoding = try recording.decodeFrames(width: reel.width, height: reel.height) { frame in
            cache.append(frame)
            if alignment == nil {
                alignment = search.feed(time: frame.time, fromLaunch: difference(frame.pixels, launchFrame),
                                        fromPrevious: previous.map { difference(frame.pixels, $0) })
                previous = frame.pixels
            }
            try compareReady(ended: false)
            return alignment == nil || times.isEmpty || next < times.count
        }
        if let damage = decoding.damage { warnings.append(damage) }
        if alignment == nil {
            alignment = search.fallback()
            guard alignment != nil else {
                throw InputError(message: "\(recording.path): no frame matches the preview's launch screen and no frame changes by more than \(Int(ReferenceAlignment.largeChangeShare * 100))% from the one before; give \(CLIOption.referenceOffset.name) S")
            }
        }
        try compareReady(ended: true)
        guard let alignment else { throw InputError(message: "\(recording.path): no alignment") }
        if samples.isEmpty {
            throw InputError(message: "\(recording.path): at the offset \(String(format: "%.3f", alignment.offset)) s no preview frame has a reference frame (the recording lasts \(String(format: "%.3f", recording.duration)) s)")
        }
        return Result(alignment: alignment.confirmed(by: samples, previewCut: cut), samples: samples, warnings: warnings, decodedFrames: decoding.frames)
    }

    /// What `compare-video` prints: the recording, the offset and its certainty, and each phase.
    package func report(_ result: Result, summaries: [ReferencePhaseSummary], maximumShare: Double) -> String {
        let r = recording, a = result.alignment
        let gaps = zip(r.frameTimes.dropFirst(), r.frameTimes).map { $0 - $1 }
        var lines = [
            "reference: \(r.path), \(r.width)×\(r.height) \(r.codec)\(r.rotation == 0 ? "" : ", rotated \(r.rotation)°"), "
                + "\(r.frameTimes.count) frames over \(String(format: "%.3f", r.duration)) s"
                + (gaps.isEmpty ? "" : String(format: ", %.1f to %.1f ms between frames", (gaps.min() ?? 0) * 1000, (gaps.max() ?? 0) * 1000)),
            "compared at \(reel.width)×\(reel.height) px (\(JSONOutput.number(options.scale).text) px a point), "
                + "rows below the \(JSONOutput.number(StatusBar.height(of: options.preview.device)).text) pt status bar; \(result.samples.count) preview frames at \(Int(Self.previewFPS)) fps",
            String(format: "offset: %.4f s (", a.offset) + a.method.rawValue + String(format: "), certainty %.2f: ", a.certainty) + a.detail,
            "",
            "phase          from      to  frames  mean share  largest  mean distance  verdict",
        ]
        for s in summaries {
            let verdict = s.differs(past: maximumShare) ? String(format: "differs (past %.1f%%)", maximumShare * 100) : "agrees"
            lines.append(s.phase.padding(toLength: 12, withPad: " ", startingAt: 0)
                         + String(format: " %6.3f  %6.3f  %6d  %9.2f%%  %6.2f%%  %13.2f  ", s.from, s.to, s.samples, s.meanShare * 100, s.largestShare * 100, s.meanDistance)
                         + verdict)
        }
        return lines.joined(separator: "\n")
    }

    package static func csv(_ samples: [ReferenceCurveSample]) -> String {
        (["time,phase,share,mean_distance"] + samples.map {
            String(format: "%.4f,", $0.time) + $0.phase + String(format: ",%.5f,%.3f", $0.difference.share, $0.difference.meanDistance)
        }).joined(separator: "\n") + "\n"
    }
}
