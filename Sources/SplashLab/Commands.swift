import App
import Session
import Formats
import Foundation
import Geometry
import LaunchImport
import Motion
import Recording
import Render
import Scenes

func devicesCommand(_ arguments: [String]) throws -> Int32 {
    _ = try DevicesOptions(arguments)
    func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(n - s.count, 1)) }
    func number(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
    func insets(_ i: ScreenInsets) -> String { [i.top, i.left, i.bottom, i.right].map(number).joined(separator: ",") }
    var lines = [pad("name", 20) + pad("points", 11) + pad("scale", 7) + pad("safe area portrait", 19) + pad("landscape", 11)
                 + pad("status bar", 11) + pad("corner", 8) + pad("landscape classes", 19) + "note"]
    for d in Device.all {
        let points = "\(number(d.portraitWidth))x\(number(d.portraitHeight))"
        let traits = LaunchTraits.of(d.oriented(.landscape))
        let landscape = "\(traits.widthClass.rawValue)/\(traits.heightClass.rawValue)"
        lines.append(pad(d.name + (d.name == Device.defaultName ? " *" : ""), 20) + pad(points, 11) + pad("@\(Int(d.scale))x", 7)
                     + pad(insets(d.portraitSafeArea), 19) + pad(insets(d.landscapeSafeArea), 11)
                     + pad("\(number(d.portraitStatusBar))/\(number(d.landscapeStatusBar))", 11) + pad(number(d.cornerRadius), 8)
                     + pad(landscape, 19) + d.note)
    }
    lines.append("* the default; every device also has \(CLIOption.orientation.name) landscape. Safe areas are top,left,bottom,right in points;")
    lines.append("  status bars portrait/landscape. In portrait an iPhone is compact wide and regular tall, an iPad regular both ways.")
    lines.append("  The retina and ipad names are Interface Builder's device ids (a storyboard's <device id=...>).")
    try printOutput(lines.joined(separator: "\n"))
    return 0
}

func stateCommand(_ arguments: [String]) throws -> Int32 {
    let options = try StateOptions(arguments)
    guard options.preview.appearances.count == 1 else {
        throw UsageError(message: "state shows one appearance: \(CLIOption.appearance.name) light or dark", usage: CLI.usage("state"))
    }
    if case let .trace(from, to, step, json) = options.mode {
        return try traceCommand(options, from: from, to: to, step: step, json: json)
    }
    let session = try makeSession(options.preview)
    let playback = try scriptedPlayback(session, scriptPath: options.scriptPath, at: options.time)
    var state = playback.state
    // At 0 the intro's first frame replaces the launch screen: what differs is the blink.
    if options.time == 0 && !session.options.skipSplash, case var .object(members) = state {
        members.append(("launch", LaunchBlink.json(session, difference: try LaunchBlink.measure(session))))
        state = .object(members)
    }
    if let reference = options.reference, case var .object(members) = state {
        let beside = try ReferenceBeside(reference, preview: options.preview, scale: nil, scriptPath: options.scriptPath)
        let cursor = beside.cursor()
        defer { cursor.close() }
        members.append(("reference", beside.json(try beside.moment(at: options.time, cursor: cursor))))
        state = .object(members)
    }
    session.reportWarnings()
    try printOutput(state.text)
    return 0
}

func renderCommand(_ arguments: [String]) throws -> Int32 {
    let options = try RenderOptions(arguments)
    if case let .graph(from, to, properties) = options.frames {
        return try renderGraphCommand(options, from: from, to: to, properties: properties)
    }
    let review = options.review
    let (sessions, names): ([PreviewSession], [String])
    guard let out = options.out else {
        // `--launch --explain` without `--out`: the elements as read and laid out, nothing drawn.
        (sessions, names) = try reviewSessions(review)
        for session in sessions { session.reportWarnings() }
        try printExplanation(sessions, json: options.explain.json)
        return 0
    }
    if let reference = options.reference, case let .at(t) = options.frames {
        return try renderReference(reference, review: review, at: t, out: out)
    }
    let context: RenderContext?
    (sessions, names, context) = try sessionsBesideContext(review)
    let script = try review.scriptPath.map { try InputScript.load(path: $0) } ?? InputScript(events: [])
    // The take a comment may be pinned in: to the end of the splash or the script's motion, or the frame's time.
    let takeEnd = { max(MotionLint.takeDuration(initial: sessions[0].preview, log: script.events), options.frames.time ?? 0) }
    let comments = try review.commentsPath.map { try takeComments($0, duration: takeEnd()) }
    let reviewOptions = ReviewOptions(showTouches: review.showTouches, burnIn: review.burnIn, comments: comments)
    /// Each variant at one time, or their launch frames.
    func sideBySide(at t: Double, launch: Bool) throws -> (ReviewReel, [ReviewTile]) {
        // Several timings files, or one in light and dark: side by side.
        let reel = try ReviewReel(kind: sessions.count > 1 ? .compare : .single, sessions: sessions, names: names, script: script,
                                  scale: review.scale, tiles: sessions.count, options: reviewOptions, rendererName: review.preview.renderer, context: context)
        return (reel, sessions.indices.map { ReviewTile(variant: $0, time: t, launch: launch) })
    }
    let reel: ReviewReel
    let tiles: [ReviewTile]
    switch options.frames {
    case let .filmstrip(from, to, count):
        // By default the strip spans the splash, to its end.
        let splashEnd = review.preview.skipSplash ? 0 : sessions[0].preview.splash.endTime
        reel = try ReviewReel(kind: .filmstrip, sessions: sessions, names: names, script: script, scale: review.scale, tiles: count,
                              options: reviewOptions, rendererName: review.preview.renderer, context: context)
        tiles = RenderOptions.filmstripTimes(from: from, to: to, count: count, splashEnd: splashEnd).map { ReviewTile(variant: 0, time: $0) }
    case let .at(t):
        (reel, tiles) = try sideBySide(at: t, launch: false)
    case .launch:
        (reel, tiles) = try sideBySide(at: 0, launch: true)
    case .graph:
        preconditionFailure("render --graph is drawn by renderGraphCommand")
    }
    let pixels = try reel.compose(tiles)
    try writePNG(pixels, width: reel.width, height: reel.height, to: out)
    for v in reel.variants { v.session.reportWarnings(v.renderer.images.catalog.warnings) }
    if options.explain.on { try printExplanation(sessions, json: options.explain.json) }
    if tiles.count > 1 { printError("wrote \(out), \(reel.width)x\(reel.height); tiles: \(reel.tileSummary(tiles))") }
    return 0
}

/// `--explain`: each session's launch screen, as text or JSON (an array for several).
private func printExplanation(_ sessions: [PreviewSession], json: Bool) throws {
    let explained = sessions.map { json ? LaunchExplanation.json($0).text : LaunchExplanation.text($0) }
    try printOutput(json && explained.count > 1 ? "[" + explained.joined(separator: ", ") + "]" : explained.joined(separator: "\n\n"))
}

/// The session's preview with a script's inputs (or none), at time t.
func scriptedPlayback(_ session: PreviewSession, scriptPath: String?, at t: Double) throws -> Playback {
    let events = try scriptPath.map { try InputScript.load(path: $0).events } ?? []
    return Playback(initial: session.preview, log: events, time: t)
}

/// `splashlab timings`: the declaration of every tunable parameter (`--schema` as JSON,
/// `--markdown` as README's table), or, with neither, a check of the active timings file that
/// prints it back with every parameter filled in.
func timingsCommand(_ arguments: [String]) throws -> Int32 {
    switch try TimingsOptions(arguments).mode {
    case .schema: try printOutput(TimingsSchema.json.text)
    case .markdown: try printOutput(TimingsSchema.markdown)
    case let .check(timingsPath):
        var options = PreviewOptions(device: Device.named(Device.defaultName)!)
        options.timingsPath = timingsPath
        let session = try makeSession(options)
        try printOutput(TimingsSchema.fileText(session.timings), terminator: "")
        printError("\(session.timingsPath): every value is valid")
    }
    return 0
}
