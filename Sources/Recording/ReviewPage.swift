import App
import Formats
import Foundation
import Render
import Scenes
import Session

// MARK: - `splashlab review`

/// `splashlab review`: the take recorded as `record` records it, and a page around it that works
/// from `file://` with nothing else: `index.html`, `review.mp4` and `review.json` in a folder, or
/// all three in one HTML file (`--single-file`). The page's data comes from the model (phases,
/// tracks, values and velocities), never from the video's pixels.
package func writeReviewPage(_ options: ReviewPageOptions, processStart: Double) throws -> Int32 {
    guard findOnPath("ffmpeg") != nil else {
        throw UserFacingError("review writes its video through ffmpeg, which is not on PATH", hint: "install ffmpeg (apt install ffmpeg)")
    }
    let template = try ReviewPageTemplate.load()
    // A comments file that cannot be read stops the command before anything is written.
    if let path = options.record.review.commentsPath { _ = try ReviewComments.load(path: path) }
    var record = options.record
    let folder: String, videoPath: String
    if options.singleFile {
        // The file's folder is checked before the take is recorded, not after.
        folder = URL(fileURLWithPath: options.out).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw UserFacingError("cannot write \(options.out): the folder \(folder) does not exist")
        }
        videoPath = NSTemporaryDirectory() + "splashlab-review-\(getpid()).mp4"
    } else {
        folder = options.out
        try OutputFile.createFolder(folder)
        videoPath = folder + "/" + ReviewPageTemplate.videoName
    }
    record.out = videoPath
    defer { if options.singleFile { try? FileManager.default.removeItem(atPath: videoPath) } }
    let take = try recordReel(record, processStart: processStart)
    guard take.status == 0 else { return take.status }
    let comments = take.comments ?? ReviewComments([])
    let data = ReviewData.json(take, comments: comments, rate: record.rate, singleFile: options.singleFile).text
    if options.singleFile {
        let video: [UInt8]
        do { video = try BoundedFileReader.read(videoPath, limit: ReviewPageTemplate.embeddedVideoLimit) } catch {
            throw UserFacingError("the video cannot be embedded (\(error))", file: options.out, hint: "write the folder instead (leave out \(CLIOption.singleFile.name))")
        }
        let page = template.page(data: data, videoSource: "data:video/mp4;base64," + Data(video).base64EncodedString())
        try OutputFile.write(page, to: options.out)
        printError("wrote \(options.out): the page with the video and review.json embedded")
    } else {
        try OutputFile.write(data + "\n", to: folder + "/review.json")
        // The page last: once index.html is there, everything it opens is.
        try OutputFile.write(template.page(data: data, videoSource: ReviewPageTemplate.videoName), to: folder + "/index.html")
        printError("wrote \(folder)/index.html, \(ReviewPageTemplate.videoName) and review.json: open \(folder)/index.html in a browser")
    }
    return 0
}

// MARK: - The page's template

/// The page (HTML, CSS and script in one readable file, `Assets/review-page.html`), with the
/// places the data and the video go.
struct ReviewPageTemplate {
    static let fileName = "review-page.html"
    static let videoName = "review.mp4"
    static let dataMark = "/*SPLASHLAB_REVIEW_DATA*/"
    static let videoMark = "SPLASHLAB_REVIEW_VIDEO"
    /// The largest video `--single-file` embeds: as base64 it grows by a third, and the browser
    /// holds the whole page in memory before it plays; a longer take belongs in the folder, where
    /// the browser streams review.mp4.
    static let embeddedVideoLimit = FileSizeLimit(bytes: 512 << 20, kind: "a video embedded in one HTML file")

    let text: String

    /// The template from the built-in assets, found as the timings defaults are.
    static func load() throws -> ReviewPageTemplate {
        let path = try builtInAssetsFolder() + "/" + fileName
        let bytes: [UInt8]
        do { bytes = try BoundedFileReader.read(path, limit: FileSizeLimit(bytes: 1 << 20, kind: "the review page's template")) } catch {
            throw UserFacingError("\(error)", file: path)
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.contains(dataMark), text.contains(videoMark) else {
            throw UserFacingError("the review page's template lacks \(dataMark) or \(videoMark)", file: path)
        }
        return ReviewPageTemplate(text: text)
    }

    /// The page with `data` (review.json's text) embedded in its data element and the video's
    /// source set.
    func page(data: String, videoSource: String) -> String {
        text.replacingOccurrences(of: ReviewPageTemplate.videoMark, with: videoSource)
            .replacingOccurrences(of: ReviewPageTemplate.dataMark, with: ReviewPageTemplate.scriptSafe(data))
    }

    /// JSON that cannot end or comment out the script element it sits in (`</script`, `<!--`)
    /// whatever a comment or a file name says: `<`, `>` and `&` as JSON's `\u` escapes, which
    /// JSON.parse reads back as the same characters.
    static func scriptSafe(_ json: String) -> String {
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for c in json.unicodeScalars {
            // Most of the text is digits, names and punctuation outside the table: a range check first.
            if c.value > 0x26 && c.value < 0x3C || c.value > 0x3E && c.value < 0x2028 { out.unicodeScalars.append(c); continue }
            if let escaped = scriptEscapes[c] { out += escaped } else { out.unicodeScalars.append(c) }
        }
        return out
    }

    /// `<`, `>` and `&` end or open markup; U+2028 and U+2029 end a line in older JavaScript.
    static let scriptEscapes: [Unicode.Scalar: String] = [
        "<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u{2028}": "\\u2028", "\u{2029}": "\\u2029",
    ]
}

// MARK: - review.json

/// review.json: the take's video and clock, the timings that made it and what differs between the
/// variants, each variant's phases, tracks and moving properties' values and velocities, the
/// input, and the comments.
enum ReviewData {
    /// The format's name and version, for a reader that checks it.
    static let format = "splashlab-review/1"
    /// At most this many graph samples per property: a point every frame up to a 40 s take at
    /// 60 fps, every few frames beyond; the page's graphs are a few hundred pixels wide.
    static let maximumGraphSamples = 2_400

    static func json(_ take: RecordedTake, comments: ReviewComments, rate: Double, singleFile: Bool) -> JSONOutput {
        let timesPerFrame = take.fps * take.stretch
        let frameTimes = (0..<take.frames).map { Double($0) / timesPerFrame }
        var members: [(String, JSONOutput)] = [
            ("format", .string(format)),
            ("video", .object([("file", singleFile ? .null : .string(ReviewPageTemplate.videoName)), ("fps", .number(take.fps)),
                               ("frames", .int(take.frames)), ("width", .int(take.width)), ("height", .int(take.height)),
                               ("rate", .number(rate)), ("stretch", .number(take.stretch))])),
            ("take", .object(takeMembers(take))),
            ("parameters", .array(parameters(take))),
            ("variants", .array(take.sessions.indices.map { variant(take, $0, frameTimes: frameTimes) })),
            ("inputs", .array(take.script.events.compactMap(input))),
            ("comments", .array(comments.comments.map(\.json))),
        ]
        if let offset = take.referenceOffset {
            members.append(("reference", .object([
                ("offset", .string(offset)),
                ("phases", .array(take.referencePhases.map { p in
                    .object([("phase", .string(p.phase)), ("from", .number(p.from)), ("to", .number(p.to)),
                             ("meanShare", .number(p.meanShare)), ("largestShare", .number(p.largestShare)),
                             ("meanDistance", .number(p.meanDistance))])
                })),
            ])))
        }
        return .object(members)
    }

    static func takeMembers(_ take: RecordedTake) -> [(String, JSONOutput)] {
        let first = take.sessions[0]
        let device = first.options.device
        return [("duration", .number(take.duration)), ("device", .string("\(device.name) \(device.orientation.rawValue)")),
                ("seed", .int(Int(clamping: first.seed))), ("inputCount", .int(take.script.events.count))]
    }

    /// Every parameter with each variant's value; `differs` where any variant's is not the first's.
    static func parameters(_ take: RecordedTake) -> [JSONOutput] {
        TimingsSchema.parameters.map { p in
            let values = take.sessions.map { p.value(in: $0.timings) }
            return .object([("path", .string(p.path)), ("unit", .string(p.unit)), ("values", .array(values.map(\.json))),
                            ("differs", .bool(values.contains { $0 != values[0] }))])
        }
    }

    static func variant(_ take: RecordedTake, _ i: Int, frameTimes: [Double]) -> JSONOutput {
        let session = take.sessions[i]
        let preview = session.preview
        // What is happening at each frame, as the burn-in names it, as runs of frames.
        var activities: [JSONOutput] = []
        var playback = Playback(initial: preview, log: take.script.events, time: 0, takingSnapshots: false)
        var last: String?
        for (n, t) in frameTimes.enumerated() {
            playback.seek(to: t)
            let name = playback.activity
            if name != last { activities.append(.object([("frame", .int(n)), ("name", .string(name))])); last = name }
        }
        // The splash as the take played it: a tap or a key during it brings the dismissal forward,
        // as the workbench's timeline shows once the take has played.
        let sequence = playback.preview.splash
        let d = sequence.dismissalTime
        // A skip during the appearance ends it at d, with no hold: a phase that did not happen is left out.
        let appeared = min(sequence.appearDuration, d)
        let phases: [(String, Double, Double)] = preview.skipSplash ? [] : [
            ("appearing", 0, appeared), ("holding", appeared, d), ("disappearing", d, sequence.endTime)].filter { $0.2 > $0.1 }
        var tracks: [JSONOutput] = []
        if !preview.skipSplash {
            if let intro = sequence.intro, !sequence.options.reduceMotion {
                tracks.append(.object([("id", .string("intro")), ("label", .string("intro " + (intro.clip.path as NSString).lastPathComponent)),
                                       ("begin", .number(0)), ("end", .number(intro.playedDuration)), ("keyTimes", .array([]))]))
            }
            // The lanes the workbench's timeline shows.
            for bar in sequence.trackBars(timings: session.timings) {
                tracks.append(.object([("id", .string(bar.track.id)), ("label", .string(bar.track.label)), ("begin", .number(bar.begin)),
                                       ("end", .number(bar.end)), ("keyTimes", .array(bar.keyTimes.map { .number($0) }))]))
            }
        }
        return .object([("name", .string(take.names[i])), ("file", .string(URL(fileURLWithPath: session.timingsPath).lastPathComponent)),
                        ("hash", .string(take.hashes[i])), ("phases", .array(phases.map { .object([("name", .string($0.0)), ("start", .number($0.1)), ("end", .number($0.2))]) })),
                        ("tracks", .array(tracks)), ("activities", .array(activities)), ("graph", graph(preview, log: take.script.events, frameTimes: frameTimes))])
    }

    /// The moving properties' values and velocities from the model at every frame, or every few
    /// frames past `maximumGraphSamples`.
    static func graph(_ preview: Preview, log: [InputEvent], frameTimes: [Double]) -> JSONOutput {
        let stride = max(1, (frameTimes.count + maximumGraphSamples - 1) / maximumGraphSamples)
        var times = Swift.stride(from: 0, to: frameTimes.count, by: stride).map { frameTimes[$0] }
        if let lastTime = frameTimes.last, times.last != lastTime { times.append(lastTime) }
        let samples = MotionTrace.samples(initial: preview, log: log, times: times)
        var properties: [JSONOutput] = []
        for (p, property) in MotionProperty.all.enumerated() {
            let values = samples.map { $0.values[p] }
            let present = values.compactMap { $0 }
            guard let lowest = present.min(), let highest = present.max(), highest > lowest else { continue }
            properties.append(.object([("id", .string(property.id)), ("label", .string(property.label)), ("unit", .string(property.unit)),
                                       ("values", .array(values.map { $0.map { .number($0) } ?? .null })),
                                       ("velocities", .array(samples.map { $0.velocities[p].map { .number($0) } ?? .null }))]))
        }
        return .object([("times", .array(times.map { .number($0) })), ("properties", .array(properties))])
    }

    static func input(_ event: InputEvent) -> JSONOutput? {
        let type: String
        switch event.kind {
        case .down: type = "down"
        case .up: type = "up"
        case .key: type = "key"
        case .wheel: type = "wheel"
        case .move, .cancel: return nil
        }
        return .object([("t", .number(event.time)), ("type", .string(type))])
    }
}
