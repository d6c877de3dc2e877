import App
import Session
import CSDL2
import Formats
import Foundation
import Geometry
import Render
import Scenes

/// One take on a review frame: a timings file played with the shared script and seed, through its
/// own Playback and renderer.
package final class ReviewVariant {
    package let session: PreviewSession
    var playback: Playback
    package let renderer: SceneRenderer
    /// How the label names it: the file's name, or its path where two names clash.
    let name: String
    /// The first 8 hex digits of the timings file's SHA-256 (`sha256sum`'s).
    let hash: String
    /// What its label lists under the name: the parameters that differ between the files.
    var notes: [String] = []

    init(session: PreviewSession, script: InputScript, renderer: SceneRenderer, name: String) {
        self.session = session
        playback = Playback(initial: session.preview, log: script.events)
        self.renderer = renderer
        self.name = name
        hash = SHA256.short(of: session.timingsBytes)
    }
}

/// What a review frame adds around the device.
package struct ReviewOptions {
    var showTouches = false
    var burnIn = false
    /// The preview's playback rate in the file (1, 0.5, 0.25 or 0.1), shown in the burn-in.
    var rate = 1.0
    /// `--comments`: with the burn-in, the comment pinned at or before each frame's time, within
    /// `ReviewComments.burnInWindow`, on a line of its own in the strip.
    var comments: ReviewComments?

    package init(showTouches: Bool = false, burnIn: Bool = false, rate: Double = 1.0, comments: ReviewComments? = nil) {
        self.showTouches = showTouches
        self.burnIn = burnIn
        self.rate = rate
        self.comments = comments
    }

    /// Whether the strip has a line for the comments.
    var showsComments: Bool { burnIn && comments != nil }
}

/// One tile of a review frame: which variant, at which preview time (or its launch frame).
package struct ReviewTile {
    var variant: Int
    var time: Double
    var launch = false

    package init(variant: Int, time: Double, launch: Bool = false) {
        self.variant = variant
        self.time = time
        self.launch = launch
    }
}

/// Makes review frames: one or more variants' device frames, each drawn through its Playback on a
/// shared offscreen context, with finger markers over them and labels and a strip around them.
/// `record` (a single take, or `--compare`) and `render` (a still, `--compare`, `--filmstrip`)
/// all draw through it, one frame at a time: a frame's device pixels are read back into the one
/// reused tile buffer and copied into the one reused canvas, so drawing a frame allocates none.
package final class ReviewReel {
    package enum Kind {
        /// One variant: the bare device frame, or with `--burn-in` a strip below it.
        case single
        /// Variants side by side at the same time, labelled, with one shared time counter.
        case compare
        /// One variant at several times, each tile labelled with its time and phase.
        case filmstrip
    }

    let kind: Kind
    package let variants: [ReviewVariant]
    let options: ReviewOptions
    let context: RenderContext
    let layout: ReviewLayout
    let canvas: ReviewCanvas?
    let markers: TouchMarkerRenderer
    let scale: Double
    let fontSize: Int, lineHeight: Int, padding: Int
    let labelLines: Int
    /// The byte order of the frames `frame(at:index:of:into:)` gives: RGBA unless an encoder
    /// that takes either sets it to the context's `fastestReadOrder`.
    var channels = ChannelOrder.rgba
    /// One tile's device pixels, read back before they are placed on the canvas; nil for a bare
    /// tile, which is read straight into the frame.
    private let tilePixels: UnsafeMutableRawBufferPointer?
    /// The texture a recording's frames that show an intro are drawn into and read back from.
    private var frameTarget: Texture?
    /// A recording of an intro: its frames are drawn into `frameTarget` (see init).
    private let drawsIntroIntoTexture: Bool
    /// Reads a bare tile back as yuv420p, for an mp4 (`readsYUV`).
    private var yuvReadBack: StripedYUVReadBack?

    /// Whether a bare tile's frames are read back as yuv420p (`StripedYUVReadBack`), for an
    /// encoder that takes it: only where they can be, a bare tile.
    var readsYUV: Bool {
        get { yuvReadBack != nil }
        set { yuvReadBack = newValue && canvas == nil ? StripedYUVReadBack(width: layout.tileWidth, height: layout.tileHeight) : nil }
    }

    /// What a tile showed when it was last drawn, by its place in the frame.
    private struct TileContent: Equatable {
        var variant: Int
        var scene: Scene
        var markers: [TouchMarker]
    }
    private var lastDrawn: [Int: TileContent] = [:]

    /// What drawing a frame left in the buffer it was given.
    enum DrawnFrame: Equatable {
        /// The frame, its rows in this order.
        case drawn(RowOrder)
        /// Nothing: the frame is the same as the one drawn before it, whose pixels the caller has.
        case sameAsPrevious
    }

    package var width: Int { layout.width }
    package var height: Int { layout.height }

    /// The largest side a review frame may have: H.264 levels stop at 8192 px, and the PNG and
    /// image limits of the rest of the app are the same.
    static let maxSide = AssetCatalog.maxImageSide

    /// - Parameter sessions: the variants' sessions, the first the reference; all share a device.
    /// - Parameter forEncoder: the frames will go to an encoder that takes either byte order: a
    ///   bare tile, read straight into the frame, gets a context whose `fastestReadOrder` may be
    ///   BGRA, and a texture for the frames that show an intro. A canvas's tiles stay RGBA, as the
    ///   canvas and PNGs are.
    /// `context`: one made already for the tile's size (`sessionsBesideContext`), else made here.
    package init(kind: Kind, sessions: [PreviewSession], names: [String], script: InputScript, scale: Double, tiles: Int,
         options: ReviewOptions, rendererName: String?, forEncoder: Bool = false, context given: RenderContext? = nil) throws {
        self.kind = kind
        self.options = options
        self.scale = scale
        let device = sessions[0].options.device
        let tileWidth = Int(clamping: (device.width * scale).rounded()), tileHeight = Int(clamping: (device.height * scale).rounded())
        guard tileWidth <= AssetCatalog.maxImageSide, tileHeight <= AssetCatalog.maxImageSide else {
            throw UsageError(message: "\(CLIOption.scale.name) \(scale) makes a \(tileWidth)x\(tileHeight) frame; the limit is \(AssetCatalog.maxImageSide) px a side", usage: nil)
        }
        // Text follows the tile's pixel density, never below what stays legible.
        fontSize = max(10, Int(clamping: (11 * scale).rounded()))
        lineHeight = Int((Double(fontSize) * 1.4).rounded())
        padding = max(fontSize / 2, 4)

        var notes = Array(repeating: [String](), count: sessions.count)
        if kind == .compare {
            notes = ReviewReel.differences(sessions.map(\.timings), names: names)
            // The same timings in two appearances: the note says which launch screen and appearance.
            if Set(sessions.map(\.appearance)).count > 1 {
                notes = zip(notes, sessions).map { note, s in note.map { $0.hasPrefix("identical to") || $0 == "the reference" ? "\(s.appearance.rawValue): \(URL(fileURLWithPath: s.launchScreen.source).lastPathComponent)" : $0 } }
            }
        }
        switch kind {
        case .single: labelLines = 0
        case .filmstrip: labelLines = 1
        case .compare: labelLines = 1 + (notes.map(\.count).max() ?? 0) + (options.burnIn ? 1 : 0)
        }
        let stripLines: Int
        switch kind {
        case .single: stripLines = options.burnIn ? 2 + (options.showsComments ? 1 : 0) : 0
        case .compare: stripLines = options.burnIn ? 2 + (options.showsComments ? 1 : 0) : 1
        case .filmstrip: stripLines = 1
        }
        let labelHeight = labelLines == 0 ? 0 : labelLines * lineHeight + padding
        let stripHeight = stripLines == 0 ? 0 : stripLines * lineHeight + 2 * padding
        layout = ReviewLayout(tileWidth: tileWidth, tileHeight: tileHeight, count: tiles, labelHeight: labelHeight,
                              stripHeight: stripHeight, gap: max(Int(clamping: (8 * scale).rounded()), 4))
        guard layout.width <= ReviewReel.maxSide, layout.height <= ReviewReel.maxSide else {
            throw UsageError(message: "\(tiles) tiles at --scale \(scale) make a \(layout.width)x\(layout.height) frame; the limit is \(ReviewReel.maxSide) px a side: try a smaller --scale", usage: nil)
        }

        let alphaFramebuffer = forEncoder && layout.isBareTile
        if let given, given.outputSize == (tileWidth, tileHeight), !alphaFramebuffer {
            context = given
        } else {
            context = try RenderContext(target: .offscreen(width: tileWidth, height: tileHeight), rendererName: rendererName, vsync: false,
                                        alphaFramebuffer: alphaFramebuffer)
        }
        var made: [ReviewVariant] = []
        // A recording of one bare tile, on a context of its own, draws nothing it does not
        // write: its frames are not timed one by one, and a framebuffer left untouched through an
        // intro (drawn into a texture, below) is not in memory until the intro is over.
        let priming: RendererPriming = alphaFramebuffer ? .none : .launchAndAppearance
        for (i, session) in sessions.enumerated() {
            let renderer = try session.makeSceneRenderer(context: context, mapping: PointToPixel(scale: scale), priming: priming)
            let variant = ReviewVariant(session: session, script: script, renderer: renderer, name: names[i])
            variant.notes = notes[i]
            made.append(variant)
        }
        variants = made
        // A recording that plays an intro draws the intro's frames into a texture, where an intro
        // frame's opaque area is written rather than drawn (`SceneRenderer.writeOpaqueIntro`): about
        // 15 ms of the software GL's time a frame for a full-screen intro on a Pro Max. Every
        // other frame is drawn into the framebuffer as before, with exactly its pixels: SDL
        // draws into a texture with its rows the other way up, and an edge through a pixel's
        // centre (a photo's side on half a pixel, the panel's text) can fall on the other pixel.
        // A recording without an intro has no texture, and its 14 MB at @3x stay spared.
        // A recording draws each intro frame once, in order: none is kept for another time.
        if forEncoder { for session in sessions { session.introMedia?.keepsDrawnLottieFrames = false } }
        // The texture is made for the first frame that shows the intro, and let go, with the
        // intro's own buffers, at the first frame after it that does not (`deviceFrame`).
        drawsIntroIntoTexture = forEncoder && layout.isBareTile && sessions.contains(where: { $0.introMedia != nil })
        markers = TouchMarkerRenderer(renderer: context.renderer)
        canvas = layout.isBareTile ? nil : try ReviewCanvas(width: layout.width, height: layout.height)
        tilePixels = canvas == nil ? nil : .allocate(byteCount: tileWidth * tileHeight * 4, alignment: 16)
    }

    deinit { tilePixels?.deallocate() }

    /// Draws one variant at one time into the shared context and reads its pixels into
    /// `destination`; returns the order of their rows.
    ///
    /// With `skippingUnchanged`, a tile whose scene and finger markers are those it showed last
    /// time in the same place is neither drawn nor read back (nil): what you see is a function
    /// of the scene, so its pixels would be the same. The hold before the hole and a settled feed
    /// are most of a splash recording's frames, and cost nothing to draw then.
    ///
    /// `destination` is asked for only once the drawing is under way: a recording's writer may
    /// still be writing the previous frame out of the buffer it gives.
    func deviceFrame(_ tile: ReviewTile, place: Int, skippingUnchanged: Bool,
                     into destination: () throws -> UnsafeMutableRawBufferPointer) throws -> RowOrder? {
        let variant = variants[tile.variant]
        variant.playback.seek(to: tile.time)
        let scene = tile.launch ? variant.session.launchScene() : variant.playback.scene
        let shownMarkers = options.showTouches ? TouchMarkers.markers(at: tile.time, log: variant.playback.log) : []
        let content = TileContent(variant: tile.variant, scene: scene, markers: shownMarkers)
        if skippingUnchanged && lastDrawn[place] == content { return nil }
        if kind != .single {
            // The renderer skips its clear when the first layer covers the screen, but at a
            // fractional size (375 pt at 0.5) the last pixel column is only partly covered and
            // keeps what was drawn before: here another tile's frame. Cleared as a fresh context
            // starts, every tile is exactly what the variant renders alone.
            SDL_SetRenderTarget(context.renderer, nil)
            SDL_SetRenderDrawColor(context.renderer, 0, 0, 0, 0)
            SDL_RenderClear(context.renderer)
        }
        if drawsIntroIntoTexture {
            if scene.showsIntroFrame && frameTarget == nil {
                frameTarget = try context.makeTexture(width: layout.tileWidth, height: layout.tileHeight, access: SDL_TEXTUREACCESS_TARGET,
                                                      blend: SDL_BLENDMODE_NONE, what: "the recording's frame texture")
            } else if !scene.showsIntroFrame && frameTarget != nil {
                // Past the intro a recording keeps none of what drew it: the peak of a
                // recording with an intro is the intro's buffers and the disappearance's together.
                frameTarget = nil
                variant.renderer.releaseIntroFrame()
            }
        }
        variant.renderer.drawTarget = frameTarget.flatMap { scene.showsIntroFrame ? $0.handle : nil }
        try variant.renderer.draw(scene)
        if options.showTouches {
            let device = variant.session.options.device
            try markers.draw(shownMarkers, mapping: PointToPixel(scale: scale), deviceWidth: device.width, deviceHeight: device.height)
        }
        context.startDrawing()
        let order: RowOrder
        if let yuvReadBack {
            // A texture holds RGBA and reads it fastest so; the framebuffer may be BGRA.
            try yuvReadBack.read(from: context, channels: variant.renderer.drawTarget == nil ? context.fastestReadOrder : .rgba, into: try destination())
            order = .topDown
        } else {
            order = try context.readPixels(width: layout.tileWidth, height: layout.tileHeight, channels: canvas == nil ? channels : .rgba, into: try destination())
        }
        lastDrawn[place] = content
        return order
    }

    /// A review frame of `tiles` into `destination` (`width` × `height` RGBA): the device frames
    /// in their places, each tile's label, and the strip. `frame` and `frames` number the frame
    /// in a recording, for the counter. With `skippingUnchanged` a bare tile that is the same as
    /// last time is not drawn again (`.sameAsPrevious`); on the canvas, an unchanged tile's
    /// pixels are still there from the frame before.
    func compose(_ tiles: [ReviewTile], frame: Int? = nil, of frames: Int? = nil, skippingUnchanged: Bool,
                 into destination: () throws -> UnsafeMutableRawBufferPointer) throws -> DrawnFrame {
        guard let canvas, let tilePixels else {
            let order = try deviceFrame(tiles[0], place: 0, skippingUnchanged: skippingUnchanged, into: destination)
            return order.map(DrawnFrame.drawn) ?? .sameAsPrevious
        }
        for (i, tile) in tiles.enumerated() {
            if let order = try deviceFrame(tile, place: i, skippingUnchanged: skippingUnchanged, into: { tilePixels }) {
                canvas.place(UnsafeRawBufferPointer(tilePixels), order: order, in: layout.tile(i))
            }
            if labelLines > 0 { try drawLabel(i, tile, on: canvas) }
        }
        if layout.stripHeight > 0 { try drawStrip(tiles, frame: frame, of: frames, on: canvas) }
        let frameBytes = try destination()
        canvas.pixels.withUnsafeBytes { frameBytes.copyMemory(from: $0) }
        return .drawn(.topDown)
    }

    /// A review frame of `tiles` as RGBA bytes, top row first: a still.
    package func compose(_ tiles: [ReviewTile]) throws -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        try pixels.withUnsafeMutableBytes { buffer in
            if try compose(tiles, skippingUnchanged: false, into: { buffer }) == .drawn(.bottomUp) {
                flipRows(buffer, rowBytes: width * 4, rows: height)
            }
        }
        return pixels
    }

    /// Every tile at time t into `destination`: a single take, or the variants side by side,
    /// frame-locked. A frame the same as the one before is `.sameAsPrevious`, not drawn again,
    /// and `destination` is not asked for.
    func frame(at t: Double, index: Int, of frames: Int, into destination: () throws -> UnsafeMutableRawBufferPointer) throws -> DrawnFrame {
        try compose(variants.indices.map { ReviewTile(variant: $0, time: t) }, frame: index, of: frames, skippingUnchanged: true, into: destination)
    }

    // MARK: Text

    static func seconds(_ t: Double) -> String { String(format: "%.3f s", t) }

    func phase(_ tile: ReviewTile) -> String {
        tile.launch ? "launch frame" : variants[tile.variant].playback.activity
    }

    /// A comment on one line of the strip: its time, its author and its text, line breaks as spaces.
    static func commentText(_ c: ReviewComment) -> String {
        let text = c.text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return "comment \(String(format: "%.3f s", c.time))  \(c.author.isEmpty ? "" : c.author + ": ")\(text)"
    }

    func rateText() -> String { "rate \(JSONOutput.number(options.rate).text)×" }

    func deviceText(_ v: ReviewVariant) -> String {
        let d = v.session.options.device
        return "\(d.name) \(d.orientation.rawValue) @\(JSONOutput.number(scale).text)x"
    }

    func fileText(_ v: ReviewVariant) -> String {
        "\(URL(fileURLWithPath: v.session.timingsPath).lastPathComponent) #\(v.hash)"
    }

    private func drawLabel(_ i: Int, _ tile: ReviewTile, on canvas: ReviewCanvas) throws {
        let box = layout.label(i)
        canvas.fill(box, ReviewCanvas.background)
        let v = variants[tile.variant]
        var lines: [(String, Color)] = []
        switch kind {
        case .single: return
        case .filmstrip:
            lines = [("\(ReviewReel.seconds(tile.time))  ·  \(phase(tile))", ReviewCanvas.labelColor)]
        case .compare:
            lines = [("\(v.name)  #\(v.hash)", ReviewCanvas.labelColor)] + v.notes.map { ($0, ReviewCanvas.secondaryColor) }
            if options.burnIn { lines.append((phase(tile), ReviewCanvas.labelColor)) }
        }
        for (n, (text, color)) in lines.enumerated() {
            try canvas.text(text, x: box.x, y: box.y + n * lineHeight, size: fontSize, color: color, maxWidth: box.width)
        }
    }

    private func drawStrip(_ tiles: [ReviewTile], frame: Int?, of frames: Int?, on canvas: ReviewCanvas) throws {
        let box = layout.strip
        canvas.fill(box, ReviewCanvas.background)
        let first = variants[tiles[0].variant]
        let counter = frame.map { f in frames.map { "frame \(f + 1)/\($0)" } ?? "frame \(f + 1)" }
        var lines: [String]
        switch kind {
        case .single:
            lines = [(["t " + ReviewReel.seconds(tiles[0].time), counter, phase(tiles[0]), rateText()].compactMap { $0 })
                        .joined(separator: "   "),
                     "\(deviceText(first))   \(fileText(first))"]
        case .compare:
            lines = [(["t " + ReviewReel.seconds(tiles[0].time), counter, rateText()].compactMap { $0 }).joined(separator: "   ")]
            if options.burnIn { lines.append("\(deviceText(first))   seed \(first.session.seed)") }
        case .filmstrip:
            let times = tiles.map(\.time)
            lines = ["\(deviceText(first))   \(fileText(first))   \(JSONOutput.number(times.first ?? 0).text)–\(JSONOutput.number(times.last ?? 0).text) s in \(tiles.count) frames"]
        }
        if kind != .filmstrip, options.showsComments, let comments = options.comments {
            lines.append(comments.shown(at: tiles[0].time).map(ReviewReel.commentText) ?? "")
        }
        // Aligned with the tiles' left edge when there is a margin.
        let left = max(padding, layout.gap)
        for (n, text) in lines.enumerated() {
            try canvas.text(text, x: box.x + left, y: box.y + padding + n * lineHeight, size: fontSize, maxWidth: box.width - 2 * left)
        }
    }

    // MARK: Differences

    /// The most parameter lines a label lists before summing up the rest.
    static let maxDifferenceLines = 3

    /// Each file's label lines: the parameters that differ between the first file and any other,
    /// with that file's values (so the first lists its own values for the same key paths), or
    /// that it is identical to the first.
    static func differences(_ timings: [Timings], names: [String]) -> [[String]] {
        let reference = timings[0]
        let differing = TimingsSchema.parameters.filter { p in timings.dropFirst().contains { p.value(in: $0) != p.value(in: reference) } }
        return timings.enumerated().map { i, t in
            if differing.isEmpty { return [i == 0 ? "the reference" : "identical to \(names[0])"] }
            let own = i == 0 ? differing : differing.filter { $0.value(in: t) != $0.value(in: reference) }
            if own.isEmpty { return ["identical to \(names[0])"] }
            var lines = own.map { "\($0.path) = \($0.value(in: t).json.text)" }
            if lines.count > maxDifferenceLines {
                let rest = lines.count - (maxDifferenceLines - 1)
                lines = Array(lines.prefix(maxDifferenceLines - 1)) + ["and \(rest) more"]
            }
            return lines
        }
    }

    /// The names labels show: each file's name, or its path as given where two names clash.
    static func labelNames(_ paths: [String]) -> [String] {
        let names = paths.map { URL(fileURLWithPath: $0).lastPathComponent }
        return zip(paths, names).map { path, name in names.filter { $0 == name }.count > 1 ? path : name }
    }

    /// Where each tile is, for cropping one out (`ffmpeg -vf crop=W:H:X:Y`): `name at X,Y WxH`,
    /// named by file for `--compare` and by time for `--filmstrip`.
    package func tileSummary(_ tiles: [ReviewTile]) -> String {
        tiles.enumerated().map { i, tile in
            let b = layout.tile(i)
            let name = kind == .filmstrip ? ReviewReel.seconds(tile.time) : variants[tile.variant].name
            return "\(name) at \(b.x),\(b.y) \(b.width)x\(b.height)"
        }.joined(separator: "; ")
    }
}

// MARK: - Sessions for --compare

/// The sessions of `--compare`'s files: the same options and seed, each file's timings. A missing
/// or broken file is a usage error, found before any rendering.
func compareSessions(_ paths: [String], options: PreviewOptions, usage: String) throws -> [PreviewSession] {
    let compare = CLIOption.compare.name
    var sessions: [PreviewSession] = []
    var shared = options
    for path in paths {
        guard FileManager.default.fileExists(atPath: path) else {
            throw UsageError(message: "\(compare): timings file \(path) not found", usage: usage)
        }
        shared.timingsPath = path
        // A broken file is named as --compare's, with its place. The session reads each file
        // once, so a pipe (`<(…)`) works too.
        let session: PreviewSession
        do { session = try makeSession(shared) } catch let error as JSONFileError {
            throw UsageError(message: "\(compare): \(error)", usage: usage)
        }
        // Every variant plays the first one's seed, so the splash text and the feed match.
        shared.seed = session.seed
        sessions.append(session)
    }
    return sessions
}

/// The sessions a review command draws: `--compare`'s files, or the one session of the options;
/// with the names their labels show.
/// The sessions made on another thread while this one brings up SDL and the tile's GL context:
/// a project's import is CPU work (70 ms for the largest shared project file, most of it
/// Foundation reading it), the context's creation mostly the driver's (40-60 ms under llvmpipe),
/// and neither needs the other. SDL, SDL_image and SDL_ttf are started first, on this thread,
/// so the import's text measurer and image decoder find them started and use only their own
/// fonts and surfaces. The context is nil when the tile is too large to make one: `ReviewReel`
/// then says so with its own message.
package func sessionsBesideContext(_ source: ReviewSource) throws -> (sessions: [PreviewSession], names: [String], context: RenderContext?) {
    let device = source.preview.device
    let tileWidth = Int(clamping: (device.width * source.scale).rounded()), tileHeight = Int(clamping: (device.height * source.scale).rounded())
    guard tileWidth <= AssetCatalog.maxImageSide, tileHeight <= AssetCatalog.maxImageSide else {
        let (sessions, names) = try reviewSessions(source)
        return (sessions, names, nil)
    }
    try SDLSession.start(offscreen: true)
    let pending = PendingSessions(source)
    let context = Result { try RenderContext(target: .offscreen(width: tileWidth, height: tileHeight), rendererName: source.preview.renderer, vsync: false) }
    let (sessions, names) = try pending.wait()
    return (sessions, names, try context.get())
}

/// `reviewSessions` run on a thread of its own, waited for once.
final class PendingSessions: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    /// Written by the thread before it signals, read after the wait: the semaphore orders them.
    private var outcome: Result<(sessions: [PreviewSession], names: [String]), Error>?

    init(_ source: ReviewSource) {
        Thread.detachNewThread { [self] in
            outcome = Result { try reviewSessions(source) }
            finished.signal()
        }
    }

    func wait() throws -> (sessions: [PreviewSession], names: [String]) {
        finished.wait()
        return try outcome!.get()
    }
}

package func reviewSessions(_ source: ReviewSource) throws -> (sessions: [PreviewSession], names: [String]) {
    let options = source.preview, usage = source.usage
    let (sessions, names) = try timingsSessions(source.comparedFiles, options: options, usage: usage)
    guard options.appearances.count > 1 else { return (sessions, names) }
    // Each variant in each appearance, side by side: light | dark.
    let both = try sessions.flatMap { s in try options.appearances.map { try s.withAppearance($0) } }
    let labels = names.flatMap { n in options.appearances.map { sessions.count > 1 ? "\(n) \($0.rawValue)" : $0.rawValue } }
    guard both.count <= Int(OptionBounds.comparedFiles.upperBound) else {
        throw UsageError(message: "\(both.count) tiles side by side is more than \(Int(OptionBounds.comparedFiles.upperBound)): compare fewer files in both appearances", usage: usage)
    }
    return (both, labels)
}

/// `--comments`' file read and kept to the take of `duration` preview seconds, each comment left
/// out named on standard error.
package func takeComments(_ path: String, duration: Double) throws -> ReviewComments {
    let (kept, warnings) = try ReviewComments.load(path: path).within(duration: duration, path: path)
    for w in warnings { printError("warning: " + w) }
    return kept
}

/// The sessions of `--compare`'s timings files, or the one session.
func timingsSessions(_ comparedFiles: [String]?, options: PreviewOptions, usage: String) throws -> (sessions: [PreviewSession], names: [String]) {
    guard let paths = comparedFiles else {
        let session = try makeSession(options)
        return ([session], [URL(fileURLWithPath: session.timingsPath).lastPathComponent])
    }
    let sessions = try compareSessions(paths, options: options, usage: usage)
    let names = ReviewReel.labelNames(paths)
    for i in sessions.indices.dropFirst() where sessions[i].timings == sessions[0].timings {
        printError("warning: \(names[i]) has the same timings as \(names[0]): their tiles will be identical")
    }
    return (sessions, names)
}
