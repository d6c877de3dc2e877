import App
import Session
import CSDL2
import Formats
import Foundation
import Recording
import Render
import Scenes

/// What `bench` measures of the real window, instead of leaving it to the user.
package enum WindowProbe {
    /// At rest, for this many seconds in each state (`bench --idle`).
    case idle(seconds: Double)
    /// Its frames against a floor, through a scripted session (`bench --window`).
    case frameCost

    /// Measured frames present without waiting for a refresh: a present is then its own cost.
    var presentsWithoutWaiting: Bool {
        if case .frameCost = self { return true }
        return false
    }
}

/// `splashlab run`: the preview window, driven by the real clock: the workbench, with the device
/// canvas, the properties panel and the timeline dock.
package func runWindow(_ arguments: [String], probe: WindowProbe? = nil) throws -> Int32 {
    let runOptions = try RunOptions(arguments)
    let options = runOptions.preview
    guard options.appearances.count == 1 else {
        throw UsageError(message: "the window shows one appearance at a time (D switches): \(CLIOption.appearance.name) light or dark", usage: CLI.usage("run"))
    }
    let csvPath = runOptions.framesCSVPath
    let env = ProcessInfo.processInfo.environment
    let driver = env["SDL_VIDEODRIVER"]
    if (env["DISPLAY"] ?? "").isEmpty && (env["WAYLAND_DISPLAY"] ?? "").isEmpty && driver != "offscreen" && driver != "dummy" {
        throw UsageError(message: "no display for the preview window (DISPLAY is not set); try 'splashlab render --at 2.3 --out frame.png' or 'splashlab record' instead", usage: nil)
    }
    var app = try openWindow(runOptions, arguments: arguments, vsync: probe?.presentsWithoutWaiting != true)
    switch probe {
    case let .idle(seconds)?:
        app.idleProbe = IdleProbe(seconds: seconds)
        app.dispatch(.playback(.setLoop(nil)))
    case .frameCost?:
        app.costProbe = WindowCostProbe(toolsShown: app.inspectorVisible)
        app.dispatch(.playback(.setLoop(nil)))
    case nil: break
    }
    app.loop()
    app.close()
    if let csvPath {
        let budget = FrameBudget(refreshRate: 1 / app.state.frameStep)
        let text = ([FrameRecord.csvHeader] + app.allFrames.map { $0.csvRow(budget: budget) }).joined(separator: "\n") + "\n"
        try OutputFile.write(text, to: csvPath)
        printError("wrote \(app.allFrames.count) frames to \(csvPath)")
    }
    if let report = app.idleProbe?.report ?? app.costProbe?.report {
        try printOutput(report.text)
    } else if probe != nil {
        // Closed (a window manager's close, a signal) before the measuring was over: no figures.
        printError("splashlab: the window closed before bench had measured it; nothing to report")
        return 1
    }
    return 0
}

/// The window of `splashlab run`, open and set up, before its loop.
func openWindow(_ runOptions: RunOptions, arguments: [String], vsync: Bool = true) throws -> WindowShell {
    let options = runOptions.preview
    let session = try makeSession(options)
    let replay = try runOptions.replayPath.map { try InputScript.load(path: $0) }
    // The window's take runs as long as it is used: a comment is outside it only before 0 or past
    // the latest time the window can show.
    let comments = try runOptions.commentsPath.map { try takeComments($0, duration: OptionBounds.previewTime.upperBound).comments } ?? []
    let document = try openDocument(session, saveTo: runOptions.saveTo)
    // Before SDL starts for the window: the alignment draws the preview offscreen, in a child.
    let reference = try runOptions.reference.map { try WindowReference.open($0, preview: options, windowArguments: arguments) }
    try SDLSession.start(offscreen: false)
    let logoPreparation = LogoPreparation(catalog: session.catalog)
    let showInspector = runOptions.inspector ?? true
    let remembered = WindowEffectsRunner.rememberedLayoutPath.map { RememberedLayout.load(path: $0) } ?? (layout: RememberedLayout(), warning: nil)
    if let warning = remembered.warning { printError(warning) }
    let (width, height) = workbenchWindowSize(device: options.device, requestedScale: runOptions.windowScale, toolsShown: showInspector,
                                              remembered: remembered.layout)
    let context = try RenderContext(target: .window(title: "SplashLab - \(options.device.name)", width: width, height: height, resizable: true),
                                    rendererName: options.renderer, vsync: vsync)
    SDLSession.installQuitOnSignal()
    SDL_SetWindowMinimumSize(context.window, Int32(min(width, 480)), Int32(min(height, 360)))
    let output = context.outputSize
    let renderer = try session.makeSceneRenderer(
        context: context,
        mapping: .letterbox(width: options.device.width, height: options.device.height, outputWidth: output.width, outputHeight: output.height),
        priming: .none, logoPreparation: logoPreparation)
    session.reportWarnings()
    // The recording decoded once, at the pixel size of the screen the window draws it over as it
    // opens comparing (`--compare-mode`, split by default, where B's is the right-hand screen;
    // the timeline dock shown, as it opens). At exactly that size each frame is copied 1:1, not
    // stretched again: the comparison is as sharp as the decode, and the difference view samples
    // it nearest (GLDifferencePass).
    var referenceFrames: ReferenceFrameTexture?
    if let reference {
        let opening = WindowLayout(windowWidth: width, windowHeight: height, outputWidth: output.width, outputHeight: output.height,
                                   device: options.device, toolsShown: showInspector, timelineShown: true,
                                   splitters: remembered.layout.splitters, compareMode: runOptions.reference?.mode ?? .split)
        let screen = (opening.deviceMappings.last ?? PointToPixel(scale: 1)).screen(width: options.device.width, height: options.device.height)
        let frames = try ReferenceFrameTexture(recording: reference.recording, width: max(screen.width, 1),
                                               height: max(screen.height, 1), context: context)
        for warning in frames.warnings { printError("warning: \(warning)") }
        referenceFrames = frames
    }
    let track = reference.flatMap { r in
        referenceFrames.map {
            var track = ReferenceTrack(name: r.name, frameTimes: $0.frames.map(\.time), offset: r.offset)
            (track.curveTimes, track.curveShares) = (r.curveTimes, r.curveShares)
            return track
        }
    }
    var configuration = WindowConfiguration(inspectorShown: showInspector, splitters: remembered.layout.splitters,
                                            windowSize: (Double(width), Double(height)), reference: track)
    if runOptions.compareOnOpen { configuration.comparing = runOptions.reference?.mode }
    configuration.comments = comments
    var app = try WindowShell(session: session, renderer: renderer, refreshRate: runOptions.fps ?? displayRefreshRate(),
                              replay: replay, document: document, configuration: configuration, launchArguments: arguments)
    app.referenceFrames = referenceFrames
    app.uiDumpPath = runOptions.uiDumpPath
    app.stateOutPath = runOptions.stateOutPath
    // H's own action: the HUD's key shows the inspector with it, so --hud does too.
    if runOptions.hud { app.dispatch(.tools(.toggle(.hud))) }
    app.keepAllFrames = runOptions.framesCSVPath != nil
    app.checkRecovery()
    return app
}

extension WindowShell {
    /// Closes the window: the inspector's font atlas goes before the renderer that made it; then
    /// every context, then SDL.
    func close() {
        inspector.shutdown()
        compositor.release()
        referenceFrames?.release()
        renderer.context.close()
        SDLSession.stop()
        session.reportWarnings(renderer.images.catalog.warnings)
    }
}

/// The timings file of a session as a document to tune: its text as read, and where a save goes.
func openDocument(_ session: PreviewSession, saveTo: String?) throws -> TimingsDocument {
    let builtIn = URL(fileURLWithPath: session.timingsPath).deletingLastPathComponent().standardized.path
        == URL(fileURLWithPath: session.catalog.builtIn).standardized.path
    return TimingsDocument(sourcePath: session.timingsPath, text: String(decoding: session.timingsBytes, as: UTF8.self), timings: session.timings,
                           sourceIsBuiltIn: builtIn, saveTo: saveTo)
}

func displayRefreshRate() -> Double {
    var mode = SDL_DisplayMode()
    if SDL_GetCurrentDisplayMode(0, &mode) == 0, mode.refresh_rate > 0 { return Double(mode.refresh_rate) }
    return 60
}

/// The window's reference recording, read and aligned before the window opens, with its
/// difference curve.
struct WindowReference {
    let recording: ReferenceRecording
    let name: String
    let offset: Double
    /// `compare-video`'s curve: preview times and shares of differing blocks.
    var curveTimes: [Double] = []
    var curveShares: [Double] = []

    /// Reads the recording, then runs `compare-video --csv` in a child process given the
    /// window's options that change what is drawn: the preview is drawn offscreen there, away from
    /// this process's window. It finds the offset (or takes `--reference-offset`) and says it and
    /// its certainty on standard error, which is passed on; its CSV is the curve. Without an
    /// offset of its own the window needs the child's; with one, a failed child leaves the window
    /// without the curve, said so.
    static func open(_ options: ReferenceOptions, preview: PreviewOptions, windowArguments: [String]) throws -> WindowReference {
        let recording: ReferenceRecording
        do { recording = try ReferenceRecording(path: options.path) } catch let error as RenderError {
            throw UsageError(message: error.message, usage: nil)
        }
        var reference = WindowReference(recording: recording, name: URL(fileURLWithPath: options.path).lastPathComponent, offset: options.offset ?? 0)
        let scale = ReferenceBeside.ownScale(recording, device: preview.device)
        let arguments = ["compare-video", options.path, CLIOption.csv.name, CLIOption.scale.name, JSONOutput.number(scale).text]
            + (options.offset.map { [CLIOption.referenceOffset.name, JSONOutput.number($0).text] } ?? []) + CLI.forwardedToCapture(windowArguments)
        var said = ""
        var status: Int32 = -1
        do {
            let child = try Subprocess(programPath, arguments, output: .pipe, errors: .collect)
            // The curve's CSV: 60 rows a second of the take, a few dozen bytes each.
            let csv = String(decoding: try child.readOutput(limit: 64 << 20), as: UTF8.self)
            status = child.wait().status
            said = child.errorLines.joined(separator: "\n")
            for row in csv.split(separator: "\n").dropFirst() {
                let fields = row.split(separator: ",")
                guard fields.count == 4, let t = Double(fields[0]), let share = Double(fields[2]) else { continue }
                reference.curveTimes.append(t)
                reference.curveShares.append(share)
            }
        } catch is Subprocess.OutputLimitExceeded {
            said = "compare-video wrote more than the curve's 64 MiB"
        } catch {
            said = "could not start \(programPath): \(error.localizedDescription)"
        }
        if !said.isEmpty { printError(said.trimmingCharacters(in: .newlines)) }
        // 0: every phase agrees, 1: a phase differs; both made the curve.
        let offsetLine = said.split(separator: "\n").first { $0.hasPrefix("offset: ") }
        let found = offsetLine.flatMap { Double($0.dropFirst("offset: ".count).prefix { $0 != " " }) }
        guard status == 0 || status == 1, let found else {
            guard options.offset != nil else {
                throw UsageError(message: "\(options.path): its offset was not found (the reason is above); give \(CLIOption.referenceOffset.name) S", usage: nil)
            }
            printError("warning: \(options.path): no difference curve for the Graph view (the reason is above)")
            return reference
        }
        return WindowReference(recording: recording, name: reference.name, offset: options.offset ?? found, curveTimes: reference.curveTimes, curveShares: reference.curveShares)
    }

    /// This program, to run as a child: the running executable, or in a test process (XCTest's)
    /// the `splashlab` built beside it.
    static var programPath: String {
        let running = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let beside = running.deletingLastPathComponent().appendingPathComponent("splashlab").path
        return running.lastPathComponent != "splashlab" && FileManager.default.isExecutableFile(atPath: beside) ? beside : running.path
    }
}
