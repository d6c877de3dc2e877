import App
import Geometry
import Render
import Scenes

/// The launch screen in the window: drawn as its first frame, as iOS draws it before the app's
/// first frame, then compared with the intro's frame 0 the next frame shows. Where they differ
/// the user sees the blink, one frame each. The appearance (D) and the user's screen (N) are
/// carried to the renderer here.
extension WindowShell {
    /// Sets the renderer to the appearance and the user's screen the state shows.
    mutating func syncLaunchAndScreen() {
        if state.appearance != shownAppearance {
            let shown = (try? session.withAppearance(state.appearance)) ?? session
            renderer.launchBackground = shown.launchBackground
            renderer.launchScreen = shown.resolvedLaunchScreen
            // The dark intro file is drawn in place of the light one when it plays on the same
            // frame times, so the take the window holds stays the same take.
            if let intro = shown.introMedia, intro.clip.duration == preview.splash.intro?.clip.duration,
               intro.clip.frameCount == preview.splash.intro?.clip.frameCount {
                renderer.introMedia = intro
            }
            shownAppearance = state.appearance
            changedSinceDraw = true
        }
        let screen = state.shownPlayback.preview.userScreen
        if screen != shownScreen {
            renderer.screenImage = screen
            shownScreen = screen
            changedSinceDraw = true
        }
    }

    /// The pixel rectangle of the first device screen.
    func devicePixels(_ layout: WindowLayout) -> PixelRect {
        layout.deviceMappings[0].screen(width: preview.feed.device.width, height: preview.feed.device.height)
    }

    /// Draws and presents the launch screen alone, and keeps its pixels for the comparison.
    mutating func drawLaunchFrame(layout: WindowLayout) throws {
        renderer.setMapping(layout.deviceMappings[0])
        try renderer.draw(try session.withAppearance(state.appearance).launchScene())
        let r = devicePixels(layout)
        launchPixels = try renderer.context.readPixels(x: r.x, y: r.y, width: r.width, height: r.height)
        renderer.context.present()
        noteFirstPresent()
        launchFramesShown += 1
        holdClockOnce = true
    }

    /// Whether the first device screen shows the preview alone, so that its pixels are the
    /// preview's frame: not when B is drawn on the same screen (a wipe, an overlay or a
    /// difference, against a second take or a reference recording).
    func firstScreenShowsPreviewAlone(_ layout: WindowLayout, takes: Int) -> Bool {
        guard let mode = layout.compareMode, mode != .split else { return true }
        return !comparesReference && takes < 2
    }

    /// After the intro's first frame is drawn: how it differs from the launch frame. Not measured
    /// while B shares the screen: a recording's status bar over the right half read as a blink.
    mutating func compareWithLaunchFrame(layout: WindowLayout, takes: Int) throws {
        guard let launch = launchPixels else { return }
        launchPixels = nil
        guard firstScreenShowsPreviewAlone(layout, takes: takes) else { return }
        let r = devicePixels(layout)
        guard launch.count == r.width * r.height * 4 else { return }
        let intro = try renderer.context.readPixels(x: r.x, y: r.y, width: r.width, height: r.height)
        let blink = FrameDifference.between(launch, intro, width: r.width, height: r.height)
        launchBlink = blink
        graphCache.launchDifference = blink
    }
}
