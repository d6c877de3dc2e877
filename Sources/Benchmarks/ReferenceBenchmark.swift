import App
import Formats
import Foundation
import Render
import Scenes

/// `splashlab bench --reference FILE`: the recording decoded once, every frame, at the size the
/// device is shown in the default 1920×1080 workbench (the device fitted into the canvas the tools
/// leave, one pixel a window unit), each frame put in a `ReferenceFrameCache` of the default
/// budget as a window showing it would. Prints the wall time against the recording's length and
/// the peak memory of this process and of ffmpeg.
package func referenceBenchmark(file: String, device: Device) throws -> JSONOutput {
    let recording = try ReferenceRecording(path: file)
    let workbench = WorkbenchLayout.make(width: 1920, height: 1080, splitters: WorkbenchSplitters(), toolsShown: true)
    let screen = CanvasLayout.fit(deviceWidth: device.width, deviceHeight: device.height, in: workbench.canvas)
    let width = max(Int(screen.width.rounded()), 1), height = max(Int(screen.height.rounded()), 1)
    var cache = ReferenceFrameCache()
    var checksum = 0.0
    let start = MonotonicClock.now()
    let decoding = try recording.decodeFrames(width: width, height: height) { frame in
        checksum += Double(frame.pixels[frame.pixels.count / 2])
        cache.append(frame)
        return true
    }
    let elapsed = MonotonicClock.now() - start
    keep(checksum)
    var children = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &children)
    let round1 = { (v: Double) in JSONOutput.number((v * 10).rounded() / 10) }
    let round3 = { (v: Double) in JSONOutput.number((v * 1000).rounded() / 1000) }
    return .object([
        ("reference", .string(file)),
        ("size", .string("\(recording.width)x\(recording.height)")),
        ("codec", .string(recording.codec)),
        ("frames", .number(Double(decoding.frames))),
        ("seconds", round3(recording.duration)),
        ("shownSize", .string("\(width)x\(height)")),
        ("decodeSeconds", round3(elapsed)),
        ("decodeOverLength", round3(recording.duration > 0 ? elapsed / recording.duration : 0)),
        ("cacheBudgetMB", .number(Double(cache.byteBudget >> 20))),
        ("cacheHeldMB", round1(Double(cache.bytes) / 1_048_576)),
        ("framesHeld", .number(Double(cache.frames.count))),
        ("peakRSSMB", round1(peakResidentMegabytes())),
        // ru_maxrss of the children is the largest one's, in KiB on Linux: the ffmpeg that decoded.
        ("ffmpegPeakRSSMB", round1(Double(children.ru_maxrss) / 1024)),
    ])
}
