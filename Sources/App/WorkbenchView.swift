import Formats
import Foundation

// MARK: - What the workbench shows, apart from the take

/// The workbench's own view state: the splitters, how A and B are compared, and which property
/// section is open. Part of `WindowState` (its `workbench`), changed only by `reduce`.
public struct WorkbenchView: Equatable, Sendable {
    public var splitters = WorkbenchSplitters()
    /// How A and B show while both are on screen (`WindowState.split`).
    public var compareMode: CompareMode = .split
    /// Wipe: where the divider is, as a share of the screen's width from its left edge.
    public var wipePosition = 0.5
    /// Overlay: B's opacity over A.
    public var overlayOpacity = 0.5
    /// The property section open in the panel (an accordion: one at a time, so an opened
    /// section's fields are on screen, not under the fold); nil is the selected track's.
    public var openSection: String?
    /// What a press on the workbench (not on a tool, not on the device) is dragging.
    public var drag: WorkbenchDrag?
    /// The window's size in window units, as last reported, remembered with the splitters.
    public var windowWidth: Double?
    public var windowHeight: Double?

    /// What is remembered between runs.
    public var remembered: RememberedLayout {
        RememberedLayout(windowWidth: windowWidth, windowHeight: windowHeight, splitters: splitters)
    }

    public init() {}
}

/// A drag the window itself handles: a splitter, or the wipe's divider.
public enum WorkbenchDrag: Equatable, Sendable {
    case splitter(WorkbenchLayout.Splitter)
    case wipeDivider
}

/// What the workbench's controls ask for.
public enum WorkbenchAction: Equatable, Sendable {
    /// A splitter dragged (`isFinal` on release, when the layout is remembered).
    case setSplitters(WorkbenchSplitters, isFinal: Bool)
    case setCompareMode(CompareMode)
    case setWipePosition(Double)
    case setOverlayOpacity(Double)
    /// A section header clicked: it opens, and the one open before closes; clicking the open one closes it.
    case toggleSection(String)
    case beginDrag(WorkbenchDrag)
    /// The drag ended; a splitter's is remembered.
    case endDrag
    /// The window took a new size (window units); it is remembered.
    case windowResized(width: Double, height: Double)
}

extension WorkbenchView {
    /// Applies one action; true when the layout should be remembered now.
    public mutating func reduce(_ action: WorkbenchAction) -> Bool {
        switch action {
        case let .setSplitters(s, isFinal):
            splitters = s
            return isFinal
        case let .setCompareMode(mode):
            compareMode = mode
        case let .setWipePosition(p):
            wipePosition = min(max(p.isFinite ? p : 0.5, 0), 1)
        case let .setOverlayOpacity(o):
            overlayOpacity = min(max(o.isFinite ? o : 0.5, 0), 1)
        case let .toggleSection(id):
            openSection = openSection == id ? "" : id
        case let .beginDrag(d):
            drag = d
        case .endDrag:
            defer { drag = nil }
            if case .splitter? = drag { return true }
        case let .windowResized(width, height):
            let changed = width != windowWidth || height != windowHeight
            windowWidth = width
            windowHeight = height
            return changed
        }
        return false
    }
}

// MARK: - The remembered layout

/// The workbench's layout as remembered between runs: the window's size and the splitters, in
/// `$XDG_CONFIG_HOME/splashlab/layout.json` (the XDG Base Directory Specification's config home,
/// `~/.config` when unset). Never in the timings file: the layout is the person's, the timings are
/// the project's.
public struct RememberedLayout: Equatable, Sendable {
    public var windowWidth: Double?
    public var windowHeight: Double?
    public var splitters = WorkbenchSplitters()

    public init(windowWidth: Double? = nil, windowHeight: Double? = nil, splitters: WorkbenchSplitters = WorkbenchSplitters()) {
        self.windowWidth = windowWidth
        self.windowHeight = windowHeight
        self.splitters = splitters
    }

    /// Sizes kept in the file are window units; anything outside this is not a window.
    static let sizeRange = 1.0...65536.0
    static let fields = ["windowWidth", "windowHeight", "propertiesWidth", "timelineHeight"]

    /// The file's path for an environment: `$XDG_CONFIG_HOME/splashlab/layout.json`, else
    /// `$HOME/.config/splashlab/layout.json`; nil with neither (nothing is remembered then).
    public static func path(environment: [String: String]) -> String? {
        // The specification: a relative XDG_CONFIG_HOME is invalid and is to be ignored.
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/splashlab/layout.json" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.config/splashlab/layout.json" }
        return nil
    }

    public var json: String {
        var fields: [(String, JSONOutput)] = []
        if let windowWidth { fields.append(("windowWidth", .number(windowWidth))) }
        if let windowHeight { fields.append(("windowHeight", .number(windowHeight))) }
        if let w = splitters.propertiesWidth { fields.append(("propertiesWidth", .number(w))) }
        if let h = splitters.timelineHeight { fields.append(("timelineHeight", .number(h))) }
        return JSONOutput.object(fields).text + "\n"
    }

    /// Reads the layout file's text; a problem is a `JSONFileError` naming the file, field, line and column.
    public static func parse(_ text: String, path: String) throws -> RememberedLayout {
        let reader = try JSONObjectReader(JSONParser.parse(text, path: path), path: path)
        try reader.rejectUnknown(fields)
        func size(_ key: String) throws -> Double? {
            guard try reader.number(key) != nil else { return nil }
            return try reader.number(key, default: 0, range: sizeRange)
        }
        return RememberedLayout(windowWidth: try size("windowWidth"), windowHeight: try size("windowHeight"),
                                splitters: WorkbenchSplitters(propertiesWidth: try size("propertiesWidth"), timelineHeight: try size("timelineHeight")))
    }

    /// The remembered layout at `path`: none when there is no file; with a warning (one line) and
    /// the defaults when the file cannot be read or is not a layout. Never a failure: a layout is
    /// a convenience, not a reason to refuse to open.
    public static func load(path: String) -> (layout: RememberedLayout, warning: String?) {
        guard FileManager.default.fileExists(atPath: path) else { return (RememberedLayout(), nil) }
        do {
            let bytes = try JSONParser.readFile(path, limit: FileSizeLimit(bytes: 64 << 10, kind: "a layout file"))
            return (try parse(String(decoding: bytes, as: UTF8.self), path: path), nil)
        } catch {
            return (RememberedLayout(), "splashlab: warning: ignoring the remembered layout: \(error); using the default layout")
        }
    }

    /// Writes the layout, making its folder; the error says which path and why.
    public func save(path: String) throws {
        try OutputFile.createFolder(URL(fileURLWithPath: path).deletingLastPathComponent().path)
        try OutputFile.write(json, to: path)
    }
}
