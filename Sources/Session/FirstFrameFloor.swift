import App
import Formats
import Foundation
import Render

/// The floor `bench` sets its first frame beside (`firstFrameFloorMs`): this same binary started
/// afresh, SDL started, and a bare window and renderer of the same size made, presented once and
/// read back one pixel, with nothing of SplashLab's own done, timed from the process's start as
/// `firstFrameMs` is. A child process, because in the measuring process SDL, the GL driver and
/// its shader compiler are warm already: a bare renderer made there costs a few milliseconds and
/// says nothing of a first frame. The child pays what any SDL program pays (the process, the
/// dynamic loader, the GL driver's start) and the loading of this binary's libraries, which the
/// dynamic loader's own statistics put at about 5 ms (`LD_DEBUG=statistics`).
public enum FirstFrameFloor {
    /// Set in the child's environment to "offscreen|window WIDTH HEIGHT RENDERER".
    public static let environmentKey = "SPLASHLAB_FIRST_FRAME_FLOOR"

    /// The floor in milliseconds, measured by a child of this binary; nil, with a warning, where
    /// the child could not say.
    public static func measure(window: Bool, width: Int, height: Int, rendererName: String) -> Double? {
        let spec = "\(window ? "window" : "offscreen") \(width) \(height) \(rendererName)"
        do {
            let child = try Subprocess(URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path, [], output: .pipe,
                                       errors: .collect, timeLimit: 30, environment: [environmentKey: spec])
            let text = String(decoding: try child.readOutput(limit: 4096), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard child.wait().status == 0, let ms = Double(text) else {
                printError("splashlab: the first frame's floor was not measured: \(child.lastErrorLine.isEmpty ? text : child.lastErrorLine)")
                return nil
            }
            return ms
        } catch {
            printError("splashlab: the first frame's floor was not measured: \(error)")
            return nil
        }
    }

    /// The child's side, run before anything else in `main` when `environmentKey` is set: prints
    /// the milliseconds from its start to the bare renderer's first present read back.
    public static func runChild(_ spec: String) -> Int32 {
        let words = spec.split(separator: " ").map(String.init)
        guard words.count == 4, let width = Int(words[1]), let height = Int(words[2]) else {
            printError("splashlab: \(environmentKey) must be 'offscreen|window WIDTH HEIGHT RENDERER' (got '\(spec)')")
            return 2
        }
        let window = words[0] == "window"
        do {
            try SDLSession.start(offscreen: !window)
            try RenderContext.presentBareRenderer(target: window ? .window(title: "", width: width, height: height, resizable: false)
                                                                  : .offscreen(width: width, height: height),
                                                  rendererName: words[3])
        } catch {
            printError("splashlab: \(error)")
            return 1
        }
        guard let seconds = secondsSinceProcessStart() else {
            printError("splashlab: /proc/self/stat gave no start time")
            return 1
        }
        print((seconds * 10_000).rounded() / 10)
        return 0
    }
}
