import App
import Session
import Formats
import Foundation
import Geometry
import Render
import Scenes

/// The signal (SIGINT, SIGTERM or SIGHUP) that asked a recording to stop, or 0: it stops between
/// frames and still finalises, and the command exits 128 + the signal, as a shell reports it.
nonisolated(unsafe) var recordingInterrupted: sig_atomic_t = 0

/// Where `record` sends frames: ffmpeg through a pipe, or numbered PNGs in a folder.
enum RecordingSink {
    case ffmpeg(Subprocess, FileHandle, stderrPath: String, output: VideoFile, input: FFmpegInput)
    case pngFolder(String)
}

/// What ffmpeg is told to expect on its pipe.
enum FFmpegInput {
    /// 4-byte pixels as they were read back, RGBA or BGRA: a GIF's palette is made from them.
    case pixels
    /// yuv420p, converted as it is read back (`StripedYUVReadBack`) or on the writer's thread
    /// (`YUVFrameConverter`): what an mp4's H.264 encoder takes.
    case yuv420p
}

/// A video's path, and where ffmpeg writes it until it has finished (`OutputFile.staging`): a
/// failing ffmpeg never leaves half a video under the final name.
struct VideoFile: CustomStringConvertible {
    let path: String
    let staged: String
    var description: String { path }
}

/// What `record` recorded: the take's frames and how they map to preview time, for `review`'s page.
package struct RecordedTake {
    /// 0, or 128 plus the signal that interrupted the recording.
    package var status: Int32
    /// The sessions of the variants (one, or each `--compare` file's), with their labels.
    package var sessions: [PreviewSession]
    package var names: [String]
    /// Each variant's timings file's short hash, as the burn-in shows it.
    package var hashes: [String]
    package var script: InputScript
    /// Frames written, of the frames planned.
    package var written: Int, frames: Int
    package var fps: Double
    /// Frames per normal-speed frame (1 / rate): frame n shows preview time n / (fps × stretch).
    package var stretch: Double
    package var duration: Double
    package var width: Int, height: Int
    /// With `--reference`: the offset found, and the difference summed up by phase.
    package var referenceOffset: String?
    package var referencePhases: [ReferencePhaseSummary]
    /// `--comments`' comments within the take, by time.
    package var comments: ReviewComments?
}

/// The take `record` plays: the preview seconds, the stretch of slow motion and the frame count.
struct TakePlan {
    var duration: Double
    var stretch: Double
    var frames: Int

    /// By default: the splash to its end (the latest of the variants'), or the script to its last
    /// input, and a little after.
    init(_ options: RecordOptions, sessions: [PreviewSession], script: InputScript) throws {
        let splashEnd = options.review.preview.skipSplash ? 0 : sessions.map(\.preview.splash.endTime).max() ?? 0
        duration = options.duration ?? max(splashEnd, script.events.last?.time ?? 0) + 0.5
        // Slow motion stretches the preview over more frames: frame k shows preview time k·R/fps.
        // The stretch is a whole number (1, 2, 4, 10), so frame n·k of a slowed video is exactly
        // frame k of the normal one.
        stretch = (1 / options.rate).rounded()
        try options.checkLength(duration: duration, stretch: stretch)
        frames = max(Int(clamping: (duration * options.fps * stretch).rounded()), 1)
    }
}

/// `splashlab record`: renders the preview at a fixed step, so the video has every frame
/// whatever the machine's speed, and pipes the frames to ffmpeg (H.264 yuv420p mp4, or gif).
/// `processStart` (the monotonic clock's reading when the process began) times the summary.
/// Returns what was recorded, with the exit status: 0, or 128 plus the signal that interrupted it.
package func recordReel(_ options: RecordOptions, processStart: Double) throws -> RecordedTake {
    let review = options.review
    let (sessions, names) = try reviewSessions(review)
    let script = try review.scriptPath.map { try InputScript.load(path: $0) } ?? InputScript(events: [])
    let plan = try TakePlan(options, sessions: sessions, script: script)
    let duration = plan.duration, stretch = plan.stretch, frames = plan.frames
    let fps = options.fps, out = options.out, rate = options.rate
    let comments = try review.commentsPath.map { try takeComments($0, duration: duration) }
    let reel = try ReviewReel(kind: sessions.count > 1 ? .compare : .single, sessions: sessions, names: names, script: script,
                              scale: review.scale, tiles: sessions.count,
                              options: ReviewOptions(showTouches: review.showTouches, burnIn: review.burnIn, rate: options.rate, comments: comments),
                              rendererName: review.preview.renderer, forEncoder: options.reference == nil && isVideoPath(out))
    // With a reference: the preview and the recording frame-locked, the curve's figures in the strip.
    let besideReference = try options.reference.map { try ReferenceSheet(ReferenceBeside($0, preview: review.preview, scale: review.scale, scriptPath: review.scriptPath), scale: review.scale) }
    let referenceFrames = besideReference?.beside.cursor()
    defer { referenceFrames?.close() }
    let width = besideReference?.width ?? reel.width, height = besideReference?.height ?? reel.height
    let sink = try openSink(out: out, width: width, height: height, fps: fps)
    // Ours rather than SDL's, which would turn SIGTERM and SIGINT into a quit event that nothing
    // here reads: a `kill` or a closed terminal stops the recording as Ctrl-C does. A signal the
    // process was started with ignored (`nohup`, a background job of a script) stays ignored;
    // SIG_IGN is the handler value 1 (<signal.h>).
    for stopSignal in [SIGINT, SIGTERM, SIGHUP] {
        var current = sigaction()
        sigaction(stopSignal, nil, &current)
        if let handler = current.__sigaction_handler.sa_handler, unsafeBitCast(handler, to: Int.self) == 1 { continue }
        signal(stopSignal) { recordingInterrupted = $0 }
    }
    // Frame N is written (and encoded, in ffmpeg's process) while frame N+1 is drawn.
    // ffmpeg takes BGRA as well as RGBA; a PNG sequence (no ffmpeg found) and the reference's
    // composite are RGBA.
    if case let .ffmpeg(_, _, _, _, input) = sink, besideReference == nil {
        reel.channels = reel.context.fastestReadOrder
        // An mp4's frames are read back as yuv420p where they can be (a bare tile).
        reel.readsYUV = input == .yuv420p
    }
    let writer = FrameWriter(sink: sink, width: width, height: height, fps: fps, channels: reel.channels, framesAreYUV: reel.readsYUV)
    let progress = RecordingProgress(frames: frames, isTerminal: isatty(STDERR_FILENO) != 0) { writer.framesSubmittedSoFar }
    var failure: Error?
    let timer = FrameTimer(fixedStep: fps * stretch)
    var previous: FrameBuffer?
    for i in 0..<frames {
        if recordingInterrupted != 0 { break }
        do {
            // A buffer is taken only once the frame is drawn and has to be read back: until
            // then the writer may still be writing the previous frame out of it.
            var taken: FrameBuffer?
            let drawn: ReviewReel.DrawnFrame
            if let besideReference, let referenceFrames {
                let moment = try besideReference.beside.moment(at: timer.previewTime(ofFrame: i), cursor: referenceFrames)
                let pixels = try besideReference.compose(moment, counter: "frame \(i + 1)/\(frames)")
                let buffer = try writer.freeBuffer()
                pixels.withUnsafeBytes { buffer.bytes.copyMemory(from: $0) }
                taken = buffer
                drawn = .drawn(.topDown)
            } else {
                drawn = try reel.frame(at: timer.previewTime(ofFrame: i), index: i, of: frames) {
                    let buffer = try writer.freeBuffer()
                    taken = buffer
                    return buffer.bytes
                }
            }
            if case let .drawn(order) = drawn, let buffer = taken {
                buffer.rowOrder = order
                try writer.submit(buffer, as: i, repeatsPrevious: false)
                previous = buffer
            } else {
                guard let previous else { preconditionFailure("a recording's first frame is always drawn") }
                try writer.submit(previous, as: i, repeatsPrevious: true)
            }
        } catch {
            // A Ctrl-C at a terminal reaches ffmpeg too, which then finalises and stops reading:
            // that is the interruption, not a failure.
            if recordingInterrupted == 0 { failure = error }
            break
        }
    }
    let (written, writeFailure) = writer.finish()
    if failure == nil && recordingInterrupted == 0 { failure = writeFailure }
    let finished: Bool
    do { finished = try closeSink(sink) } catch {
        progress.stop()
        throw error
    }
    progress.stop()
    if failure == nil { printError(RecordingProgress.summary(written: written, fps: fps, seconds: MonotonicClock.now() - processStart)) }
    for v in reel.variants { v.session.reportWarnings(v.renderer.images.catalog.warnings) }
    let seconds = String(format: "%.2f", Double(written) / fps)
    var take = RecordedTake(status: 0, sessions: sessions, names: names, hashes: reel.variants.map(\.hash), script: script, written: written,
                            frames: frames, fps: fps, stretch: stretch, duration: duration, width: width, height: height,
                            referenceOffset: besideReference?.beside.offsetText,
                            referencePhases: besideReference.map { ReferencePhaseSummary.summaries($0.beside.result.samples) } ?? [],
                            comments: comments)
    // What the file holds beyond frames: the slowdown, each tile's place (to crop one out) and
    // the timings files' hashes, as the burn-in shows them.
    var details = rate == 1 ? "" : ", rate \(JSONOutput.number(rate).text)× (\(JSONOutput.number(Double(written) / fps / stretch).text) s of preview)"
    if let besideReference { details += "; " + besideReference.beside.offsetText }
    if sessions.count > 1 { details += "; tiles: \(reel.tileSummary(reel.variants.indices.map { ReviewTile(variant: $0, time: 0) }))" }
    if reel.options.burnIn || sessions.count > 1 { details += "; timings: " + reel.variants.map(reel.fileText).joined(separator: ", ") }
    // What the take stopped at, or wrote: a video through ffmpeg, or a folder of PNGs.
    let interrupted: String, wrote: String
    switch sink {
    case let .ffmpeg(_, _, _, output, _):
        if let failure {
            throw UserFacingError("recording stopped after \(written) frames: \(failure)", hint: "\(output) holds the \(written) frames before it")
        }
        guard finished else { throw UserFacingError("ffmpeg could not finish \(output)") }
        interrupted = "interrupted: \(output) holds \(written) of \(frames) frames (\(seconds) s)"
        wrote = "wrote \(output): \(written) frames, \(seconds) s at \(JSONOutput.number(fps).text) fps, \(width)x\(height)\(details)"
    case let .pngFolder(dir):
        if let failure { throw UserFacingError("recording stopped after \(written) frames: \(failure)") }
        interrupted = "interrupted: \(dir) holds \(written) of \(frames) frames"
        wrote = "wrote \(written) PNG frames to \(dir), \(width)x\(height)\(details)"
    }
    if recordingInterrupted != 0 {
        printError(interrupted)
        take.status = 128 + recordingInterrupted
        return take
    }
    printError(wrote)
    return take
}

/// Whether `record` writes `out` as a video through ffmpeg (when ffmpeg is found), not as PNGs.
func isVideoPath(_ out: String) -> Bool {
    let lower = out.lowercased()
    return lower.hasSuffix(".mp4") || lower.hasSuffix(".gif")
}

func openSink(out: String, width: Int, height: Int, fps: Double) throws -> RecordingSink {
    let lower = out.lowercased()
    let isVideo = isVideoPath(out)
    let parent = URL(fileURLWithPath: out).deletingLastPathComponent().path
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory), isDirectory.boolValue else {
        throw UserFacingError("cannot write \(out): the folder \(parent) does not exist")
    }
    guard FileManager.default.isWritableFile(atPath: parent) else { throw UserFacingError("cannot write \(out): \(parent) is not writable") }
    if isVideo, let ffmpeg = findOnPath("ffmpeg") {
        let staged = try OutputFile.staging(for: out)
        // Raw RGBA frames in a Matroska stream (MatroskaStream): each with its timestamp, so a
        // frame that repeats the one before need not be sent; `fps` fills those in.
        let everyFrame = "fps=" + JSONOutput.number(fps).text
        var arguments = ["-hide_banner", "-loglevel", "error", "-y", "-f", "matroska", "-i", "-"]
        let input: FFmpegInput = lower.hasSuffix(".mp4") ? .yuv420p : .pixels
        if lower.hasSuffix(".mp4") {
            // The frames come as yuv420p with even sides (`YUVFrameConverter`, through libyuv):
            // ffmpeg's own conversion from RGBA took 6.5 ms of CPU a 1290x2796 frame, libyuv's
            // takes 1.6, and the pipe carries 5.4 MB a frame rather than 14.4.
            // ultrafast: about half veryfast's encoding time, and a third of its memory at @3x
            // (176 MB against 476). A constant quantiser of 18 rather than CRF 18 spares x264 its
            // rate control's analysis of every frame, a fifth of its time, which repeated frames
            // pay too; every frame stays above 49 dB PSNR, visually lossless for review. Files
            // are about four times larger than veryfast's at CRF 18, still small.
            arguments += ["-vf", everyFrame, "-c:v", "libx264",
                          "-preset", "ultrafast", "-qp", "18", "-movflags", "+faststart"]
            if width * height > RecordingLimits.boundedEncoderPixels {
                // x264 keeps a lookahead, B-frames and a frame per thread in flight, ~25 MB each
                // at a 4-up Pro Max grid (5280x3122): 1.8 GB measured. Without them it peaks at
                // about 0.5 GB, for a somewhat larger file.
                arguments += ["-threads", "2", "-x264-params", "rc-lookahead=0:bframes=0:sync-lookahead=0"]
            }
            // The staged file's name does not end in .mp4: the format is given.
            arguments += ["-f", "mp4", staged]
        } else {
            arguments += ["-vf", everyFrame + ",split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer", "-f", "gif", staged]
        }
        let stderrPath = NSTemporaryDirectory() + "splashlab-ffmpeg-\(getpid()).log"
        let encoder: Subprocess
        do { encoder = try Subprocess(ffmpeg, arguments, input: .pipe, errors: .file(stderrPath)) } catch {
            OutputFile.discard(staged, for: out)
            throw UserFacingError("cannot start \(ffmpeg): \(error.localizedDescription)")
        }
        guard let encoderInput = encoder.input else { preconditionFailure("Subprocess gives a piped input's handle") }
        // A pipe holds 64 KiB by default (pipe(7)): a 5.4 MB yuv420p frame at @3x (a GIF's 14 MB
        // of RGBA) then goes through in over 80 (200) turns of the writer and ffmpeg waking each
        // other. 1 MiB, the most an unprivileged process may ask for (/proc/sys/fs/pipe-max-size),
        // makes those turns 6 (14); where the system refuses, the default stays and only the speed
        // differs.
        _ = fcntl(encoderInput.fileDescriptor, RecordingLimits.setPipeSize, RecordingLimits.pipeBytes)
        return .ffmpeg(encoder, encoderInput, stderrPath: stderrPath, output: VideoFile(path: out, staged: staged), input: input)
    }
    let dir = isVideo ? String(out.dropLast(4)) + "-frames" : out
    try OutputFile.createFolder(dir)
    if isVideo { printError("ffmpeg not found on PATH: writing a numbered PNG sequence to \(dir) instead of \(out)") }
    return .pngFolder(dir)
}

/// Closes ffmpeg's input so it writes the file's index, and waits: a playable file even after
/// an interruption or a failure, put under its name only once ffmpeg has finished it. True when
/// ffmpeg finished cleanly.
func closeSink(_ sink: RecordingSink) throws -> Bool {
    guard case let .ffmpeg(encoder, handle, stderrPath, output, _) = sink else { return true }
    try? handle.close()
    let exitStatus = encoder.wait().status
    // ffmpeg names the staged file; the user knows the final name.
    let log = ((try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "")
        .replacingOccurrences(of: output.staged, with: output.path).trimmingCharacters(in: .whitespacesAndNewlines)
    try? FileManager.default.removeItem(atPath: stderrPath)
    // ffmpeg 5 exits 0 when it cannot write the file's end (a full disk, a size limit), and
    // says so only in its log: the file is then cut short, as good as not written.
    let unfinished = log.split(separator: "\n").contains { $0.hasPrefix("Error writing trailer") || $0.hasPrefix("Error closing file") }
    if exitStatus != 0 || unfinished {
        OutputFile.discard(output.staged, for: output.path)
        let status = exitStatus != 0 ? " (status \(exitStatus))" : ""
        let said = log.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("Last message repeated") }
        throw UserFacingError("ffmpeg failed writing \(output)\(status)\(said.isEmpty ? "" : ": " + said.suffix(3).joined(separator: "; "))")
    }
    try OutputFile.commit(output.staged, to: output.path)
    return true
}

enum RecordingLimits {
    /// Frames above 4K UHD's pixel count (side-by-side grids at @3x) are encoded with x264's
    /// frames in flight bounded, so memory stays flat however large the grid.
    static let boundedEncoderPixels = 3840 * 2160
    /// Linux's F_SETPIPE_SZ (<linux/fcntl.h>: F_LINUX_SPECIFIC_BASE 1024 + 7), which Glibc's
    /// module leaves out without _GNU_SOURCE.
    static let setPipeSize: Int32 = 1031
    /// The pipe to ffmpeg's capacity asked for: pipe-max-size's default.
    static let pipeBytes: Int32 = 1 << 20
}
