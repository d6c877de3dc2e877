import App
import Benchmarks
import PreviewWindow

/// `splashlab bench`: the scripted scenario rendered headless with vsync off, every frame
/// measured against a floor frame drawn in the same run; or, with --motion, the pure motion
/// math's throughput. Prints one JSON object.
func benchCommand(_ arguments: [String]) throws -> Int32 {
    switch try BenchOptions(arguments).mode {
    case .motion:
        try printOutput(try motionBenchmark().text)
    case let .idle(seconds, windowArguments):
        return try runWindow(windowArguments, probe: .idle(seconds: seconds))
    case let .window(windowArguments):
        return try runWindow(windowArguments, probe: .frameCost)
    case .frames(var preview, let scale, let frames, let csvPath):
        preview.seed = 1
        try printOutput(try frameBenchmark(options: preview, scale: scale, frames: frames, csvPath: csvPath, processStart: processStart).text)
    case let .intro(files):
        try printOutput(try introBenchmark(files: files).text)
    case let .introFrame(file, frame, scale, out):
        try writeIntroFrame(file: file, frame: frame, scale: scale, out: out)
    case let .reference(file, preview):
        try printOutput(try referenceBenchmark(file: file, device: preview.device).text)
    }
    return 0
}
