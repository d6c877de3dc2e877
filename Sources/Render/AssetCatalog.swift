import Formats
import Foundation
import Scenes

/// A failure the user can act on: what went wrong and, where there is one, the file.
public struct RenderError: Error, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Finds the files of a splash: the user's `--assets DIR` first, then the built-in `Assets/`.
/// It never writes to either folder.
public struct AssetCatalog: Sendable {
    public let builtIn: String
    public let user: String?
    /// Things that fell back to the built-in copy, to tell the user once.
    public private(set) var warnings: [String] = []
    /// The logo when a project's launch screen gives it (its main image view's file); the
    /// user's `--assets` logo still wins.
    public var logoOverride: String?
    /// The tint of that logo when it is a template image, in the appearance shown.
    public var logoTint: Color?
    /// Whether the user's assets give their own splash texts (`splash-text-1.png`).
    public var userHasSplashTexts: Bool { user.map { FileManager.default.fileExists(atPath: $0 + "/" + AssetCatalog.fileName(.splashText(1))) } ?? false }

    /// The largest image side accepted, in pixels: larger images are refused rather than decoded.
    public static let maxImageSide = 8192
    /// The most pixels an image may have, 16 Mpx (64 MiB decoded as RGBA, held up to three times
    /// while it is converted): four times the largest launch image (iPad Pro 12.9", 2048x2732),
    /// so a long thin 8192 px strip is fine and an 8192x8192 one is refused.
    public static let maximumImagePixels = 4096 * 4096
    public static let splashTextCount = 17
    /// Splash text images are drawn at @3x, the largest iPhone scale.
    public static let splashTextScale = 3.0

    public init(builtIn: String, user: String?) throws {
        self.builtIn = builtIn
        self.user = user
        if let user {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: user, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw RenderError("assets folder \(user) does not exist or is not a folder")
            }
        }
    }

    /// Locates the built-in Assets folder, the first of `builtInSearchFolders` that holds a timings.json.
    public static func locateBuiltIn(executablePath: String) -> String? {
        builtInSearchFolders(executablePath: executablePath).first { FileManager.default.fileExists(atPath: $0 + "/timings.json") }
    }

    /// Where the built-in assets are looked for, in order: $SPLASHLAB_ASSETS; `../share/splashlab`
    /// beside the executable's folder, as `make install` and the package lay it out, so an installed
    /// or unpacked tree runs wherever it lies; an `Assets` folder next to or up to five folders above
    /// the executable (the source tree's `.build/debug`); then ./Assets.
    public static func builtInSearchFolders(executablePath: String) -> [String] {
        var folders: [String] = []
        if let env = ProcessInfo.processInfo.environment["SPLASHLAB_ASSETS"], !env.isEmpty { folders.append(env) }
        var dir = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath().deletingLastPathComponent()
        folders.append(dir.deletingLastPathComponent().appendingPathComponent("share/splashlab").path)
        for _ in 0..<6 {
            folders.append(dir.appendingPathComponent("Assets").path)
            dir = dir.deletingLastPathComponent()
        }
        folders.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Assets").path)
        var seen = Set<String>()
        return folders.filter { seen.insert($0).inserted }
    }

    /// The running executable's own path (/proc/self/exe), which holds when it was started through
    /// PATH or a link, where argv[0] is only `splashlab`; `fallback` where /proc is not mounted.
    public static func runningExecutablePath(fallback: String) -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? fallback
    }

    /// The path of an asset by file name: the user's copy if there is one, else the built-in one.
    public mutating func path(_ name: String) -> String {
        if name == AssetCatalog.fileName(.logo), let logoOverride, !(user.map { FileManager.default.fileExists(atPath: $0 + "/" + name) } ?? false) {
            return logoOverride
        }
        if let user {
            let candidate = user + "/" + name
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            warnings.append("warning: \(candidate) not found; using the built-in \(name)")
        }
        return builtIn + "/" + name
    }

    public static func fileName(_ image: ImageRef) -> String {
        switch image {
        case .logo: return "logo.png"
        case .splashText(let n): return "splash-text-\(n).png"
        case .photo(let n): return "photo-\(n).png"
        }
    }

    // MARK: The launch frame's source

    /// The launch screen of the assets, in order: a `launch.json`, else a launch image matched to
    /// the device, else plain white. The user's folder is searched before the built-in one. A
    /// `launch.json` that cannot be read is a warning and the next source is used; launch images
    /// in the user's folder, none of them the device's size, give white with a warning, as iOS
    /// shows when no launch image fits.
    public mutating func launchScreen(device: Device) -> LaunchScreen {
        for folder in [user, builtIn].compactMap({ $0 }) {
            let json = folder + "/launch.json"
            if FileManager.default.fileExists(atPath: json) {
                do {
                    let description = try LaunchDescription.parse(bytes: try JSONParser.readFile(json, limit: .launchDescription), path: json)
                    return .described(description, source: folder == builtIn ? "built-in launch.json" : json)
                } catch {
                    warnings.append("warning: \(error); trying the next launch source")
                }
            }
            do {
                if let image = try launchImage(in: folder, device: device) {
                    return LaunchScreen(background: .image(path: image), elements: [], source: image, introDescription: .fallback)
                }
            } catch {
                warnings.append("warning: \(error); trying the next launch source")
            }
            if folder == user, let names = try? FileManager.default.contentsOfDirectory(atPath: folder), names.contains(where: LaunchImageMatch.isCandidate) {
                warnings.append("warning: no launch image in \(folder) is \(device.pixelWidth)x\(device.pixelHeight) px (\(device.name) \(device.orientation.rawValue)); the launch screen is white")
                return .white
            }
        }
        warnings.append("warning: no launch.json or launch image found; the launch screen is white")
        return .white
    }

    /// The `launch-*.png` in `folder` whose size is the device's pixel size (`LaunchImageMatch`).
    func launchImage(in folder: String, device: Device) throws -> String? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        let name = try LaunchImageMatch.choose(names: names, device: device) { try AssetCatalog.pngSize(folder + "/" + $0) }
        return name.map { folder + "/" + $0 }
    }

    // MARK: Reading PNG headers without decoding

    /// Width and height from a PNG's IHDR chunk, so layout and `state` need no decoder and no display.
    /// Images are read more than once (their size here, their pixels when drawn), so each must be
    /// a regular file within `FileSizeLimit.image`; checking that first means a FIFO in an assets
    /// folder is refused rather than waited on.
    public static func pngSize(_ path: String) throws -> (Int, Int) {
        do { try BoundedFileReader.checkRegularFile(path, limit: .image) } catch { throw RenderError("\(path): \(error)") }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw RenderError("\(path): cannot open the file") }
        defer { try? handle.close() }
        return try pngSize(header: [UInt8](handle.readData(ofLength: PNGHeader.byteCount)), path: path)
    }

    /// Width and height from the first bytes of a PNG (`PNGHeader`), refused past the size limits.
    static func pngSize(header: some Collection<UInt8>, path: String) throws -> (Int, Int) {
        let (w, h): (Int, Int)
        do { (w, h) = try PNGHeader.size(Array(header.prefix(PNGHeader.byteCount)), maxSide: maxImageSide) } catch {
            switch error {
            case .notPNG: throw RenderError("\(path): not a PNG file (bad signature or header)")
            case .empty: throw RenderError("\(path): PNG header gives an empty image")
            case let .tooLarge(w, h): throw RenderError("\(path): image is \(w)x\(h) px; images over \(maxImageSide) px on a side are refused")
            }
        }
        guard w * h <= maximumImagePixels else {
            throw RenderError("\(path): image is \(w)x\(h) px; images over \(maximumImagePixels / 1_048_576) Mpx (\(maximumImagePixels) pixels) are refused")
        }
        return (w, h)
    }

    /// The splash text image's size in points.
    public mutating func splashTextSize(variant: Int) throws -> (width: Double, height: Double) {
        let (w, h) = try AssetCatalog.pngSize(path(AssetCatalog.fileName(.splashText(variant))))
        return (Double(w) / AssetCatalog.splashTextScale, Double(h) / AssetCatalog.splashTextScale)
    }
}
