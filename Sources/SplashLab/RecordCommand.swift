import App
import Recording

/// `splashlab record`: the take written frame by frame to a video or a PNG sequence (the
/// Recording library does the work; this parses the options and times the run from the
/// process's start).
func recordCommand(_ arguments: [String]) throws -> Int32 {
    try recordReel(RecordOptions(arguments), processStart: processStart)
}
