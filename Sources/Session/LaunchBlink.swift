import App
import Formats
import Geometry
import Render
import Scenes

/// The blink between the launch screen and the intro's first frame: both rendered headless at the
/// device's size, then compared (`FrameDifference`). `state --at 0` reports it and the window
/// shows it; a lint rule can ask for it here.
public enum LaunchBlink {
    /// The difference for a session in its appearance, rendered with `rendererName` (nil: the
    /// headless default).
    public static func measure(_ session: PreviewSession, rendererName: String? = nil) throws -> FrameDifference {
        let device = session.options.device
        let (w, h) = (device.pixelWidth, device.pixelHeight)
        let context = try RenderContext(target: .offscreen(width: w, height: h), rendererName: rendererName ?? session.options.renderer, vsync: false)
        let renderer = try session.makeSceneRenderer(context: context, mapping: PointToPixel(scale: device.scale))
        try renderer.draw(session.launchScene())
        let launch = try context.readPixels(width: w, height: h)
        try renderer.draw(session.preview.splash.scene(at: 0))
        let intro = try context.readPixels(width: w, height: h)
        return FrameDifference.between(launch, intro, width: w, height: h)
    }

    /// What `state` reports: where the launch screen came from, its appearance, and how the
    /// intro's first frame differs from it.
    public static func json(_ session: PreviewSession, difference: FrameDifference) -> JSONOutput {
        .object([("source", .string(session.launchScreen.source)), ("appearance", .string(session.appearance.rawValue)),
                 ("differingPixels", .int(difference.differingPixels)), ("totalPixels", .int(difference.totalPixels)),
                 ("largestColorDistance", .number((difference.largestColorDistance * 10).rounded() / 10))])
    }
}
