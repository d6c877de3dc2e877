import Formats

// MARK: Image kinds and sizes

/// An input read as an image file's bytes, as `ImageFileKind.sniff` and `ImageFileInfo.read` read
/// it: the kind, and the size in pixels (rasters) or points (PDF, SVG), or an error naming the file.
func checkVectorImage(_ bytes: [UInt8], path: String) throws {
    let kind = ImageFileKind.sniff(bytes)
    guard ImageFileKind.sniff(bytes) == kind else { throw FuzzViolation("the kind differs between two sniffs of the same bytes") }
    let limit = ImageFileKind.sizeLimit(head: bytes)
    let expectedLimit: FileSizeLimit = [.png, .jpeg, .gif].contains(kind) ? .image : .vectorImage
    guard limit == expectedLimit else { throw FuzzViolation("a \(kind.map(\.name) ?? "non-image") file is read under \(limit.kind)'s limit") }

    let result = try readImageInfo(bytes, path: path)
    guard case let .success(info) = result else { return }
    guard info.kind == kind else { throw FuzzViolation("read as \(info.kind.name), sniffed as \(kind.map(\.name) ?? "nothing")") }
    guard info.width.isFinite, info.height.isFinite, info.width > 0, info.height > 0 else {
        throw FuzzViolation("\(info.kind.name) size \(info.width)x\(info.height) is not finite and positive")
    }
    for scale in [1.0, 2, 3] {
        let points = info.pointSize(scale: scale)
        guard points.width.isFinite, points.height.isFinite, points.width > 0, points.height > 0 else {
            throw FuzzViolation("\(info.kind.name) point size at \(scale)x is \(points)")
        }
    }
    // A raster's size is whole pixels from its header, and nothing after the header changes it.
    let headerLength: Int?
    switch info.kind {
    case .png: headerLength = PNGHeader.byteCount
    case .gif: headerLength = 10
    case .jpeg, .pdf, .svg: headerLength = nil
    }
    if !info.kind.isVector {
        guard info.width == info.width.rounded(), info.height == info.height.rounded(), info.width <= Double(Int32.max), info.height <= Double(Int32.max) else {
            throw FuzzViolation("\(info.kind.name) size \(info.width)x\(info.height) is not whole pixels within 32 bits")
        }
    }
    if let headerLength {
        guard case .success(info)? = try? readImageInfo(Array(bytes.prefix(headerLength)), path: path) else {
            throw FuzzViolation("\(info.kind.name): the size depends on bytes past the header")
        }
    }
    // A byte order mark before an SVG changes neither its kind nor its size.
    if info.kind == .svg && !bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
        guard case .success(info) = try readImageInfo([0xEF, 0xBB, 0xBF] + bytes, path: path) else {
            throw FuzzViolation("SVG: read differently after a byte order mark")
        }
    }
}

/// `ImageFileInfo.read`, with its error checked: an `ImageFileError` naming the file, on a line
/// of the input, with a short one-line message. Anything else is a violation.
private func readImageInfo(_ bytes: [UInt8], path: String) throws -> Result<ImageFileInfo, ImageFileError> {
    do { return .success(try ImageFileInfo.read(bytes, path: path)) } catch let error as ImageFileError {
        guard error.path == path else { throw FuzzViolation("error names \(error.path), not \(path): \(error)") }
        if let line = error.line {
            let lines = bytes.filter { $0 == 0x0A }.count + 1
            guard line >= 1 && line <= lines else { throw FuzzViolation("error at line \(line) of \(lines): \(error)") }
        }
        guard !error.message.isEmpty, error.message.unicodeScalars.count <= 400, !error.message.contains("\n") else {
            throw FuzzViolation("error message is empty, multi-line or long: \(error.message.prefix(200))")
        }
        return .failure(error)
    } catch {
        throw FuzzViolation("read threw \(type(of: error)), not an ImageFileError: \(error)")
    }
}
