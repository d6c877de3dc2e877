import App
import Formats
import Recording
import Scenes

/// `splashlab compare-video FILE`: a screen recording of the real app against the preview, frame
/// by frame. The recording is decoded once, in order, at the size the preview is drawn; the
/// launch cut is found as the frames arrive, and each preview frame (60 a second) is compared with
/// the reference frame shown then, the latest whose own time is not after it. Only the frames the
/// curve may still ask for are held (`ReferenceFrameCache`).
///
/// Exit codes: 0 every phase within `--max-difference`, 1 a phase past it (a CI job gates on it),
/// 2 bad input (the recording, the timings, the options).
func compareVideoCommand(_ arguments: [String]) throws -> Int32 {
    let options = try CompareVideoOptions(arguments)
    let comparison: ReferenceComparisonRun
    let result: ReferenceComparisonRun.Result
    do {
        comparison = try ReferenceComparisonRun(options)
        result = try comparison.run()
    } catch {
        guard let message = ReferenceComparisonRun.badInput(error, recordingPath: options.referencePath) else { throw error }
        printError("splashlab: " + message)
        return ExitCode.usage
    }
    for warning in result.warnings { printError("warning: \(warning)") }
    let summaries = ReferencePhaseSummary.summaries(result.samples)
    let report = comparison.report(result, summaries: summaries, maximumShare: options.maximumShare)
    if options.csv {
        try printOutput(ReferenceComparisonRun.csv(result.samples), terminator: "")
        printError(report)
    } else {
        try printOutput(report)
    }
    return summaries.contains { $0.differs(past: options.maximumShare) } ? ExitCode.failure : 0
}
