import Formats

extension FuzzTarget {
    /// A Lottie file as `LottieDocument.check` reads it, every external image missing: refused
    /// with a short message placed inside the input, or accepted only within every bound rlottie
    /// is protected by, the same way twice, with frames for any time inside the animation.
    func checkLottie(_ bytes: [UInt8]) throws {
        let check = { try LottieDocument.check(bytes: bytes, path: path, fileExists: { _ in false }) }
        let first = try positioned(bytes, check)
        try agree(first, try positioned(bytes, check), "two checks of the same bytes")
        guard case let .success(summary) = first else { return }
        try checkAcceptedLottie(summary)
        try checkBlendPasses(bytes, summary)
    }

    /// Each blend pass rlottie would draw is a Lottie file `LottieDocument` accepts, with the
    /// file's size and frames: cutting never makes a file rlottie is not protected from.
    private func checkBlendPasses(_ bytes: [UInt8], _ summary: LottieSummary) throws {
        let blend: LottieBlendPasses?
        do { blend = try LottieBlendPasses.make(json: bytes, path: path) } catch {
            throw FuzzViolation("an accepted file could not be cut into blend passes: \(String(describing: error).prefix(300))")
        }
        for (index, pass) in (blend?.passes ?? []).enumerated() {
            let cut: LottieSummary
            do { cut = try LottieDocument.check(bytes: pass.json, path: path, fileExists: { _ in false }) } catch {
                throw FuzzViolation("blend pass \(index) is refused: \(String(describing: error).prefix(300))")
            }
            guard [cut.width, cut.height, cut.frameRate, cut.inPoint, cut.outPoint] == [summary.width, summary.height, summary.frameRate, summary.inPoint, summary.outPoint] else {
                throw FuzzViolation("blend pass \(index) changed the animation's size or frames")
            }
        }
    }

    /// What every accepted Lottie animation keeps to, however it was read: every bound rlottie is
    /// protected by, frames for any time inside the animation, warnings that name the file.
    func checkAcceptedLottie(_ summary: LottieSummary, warningPrefix: String? = nil) throws {
        guard LottieDocument.sideRange.contains(summary.width), LottieDocument.sideRange.contains(summary.height) else {
            throw FuzzViolation("accepted a size of \(summary.width)×\(summary.height)")
        }
        guard LottieDocument.frameRateRange.contains(summary.frameRate) else { throw FuzzViolation("accepted a frame rate of \(summary.frameRate)") }
        guard summary.frameCount >= 1, summary.frameCount <= LottieDocument.maximumFrames, summary.duration.isFinite else {
            throw FuzzViolation("accepted \(summary.frameCount) frames (ip \(summary.inPoint), op \(summary.outPoint))")
        }
        for seconds in [-1, 0, 0.5, summary.duration / 2, summary.duration, 1e9, .nan] {
            let frame = summary.frame(at: seconds)
            guard frame >= summary.inPoint, frame <= max(summary.outPoint - 1, summary.inPoint) else {
                throw FuzzViolation("the frame at \(seconds) s is \(frame), outside [\(summary.inPoint), \(summary.outPoint))")
            }
        }
        for warning in summary.warnings where !warning.hasPrefix(warningPrefix ?? path + ":") {
            throw FuzzViolation("a warning does not name the file: \(warning.prefix(200))")
        }
    }
}
