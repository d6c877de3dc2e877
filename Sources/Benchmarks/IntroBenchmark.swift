import App
import Formats
import Foundation
import Render
import Scenes

/// The pixel size a `width`×`height` pt intro is drawn at when it fills an iPhone 15 Pro Max's
/// whole screen, aspect fit (LottieAnimationView's default content mode), as the default
/// workbench shows that screen in a 1920×1080 window: the device fitted into the canvas the
/// properties panel and the timeline dock leave, one pixel a window unit.
func introOnScreenPixelSize(width: Double, height: Double) throws -> (width: Int, height: Int) {
    guard let device = Device.named("iphone-15-pro-max") else { throw UserFacingError("no iphone-15-pro-max device preset") }
    let workbench = WorkbenchLayout.make(width: 1920, height: 1080, splitters: WorkbenchSplitters(), toolsShown: true)
    let screen = CanvasLayout.fit(deviceWidth: device.width, deviceHeight: device.height, in: workbench.canvas)
    let fit = min(screen.width / width, screen.height / height)
    return (max(Int((width * fit).rounded()), 1), max(Int((height * fit).rounded()), 1))
}

/// `splashlab bench --intro FILE...`: each file's frames drawn by rlottie at the on-screen size
/// (`introOnScreenPixelSize`), every frame of the animation once a run (at most 240), seven runs;
/// the median run's milliseconds a frame. The frame cache is not used: this is the cost of a
/// frame drawn, what scrubbing to a new time pays.
package func introBenchmark(files: [String]) throws -> JSONOutput {
    let runs = 7
    var results: [JSONOutput] = []
    for file in files {
        let animation = try LottieAnimation(path: file)
        let size = try introOnScreenPixelSize(width: animation.summary.width, height: animation.summary.height)
        let frames = min(animation.frameCount, 240)
        // Spread over the whole animation, so a quiet stretch does not stand for a busy one.
        let step = Double(animation.frameCount) / Double(frames)
        var perFrame: [Double] = []
        for _ in 0..<runs {
            var sum = 0.0
            let start = MonotonicClock.now()
            for i in 0..<frames {
                let frame = animation.render(frame: Int(Double(i) * step), width: size.width, height: size.height)
                sum += Double(frame.pixels[frame.pixels.count / 2])
            }
            let elapsed = MonotonicClock.now() - start
            keep(sum)
            perFrame.append(elapsed / Double(frames) * 1000)
        }
        results.append(.object([
            ("file", .string(file)),
            ("pixelSize", .array([.int(size.width), .int(size.height)])),
            ("framesPerRun", .int(frames)),
            ("millisecondsPerFrame", .object([("median", .number((median(perFrame) * 1000).rounded() / 1000))])),
            ("warnings", .array(animation.summary.warnings.map { .string($0) })),
        ]))
    }
    return .object([("intro", .array(results)), ("runs", .int(runs))])
}

/// `splashlab bench --intro FILE --intro-frame N --out FILE.png`: frame N at the file's own size
/// times `scale`, as a PNG, to compare with another Lottie player's frame.
package func writeIntroFrame(file: String, frame: Int, scale: Double, out: String) throws {
    let animation = try LottieAnimation(path: file)
    guard frame < animation.frameCount else {
        throw UserFacingError("\(CLIOption.introFrame.name) \(frame) is past the animation's last frame, \(animation.frameCount - 1)", file: file)
    }
    for warning in animation.summary.warnings { FileHandle.standardError.write(Data("warning: \(warning)\n".utf8)) }
    let width = max(Int((animation.summary.width * scale).rounded()), 1), height = max(Int((animation.summary.height * scale).rounded()), 1)
    let image = animation.render(frame: frame, width: width, height: height)
    try writePNG(image.pixels, width: image.width, height: image.height, to: out)
}
