import App
import Session
import Formats
import Foundation
import Render

/// Carries out the window's effects (files, processes, the clock) outside the pure
/// `WindowState.reduce`, and turns what comes back from outside (a save's result, a written or
/// failed kept file, a finished capture render, the timings file changing on disk) into actions for it.
struct WindowEffectsRunner {
    let files: WindowFileEffects
    let seed: UInt64
    /// The window's own command line, whose preview options a capture's render repeats.
    let launchArguments: [String]
    let watcher: TimingsFileWatcher
    var lastWatch = 0.0
    /// Captures' videos being rendered by a child `splashlab record` (`checkCaptureRenders`).
    var captureRenders: [(process: Subprocess, video: String)] = []

    init(session: PreviewSession, launchArguments: [String]) {
        files = WindowFileEffects(recoveryPath: TimingsDocument.recoveryPath(for: session.timingsPath))
        seed = session.seed
        self.launchArguments = launchArguments
        watcher = TimingsFileWatcher(path: session.timingsPath, current: session.timings, contents: session.timingsBytes)
    }

    /// Performs one effect; returns what came of it, as actions for the reducer.
    mutating func perform(_ effect: WindowEffect) -> [WindowAction] {
        if let reported = files.perform(effect) { return reported }
        switch effect {
        case let .log(text):
            printError(text)
            return []
        case let .rememberLayout(layout):
            return rememberLayout(layout)
        case let .writeCapture(script, duration, showTouches):
            let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
            let base = FileManager.default.currentDirectoryPath + "/capture-\(stamp)"
            do { try OutputFile.write(script.json.text + "\n", to: base + ".json") } catch {
                printError("splashlab: \(error)")
                return [.say("\(error)", isError: true)]
            }
            // The video is rendered offline from the script: hitch-free, whatever this window's frame rate was.
            guard duration <= OptionBounds.recordingSeconds else {
                return [.say("wrote \(base).json; no video: the take is \(Int(duration)) s, over the \(Int(OptionBounds.recordingSeconds)) s a recording may be",
                             isError: true)]
            }
            let render: Subprocess
            // Its standard error is this process's: the child's own message says why it failed.
            do {
                render = try Subprocess(URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path,
                                        CLI.captureCommand(video: base + ".mp4", script: base + ".json", seed: seed, duration: duration,
                                                           showTouches: showTouches, windowArguments: launchArguments),
                                        errors: .inherit)
            } catch {
                return [.say("wrote \(base).json; could not start the video render: \(error.localizedDescription)", isError: true)]
            }
            captureRenders.append((render, base + ".mp4"))
            printError("wrote \(base).json (\(script.events.count) inputs); rendering \(base).mp4")
            return [.say("wrote \(base).json; rendering \(base).mp4", isError: false)]
        case .writeRecovery, .save, .writeKeptFile:
            return []  // the file effects, above
        }
    }

    /// Unsaved edits kept by an earlier session that ended without saving, unless they are the
    /// document's current values: offered, not applied.
    func lookForRecovery(of document: TimingsDocument) -> [WindowAction] {
        let path = files.recoveryPath
        guard FileManager.default.fileExists(atPath: path), let kept = try? Timings.load(path: path), kept != document.current else { return [] }
        return [.document(.recoveryFound(kept, keptIn: path))]
    }

    // MARK: Hot reload

    /// The timings file as it is on disk now, when it changed: at most ten looks a second, so a
    /// saved edit shows within about 100 ms (the promise is 250).
    mutating func watchTimings(now: Double) -> [WindowAction] {
        guard now - lastWatch >= 0.1 else { return [] }
        lastWatch = now
        switch watcher.poll() {
        case .none: return []
        case let .reloaded(timings)?:
            let text = String(decoding: watcher.lastContents ?? [], as: UTF8.self)
            return [.document(.diskChanged(text: text, timings: timings, path: watcher.path))]
        case let .failed(error)?:
            return [.document(.reloadFailed("\(error)"))]
        }
    }

    // MARK: Child processes

    /// A capture's video is rendered by a child process, and its end is shown, so a render that
    /// failed (a full disk, say) is not taken for one still on its way. The child shares this
    /// process's standard error, where its own message says why.
    mutating func checkCaptureRenders() -> [WindowAction] {
        let finished = captureRenders.compactMap { render in render.process.exitIfEnded().map { (render, $0) } }
        guard !finished.isEmpty else { return [] }
        captureRenders.removeAll { render in finished.contains { $0.0.process === render.process } }
        return finished.map { render, termination in
            let status = termination.status
            if status == 0 { return .say("wrote \(render.video)", isError: false) }
            printError("splashlab: could not write \(render.video): its render ended with status \(status)")
            return .say("could not write \(render.video) (status \(status); the reason is on standard error)", isError: true)
        }
    }
}
