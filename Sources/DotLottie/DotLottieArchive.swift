import CLibZip
import Formats
import Foundation
import Motion

/// A dotLottie file refused, with a message naming the file (and the entry, where one is at fault).
public struct DotLottieError: Error, Equatable, CustomStringConvertible {
    /// The dotLottie file.
    public let path: String
    /// What is wrong, naming the entry where one is at fault.
    public let message: String

    public var description: String { "\(path): \(message)" }
}

/// How much a dotLottie archive may hold, checked from its central directory before any entry
/// is decompressed, so a zip bomb is refused by what it declares, and an entry that decompresses
/// past what it declared is refused as it is read.
public struct DotLottieLimits: Equatable, Sendable {
    /// Entries in the archive, directories included.
    public let maximumEntries: Int
    /// One entry, uncompressed, as its directory record declares it.
    public let maximumEntryBytes: Int
    /// Every entry together, uncompressed.
    public let maximumTotalBytes: Int

    public init(maximumEntries: Int, maximumEntryBytes: Int, maximumTotalBytes: Int) {
        (self.maximumEntries, self.maximumEntryBytes, self.maximumTotalBytes) = (maximumEntries, maximumEntryBytes, maximumTotalBytes)
    }

    /// - 1,000 entries: a manifest, a few animations and their images, with room for the themes
    ///   and state machines of dotLottie 2 (LottieFiles' own files hold under 20).
    /// - 25 MiB an entry: `LottieDocument.fileLimit`, the largest Lottie JSON read from a plain file,
    ///   so an animation reads alike from either; an image is held to
    ///   `LottieDocument.maximumEmbeddedImageBytes` (16 MiB) as it is embedded.
    /// - 64 MiB in all: the largest animation and three of the largest images, far past the few
    ///   hundred KiB of a real intro, and small enough to hold in memory at once.
    public static let standard = DotLottieLimits(maximumEntries: 1_000, maximumEntryBytes: LottieDocument.fileLimit.bytes,
                                                 maximumTotalBytes: 64 << 20)
}

/// A dotLottie file's animation, ready for rlottie: the Lottie JSON with the archive's images
/// embedded as data URLs, and what `LottieDocument` found checking it.
public struct DotLottieAnimation: Equatable, Sendable {
    /// The animation's id in the manifest.
    public var id: String
    /// Where the animation lies in the archive, for messages: `FILE.lottie/animations/ID.json`.
    public var jsonPath: String
    public var summary: LottieSummary
    public var json: [UInt8]
}

/// Reads dotLottie files (https://dotlottie.io, "dotLottie 1.0": a zip holding `manifest.json`,
/// `animations/ID.json` and `images/*`; dotLottie 2 moved them to `a/` and `i/`, read too) through
/// libzip. The manifest's `activeAnimationId` (or dotLottie 2's `initial.animation`) names the
/// animation, else the first of `animations`. Its images are embedded, so rlottie reads no file
/// and no entry is written to disk.
public enum DotLottieArchive {
    public static func load(path: String, limits: DotLottieLimits = .standard) throws -> DotLottieAnimation {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFileReader.read(path, limit: FileSizeLimit(bytes: limits.maximumTotalBytes, kind: "a dotLottie file"))
        } catch let failure as FileReadFailure {
            throw DotLottieError(path: path, message: failure.reason)
        }
        return try read(bytes: bytes, path: path, limits: limits)
    }

    /// The archive in `bytes`, read as the file at `path` (which messages name).
    public static func read(bytes: [UInt8], path: String, limits: DotLottieLimits = .standard) throws -> DotLottieAnimation {
        let archive = try ZipArchive(bytes: bytes, path: path, limits: limits)
        let manifestPath = "\(path)/manifest.json"
        guard let manifestEntry = archive.entries["manifest.json"] else {
            throw DotLottieError(path: path, message: "no manifest.json: a dotLottie file holds manifest.json and animations/NAME.json")
        }
        let manifest = try JSONObjectReader(try JSONParser.parse(bytes: try archive.read(manifestEntry), path: manifestPath), path: manifestPath)
        let (id, idNode) = try chosenAnimation(manifest)
        let candidates = ["animations/\(id).json", "a/\(id).json"]
        guard let entry = candidates.lazy.compactMap({ archive.entries[$0] }).first else {
            throw manifest.failure(idNode, "the manifest names the animation \(abbreviatedForMessage(id)), but the archive has no \(abbreviatedForMessage(candidates[0], quoted: false))")
        }
        let jsonPath = "\(path)/\(entry.name)"
        let original = try archive.read(entry)
        // Checked as written, so a message's line and column are the entry's own.
        let summary = try LottieDocument.check(bytes: original, path: jsonPath, fileExists: { archive.imageEntry(named: $0) != nil })
        let json = try embeddingImages(original, jsonPath: jsonPath, archive: archive)
        return DotLottieAnimation(id: id, jsonPath: jsonPath, summary: summary, json: json)
    }

    /// The active animation's id and where the manifest says it.
    private static func chosenAnimation(_ manifest: JSONObjectReader) throws -> (String, JSONNode) {
        guard let animations = try manifest.array("animations"), !animations.isEmpty else {
            throw manifest.failure(manifest.node("animations") ?? manifest.node, "the manifest lists no animations")
        }
        var ids: [(String, JSONNode)] = []
        for (index, node) in animations.enumerated() {
            let animation = try JSONObjectReader(node, path: manifest.path, fieldPath: "animations[\(index)]")
            guard let id = try animation.string("id") else { throw animation.failure(node, "animations[\(index)] has no id") }
            // The id becomes an entry's name: one that climbs out of animations/ names no animation.
            if id.isEmpty || id.contains("/") || id.contains("\\") || id == ".." {
                throw animation.failure(animation.node("id") ?? node, "the animation id \(abbreviatedForMessage(id)) is not a file name")
            }
            ids.append((id, animation.node("id") ?? node))
        }
        let initial = try manifest.object("initial")
        let activeNode = manifest.node("activeAnimationId") ?? initial?.node("animation")
        let active = try manifest.string("activeAnimationId") ?? initial?.string("animation")
        guard let active, let activeNode else { return ids[0] }
        guard ids.contains(where: { $0.0 == active }) else {
            throw manifest.failure(activeNode, "the active animation \(abbreviatedForMessage(active)) is not among the manifest's animations")
        }
        return (active, activeNode)
    }

    /// The JSON with each image the archive holds embedded as a data URL (`e: 1`), as Lottie
    /// players read embedded images; an image the archive lacks stays a reference (and
    /// `LottieDocument` has warned of it), so rlottie draws without it.
    private static func embeddingImages(_ json: [UInt8], jsonPath: String, archive: ZipArchive) throws -> [UInt8] {
        let root = try JSONParser.parse(bytes: json, path: jsonPath)
        guard let assets = root.member("assets")?.arrayItems else { return json }
        var changed = false
        var rewritten: [JSONNode] = []
        for asset in assets {
            guard asset.member("layers") == nil, case let .string(name)? = asset.member("p")?.value, !name.hasPrefix("data:"),
                  asset.member("e")?.value != .number(1), let entry = archive.imageEntry(named: name) else {
                rewritten.append(asset)
                continue
            }
            if entry.size > LottieDocument.maximumEmbeddedImageBytes {
                throw DotLottieError(path: archive.path, message: "the image \(abbreviatedForMessage(entry.name)) is \(FileSizeLimit(bytes: entry.size, kind: "").text), more than the \(FileSizeLimit(bytes: LottieDocument.maximumEmbeddedImageBytes, kind: "").text) an image may be")
            }
            let image = try archive.read(entry)
            let url = "data:\(mimeType(of: image));base64," + Data(image).base64EncodedString()
            rewritten.append(asset.settingMember("p", to: .string(url)).settingMember("u", to: .string("")).settingMember("e", to: .number(1)))
            changed = true
        }
        guard changed else { return json }
        var out = ""
        out.reserveCapacity(json.count)
        root.settingMember("assets", to: .array(rewritten)).writeJSON(into: &out)
        return Array(out.utf8)
    }

    /// By the image's first bytes (its format's signature), as a browser sniffs it.
    static func mimeType(of image: [UInt8]) -> String {
        if image.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if image.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if image.count >= 12, image.starts(with: Array("RIFF".utf8)), Array(image[8..<12]) == Array("WEBP".utf8) { return "image/webp" }
        return "image/png"
    }
}

// MARK: - The zip archive, through libzip

/// A zip archive in memory, its entries listed and checked against the limits on opening.
final class ZipArchive {
    struct Entry {
        var index: UInt64
        var name: String
        var size: Int
    }

    let path: String
    private(set) var entries: [String: Entry] = [:]
    private let handle: OpaquePointer
    // libzip reads from this copy of the bytes for as long as the archive is open.
    private let storage: UnsafeMutableRawBufferPointer
    private let zip: LibZipFunctions

    init(bytes: [UInt8], path: String, limits: DotLottieLimits) throws {
        self.path = path
        let zip = try LibZipFunctions.load()
        self.zip = zip
        // "PK\3\4" starts an archive with entries, "PK\5\6" an empty one (APPNOTE.TXT, 4.3.7 and 4.3.16).
        guard bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06]) else {
            throw DotLottieError(path: path, message: "not a dotLottie file: not a zip archive")
        }
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
        storage.copyBytes(from: bytes)
        var error = zip_error_t()
        zip.errorInit(&error)
        defer { zip.errorFini(&error) }
        guard let source = zip.sourceBufferCreate(storage.baseAddress, UInt64(bytes.count), 0, &error) else {
            storage.deallocate()
            throw DotLottieError(path: path, message: "libzip could not read it: \(LibZipFunctions.text(zip.errorText(&error)))")
        }
        // ZIP_CHECKCONS: the local headers must agree with the central directory.
        guard let opened = zip.openFromSource(source, ZIP_RDONLY | ZIP_CHECKCONS, &error) else {
            zip.sourceFree(source)
            storage.deallocate()
            throw DotLottieError(path: path, message: "not a dotLottie file: not a readable zip archive (\(LibZipFunctions.text(zip.errorText(&error))))")
        }
        handle = opened
        self.storage = storage
        try listEntries(limits: limits)
    }

    deinit {
        zip.discard(handle)
        storage.deallocate()
    }

    private func listEntries(limits: DotLottieLimits) throws {
        let count = zip.entryCount(handle, 0)
        guard count >= 0, count <= limits.maximumEntries else {
            throw DotLottieError(path: path, message: "the archive has \(count) entries, more than the \(limits.maximumEntries) a dotLottie file may have")
        }
        var total = 0
        for index in 0..<UInt64(count) {
            var stat = zip_stat_t()
            zip.statInit(&stat)
            guard zip.statIndex(handle, index, 0, &stat) == 0, stat.valid & UInt64(ZIP_STAT_NAME) != 0, stat.valid & UInt64(ZIP_STAT_SIZE) != 0,
                  let cName = stat.name else {
                throw DotLottieError(path: path, message: "entry \(index + 1) of the archive cannot be read")
            }
            let name = String(cString: cName)
            let components = name.split(separator: "/", omittingEmptySubsequences: false)
            if name.hasPrefix("/") || name.contains("\\") || components.contains("..") {
                throw DotLottieError(path: path, message: "the entry \(abbreviatedForMessage(name)) lies outside the archive's folder")
            }
            guard stat.size <= UInt64(limits.maximumEntryBytes) else {
                throw DotLottieError(path: path, message: "the entry \(abbreviatedForMessage(name)) is \(sizeText(stat.size)) uncompressed, more than the \(FileSizeLimit(bytes: limits.maximumEntryBytes, kind: "").text) an entry may be")
            }
            total += Int(stat.size)
            guard total <= limits.maximumTotalBytes else {
                throw DotLottieError(path: path, message: "the entries up to \(abbreviatedForMessage(name)) hold \(sizeText(UInt64(total))) uncompressed, more than the \(FileSizeLimit(bytes: limits.maximumTotalBytes, kind: "").text) a dotLottie file may hold")
            }
            if entries[name] != nil {
                throw DotLottieError(path: path, message: "the archive holds \(abbreviatedForMessage(name)) twice")
            }
            entries[name] = Entry(index: index, name: name, size: Int(stat.size))
        }
    }

    /// A size as measured, to a tenth of a MiB past 1 MiB.
    private func sizeText(_ bytes: UInt64) -> String {
        bytes < 1 << 20 ? "\(bytes) bytes" : String(format: "%.1f MiB", Double(bytes) / Double(1 << 20))
    }

    /// An image by the name an asset gives (`p`, or a path ending in it), in `images/` or, in
    /// dotLottie 2, `i/`.
    func imageEntry(named name: String) -> Entry? {
        let file = name.split(separator: "/").last.map(String.init) ?? name
        return entries["images/\(file)"] ?? entries["i/\(file)"]
    }

    /// The entry's bytes: exactly the size its directory record declared, or refused.
    func read(_ entry: Entry) throws -> [UInt8] {
        guard let file = zip.openIndex(handle, entry.index, 0) else {
            throw DotLottieError(path: path, message: "the entry \(abbreviatedForMessage(entry.name)) cannot be read: \(LibZipFunctions.text(zip.archiveErrorText(handle)))")
        }
        defer { _ = zip.close(file) }
        var bytes = [UInt8](repeating: 0, count: entry.size + 1)
        var filled = 0
        let failure: String? = bytes.withUnsafeMutableBytes { buffer -> String? in
            guard let base = buffer.baseAddress else { return nil }
            // One byte past the declared size: an entry that decompresses to more is refused there.
            while filled <= entry.size {
                let read = zip.read(file, base + filled, UInt64(entry.size + 1 - filled))
                if read < 0 { return LibZipFunctions.text(zip.fileErrorText(file)) }
                if read == 0 { break }
                filled += Int(read)
            }
            return nil
        }
        if let failure {
            throw DotLottieError(path: path, message: "the entry \(abbreviatedForMessage(entry.name)) cannot be read: \(failure)")
        }
        guard filled == entry.size else {
            throw DotLottieError(path: path, message: "the entry \(abbreviatedForMessage(entry.name)) holds \(filled > entry.size ? "more" : "less") than the \(entry.size) bytes it declares")
        }
        bytes.removeLast()
        return bytes
    }
}
