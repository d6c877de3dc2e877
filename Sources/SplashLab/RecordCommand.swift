import App
import Recording

/// `splashlab record`: the take written frame by frame to a video or a PNG sequence (the
/// Recording library does the work; this parses the options and times the run from the
/// process's start).
func recordCommand(_ arguments: [String]) throws -> Int32 {
    try recordReel(RecordOptions(arguments), processStart: processStart).status
}

/// `splashlab review`: the take recorded as `record` does, and the review page around it.
func reviewCommand(_ arguments: [String]) throws -> Int32 {
    try writeReviewPage(ReviewPageOptions(arguments), processStart: processStart)
}
