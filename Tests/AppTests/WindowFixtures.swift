@testable import App
import Formats
import Scenes
import TestFixtures

/// The preview the window tests open: an iPhone SE, text variant 3, feed seed 5.
func windowPreview(_ timings: Timings = Timings()) -> Preview {
    fixturePreview(on: Device.named("iphone-se")!, timings: timings, options: SplashOptions(textVariant: 3), feedSeed: 5)
}

/// The built-in timings, opened as the window opens them, saving to a path that does not exist.
func builtInDocument() -> TimingsDocument {
    TimingsDocument(sourcePath: "/nonexistent/Assets/timings.json", text: TimingsSchema.fileText(Timings()), timings: Timings(),
                    sourceIsBuiltIn: true, saveTo: "/nonexistent/timings.json")
}

/// The window at rest at a 60 Hz refresh rate.
func windowState(preview: Preview = windowPreview(), document: TimingsDocument = builtInDocument()) -> WindowState {
    WindowState(playback: Playback(initial: preview), document: document, refreshRate: 60)
}

/// Ticks of a 60 Hz window until the preview reaches `t`.
func advance(_ s: inout WindowState, to t: Double) {
    while s.time < t - 1e-9 { _ = s.reduce(.tick(realSeconds: min(1.0 / 60, t - s.time), wallTime: s.wallTime + 1.0 / 60)) }
}
