import DotLottie
import Formats

extension FuzzTarget {
    /// A dotLottie archive: refused with a short one-line message naming the file (or, for the
    /// manifest and the animation, naming the entry inside it), or read into a Lottie JSON that
    /// `LottieDocument` accepts again with the same size and frames, within the archive's bounds,
    /// the same way twice.
    func checkDotLottie(_ bytes: [UInt8]) throws {
        let first = try readDotLottie(bytes)
        guard first == (try readDotLottie(bytes)) else { throw FuzzViolation("two reads of the same archive disagree") }
        guard case let .success(animation) = first else { return }
        guard animation.jsonPath.hasPrefix(path + "/") else { throw FuzzViolation("the animation is named \(animation.jsonPath.prefix(200))") }
        try checkAcceptedLottie(animation.summary, warningPrefix: animation.jsonPath)
        let again: LottieSummary
        do {
            again = try LottieDocument.check(bytes: animation.json, path: animation.jsonPath, fileExists: { _ in false })
        } catch {
            throw FuzzViolation("the JSON with its images embedded is refused: \(String(describing: error).prefix(300))")
        }
        guard [again.width, again.height, again.frameRate, again.inPoint, again.outPoint]
                == [animation.summary.width, animation.summary.height, animation.summary.frameRate, animation.summary.inPoint, animation.summary.outPoint] else {
            throw FuzzViolation("embedding the images changed the animation's size or frames")
        }
    }

    private func readDotLottie(_ bytes: [UInt8]) throws -> Result<DotLottieAnimation, DotLottieFailure> {
        do {
            return .success(try DotLottieArchive.read(bytes: bytes, path: path))
        } catch let error as DotLottieError {
            guard error.path == path else { throw FuzzViolation("error names \(error.path.prefix(200)), not \(path)") }
            try requireShortMessage(error.message)
            return .failure(DotLottieFailure(text: error.description))
        } catch let error as JSONFileError {
            guard error.path.hasPrefix(path + "/") else { throw FuzzViolation("error names \(error.path.prefix(200)), not an entry of \(path)") }
            try requireShortMessage(error.message)
            return .failure(DotLottieFailure(text: error.description))
        } catch {
            throw FuzzViolation("threw \(type(of: error)), neither a DotLottieError nor a JSONFileError: \(String(describing: error).prefix(300))")
        }
    }
}

/// A refusal's text, so two reads' outcomes compare.
struct DotLottieFailure: Error, Equatable {
    var text: String
}
