import Formats
import Scenes

/// One platform an export writes for (`splashlab export NAME`). A target is one file: its
/// conformance to this protocol, listed once in `ExportTargets.all`, from which the command line,
/// `--help`, `splashlab help options` and README's table of exports are read.
public protocol ExportTarget: Sendable {
    /// Its name on the command line and the options it takes.
    var command: ExportCommandLine { get }
    /// The export of `source`: text to print (or, for a page, to write with `--out`), or files.
    func export(_ source: ExportSource) throws -> ExportOutput
}

extension ExportTarget {
    /// The word after `splashlab export`.
    public var name: String { command.name }
    public var options: ExportOptionKind { command.options }
    public var writesPage: Bool { command.writesPage }
}

/// How a target shows on the command line.
public struct ExportCommandLine: Sendable {
    /// The word after `splashlab export`.
    public let name: String
    /// Which options the command takes for it.
    public let options: ExportOptionKind
    /// Whether `--html` (a page that plays the export) goes with it.
    public let writesPage: Bool

    public init(name: String, options: ExportOptionKind, writesPage: Bool = false) {
        (self.name, self.options, self.writesPage) = (name, options, writesPage)
    }
}

/// An export of the splash as code for a UI framework, laid out on the launch screen's model:
/// its background, the logo's centre and the text below it.
public protocol LaidOutSplashExport: ExportTarget {
    static func source(_ splash: SplashSequence, launch: LaunchBackground, description: LaunchDescription, timingsPath: String) -> String
}

extension LaidOutSplashExport {
    public func export(_ source: ExportSource) throws -> ExportOutput {
        .text(Self.source(source.splash, launch: source.launch, description: source.launchDescription, timingsPath: source.timingsPath))
    }
}

/// The options an export takes besides `--timings` and `--assets`.
public enum ExportOptionKind: Sendable, Equatable {
    /// Only the timings: the text goes to standard output.
    case timings
    /// A preview's options (`--device`, `--orientation`, `--seed` …), for an export that lays the
    /// splash out on a device; the text goes to standard output, a page to `--out`.
    case preview
    /// Files into the folder `--out` names, drawn with `--renderer`.
    case folder
}

/// What an export is made from: the splash as the app plays it, where its timings came from, the
/// launch screen, and the images an export inlines or writes, which need a renderer.
public struct ExportSource {
    public var splash: SplashSequence
    public var timingsPath: String
    public var launch: LaunchBackground
    public var launchDescription: LaunchDescription
    /// `export css --html`: the page instead of the CSS alone.
    public var page: Bool
    public var images: any ExportImages

    public var timings: Timings { splash.timings }

    public init(splash: SplashSequence, timingsPath: String, launch: LaunchBackground, launchDescription: LaunchDescription,
                page: Bool = false, images: any ExportImages) {
        (self.splash, self.timingsPath, self.page, self.images) = (splash, timingsPath, page, images)
        (self.launch, self.launchDescription) = (launch, launchDescription)
    }
}

/// The images an export needs and cannot make without a renderer or the assets folder: the
/// library stays free of SDL, and the executable draws them.
public protocol ExportImages {
    /// The logo's image file, as the assets hold it.
    func logo() throws -> [UInt8]
    /// The splash text image the preview shows.
    func splashText() throws -> [UInt8]
    /// The screen under the splash, drawn at the device's pixel size, as a PNG.
    func screen() throws -> [UInt8]
    /// The launch screen as iOS draws it on `device`, as a PNG.
    func launchScreen(on device: Device) throws -> [UInt8]
}

/// An export's result.
public enum ExportOutput {
    /// Source code or a page.
    case text(String)
    /// Files for a folder, each drawn when it is written, and what they are, for the message
    /// that reports them.
    case files([ExportFile], description: String)
}

/// One file of an export that writes a folder.
public struct ExportFile {
    public let name: String
    public let contents: () throws -> [UInt8]

    public init(name: String, contents: @escaping () throws -> [UInt8]) {
        self.name = name
        self.contents = contents
    }
}

/// The export targets, in the order `--help` and README list them.
public struct ExportTargets: Sendable {
    public var all: [any ExportTarget]

    public init(_ all: [any ExportTarget]) { self.all = all }

    /// Every export `splashlab export` offers.
    public static let standard = ExportTargets([UIKitExport(), SwiftUIExport(), WebExport(), ComposeExport(), LaunchImagesExport()])

    public var names: [String] { all.map(\.name) }

    public func target(named name: String) -> (any ExportTarget)? { all.first { $0.name == name } }

    /// The names as a sentence: "a, b or c".
    public var namesInProse: String {
        guard let last = names.last else { return "" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
    }

    /// Adds a target at the end, as a registry line does.
    public func adding(_ target: any ExportTarget) -> ExportTargets { ExportTargets(all + [target]) }

    /// The target `splashlab export`'s first argument names, and the arguments after it.
    public func resolve(_ arguments: [String]) throws -> (target: any ExportTarget, options: [String]) {
        guard let what = arguments.first, !what.hasPrefix("-") else { throw ExportTargetError.missing(expected: namesInProse) }
        guard let target = target(named: what) else { throw ExportTargetError.unknown(what, expected: namesInProse) }
        return (target, Array(arguments.dropFirst()))
    }
}

/// `splashlab export` without a target, or with one the table does not list.
public enum ExportTargetError: Error, Equatable, CustomStringConvertible {
    case missing(expected: String)
    case unknown(String, expected: String)

    public var description: String {
        switch self {
        case let .missing(expected): return "export needs what to export: \(expected)"
        case let .unknown(name, expected): return "unknown export '\(name)'; expected \(expected)"
        }
    }
}
