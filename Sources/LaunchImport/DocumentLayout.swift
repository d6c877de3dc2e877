import Formats
import Scenes
import Motion
import Foundation

/// Every scene of a storyboard or xib laid out on a device, as Interface Builder lays it out on its
/// design device: every view controller's view and every top-level view, read by `LaunchViewTree`
/// with every view (cells, controls) and solved by `AutoLayout`, each view's frame given in its
/// superview's coordinates beside the frame the file saved (`<rect key="frame">`).
public struct DocumentLayout {
    /// One view's frame.
    public struct PlacedView: Sendable {
        public var id: String
        public var element: String
        public var file: String
        public var line: Int
        /// In its superview's coordinates.
        public var frame: Rect
        /// What the file saved, when it saved a frame.
        public var saved: Rect?
        public var misplaced: Bool
        public var ambiguous: Bool

        /// Whether the frame differs from the saved one by more than `tolerance` on any side, for a
        /// view the file does not mark misplaced or ambiguous (whose saved frame is not Auto Layout's).
        public func disagrees(tolerance: Double = DocumentLayout.tolerance) -> Bool {
            guard let saved, !misplaced, !ambiguous else { return false }
            return abs(frame.x - saved.x) > tolerance || abs(frame.y - saved.y) > tolerance
                || abs(frame.maxX - saved.maxX) > tolerance || abs(frame.maxY - saved.maxY) > tolerance
        }
    }

    /// The most a frame may differ from the saved one, on any side, and still agree: Interface
    /// Builder rounds frames to the design device's pixels, and text is measured with other fonts.
    public static let tolerance = 2.0

    /// The most views laid out: Interface Builder documents hold hundreds; more is refused with a
    /// message rather than solved for minutes.
    public static let maximumViews = 5_000

    public let device: Device
    /// Where the device came from: `--device`, the file's `<device id=…>`, or a freeform root's size.
    public let deviceSource: String
    public private(set) var views: [PlacedView] = []
    public private(set) var warnings: [LaunchSkip] = []

    let document: InterfaceBuilderDocument
    let measure: LaunchTextMeasure
    private var containers: (navigation: [String: (largeTitles: Bool, line: Int)], tabs: Set<String>, sheets: Set<String>) = ([:], [], [])

    /// Lays out every scene of `document` on `device`, or on the file's own design device.
    public init(document: InterfaceBuilderDocument, device requested: Device?, measure: @escaping LaunchTextMeasure) throws {
        self.document = document
        self.measure = measure
        let design = try DocumentLayout.designDevice(document)
        let roots = DocumentLayout.roots(document)
        guard !roots.isEmpty else { throw LaunchSourceError(path: document.path, "no view to lay out: no view controller's view and no top-level view") }
        var count = 0
        // The line of the first view past the limit: where the file became too large.
        var lineOverLimit: Int?
        func countViews(_ e: InterfaceBuilderElement) {
            if LaunchViewTree.documentViewElementNames.contains(e.name) {
                count += 1
                if count == DocumentLayout.maximumViews + 1 { lineOverLimit = e.line }
            }
            e.children.forEach(countViews)
        }
        countViews(document.root)
        guard count <= DocumentLayout.maximumViews else {
            throw LaunchSourceError(path: document.path, line: lineOverLimit, "\(count) views: more than the \(DocumentLayout.maximumViews) laid out")
        }
        if let requested {
            device = requested
            deviceSource = "--device \(requested.name)"
        } else if let design {
            device = design
            deviceSource = "the file's <device id=\"\(design.name)\">"
        } else {
            let size = roots.first?.element.savedFrame.map { ($0.width, $0.height) } ?? (375, 667)
            device = Device(name: "freeform", portraitWidth: size.0, portraitHeight: size.1, scale: 2,
                            note: "the root view's own size", orientation: .portrait, portraitSafeArea: .zero, portraitStatusBar: 0)
            deviceSource = "freeform: the root view's saved size, \(OptionBoundsFormat.number(size.0))x\(OptionBoundsFormat.number(size.1))"
        }
        containers = DocumentLayout.containers(document)
        for root in roots { try layOut(root, design: design ?? device, fitsDevice: requested != nil) }
    }

    // MARK: The design device

    /// The device `<device id=… orientation=…>` names, or nil when the document has none.
    public static func designDevice(_ document: InterfaceBuilderDocument) throws -> Device? {
        guard let element = document.root.child("device"), let id = element["id"] else { return nil }
        let orientation: Orientation = element["orientation"] == "landscape" ? .landscape : .portrait
        guard let device = Device.named(id, orientation: orientation) else {
            throw LaunchSourceError(path: document.path, line: element.line,
                                    "unknown device id \(abbreviatedForMessage(id)); `splashlab devices` lists the ids known; --device chooses one")
        }
        return device
    }

    // MARK: Scenes

    /// A view laid out on its own: a view controller's view (with its controller), a container
    /// controller's bar, or a top-level view of a xib or of a scene.
    struct Root {
        var element: InterfaceBuilderElement
        var controller: InterfaceBuilderElement?
    }

    static func roots(_ document: InterfaceBuilderDocument) -> [Root] {
        var out: [Root] = []
        let names = LaunchViewTree.documentViewElementNames
        if let scenes = document.root.child("scenes") {
            for scene in scenes.children("scene") {
                for object in scene.child("objects")?.children ?? [] {
                    if names.contains(object.name) {
                        out.append(Root(element: object, controller: nil))
                    } else if let view = object.children.first(where: { ($0["key"] == "view" || $0["key"] == "navigationBar" || $0["key"] == "tabBar" || $0["key"] == "toolbar")
                                                                     && names.contains($0.name) }) {
                        out.append(Root(element: view, controller: object))
                        for bar in object.children where bar.line != view.line && (bar["key"] == "navigationBar" || bar["key"] == "tabBar" || bar["key"] == "toolbar") && names.contains(bar.name) {
                            out.append(Root(element: bar, controller: object))
                        }
                    }
                }
            }
        } else {
            for object in document.root.child("objects")?.children ?? [] {
                if names.contains(object.name) {
                    out.append(Root(element: object, controller: nil))
                } else if object.name == "window", let content = object.child("view", key: "contentView") {
                    // A macOS window's content view, the root of what the window shows.
                    out.append(Root(element: content, controller: nil))
                }
            }
        }
        return out
    }

    // MARK: Laying out one root

    private mutating func layOut(_ root: Root, design: Device, fitsDevice: Bool) throws {
        var tree = LaunchViewTree(document: document, traits: LaunchTraits.of(device), readsEveryView: true)
        var view = tree.read(root.element)
        for guide in root.controller?.child("layoutGuides")?.children("viewControllerLayoutGuide") ?? [] {
            if guide["type"] == "top" { view.topGuide = guide["id"] }
            if guide["type"] == "bottom" { view.bottomGuide = guide["id"] }
        }
        LaunchViewTree.markConstrained(&view)
        try LaunchViewTree.checkUniqueIDs(view, path: document.path)
        DocumentLayout.translateSavedMasks(&view, isRoot: true)
        warnings += tree.skipped
        let saved = root.element.savedFrame
        // A root as large as the design device fills the screen; on another device, that screen.
        let fullScreen = saved.map { abs($0.width - design.width) < 0.5 && abs($0.height - design.height) < 0.5 } ?? true
        var bounds = saved ?? Rect(x: 0, y: 0, width: device.width, height: device.height)
        if fitsDevice && fullScreen { bounds = Rect(x: bounds.x, y: bounds.y, width: device.width, height: device.height) }
        if root.element.name == "navigationBar" || root.element.name == "tabBar" || root.element.name == "toolbar" {
            bounds = barFrame(root.element, saved: saved)
            // A sheet's navigation bar is at its top, 56 pt tall (UINavigationBar in a page sheet, iOS 13 and later).
            if root.element.name == "navigationBar", let id = root.controller?["id"], containers.sheets.contains(id) {
                bounds = Rect(x: 0, y: 0, width: device.width, height: BarMetrics.sheetNavigationBar)
            }
        }
        // A view that fills the screen has the device's safe area. A freeform view (a view
        // controller's or a xib's top-level view with a freeform simulated size) is its own
        // simulated screen: the device's safe-area insets apply to its own bounds, above unless it
        // simulates no top bar (`<nil key="simulatedTopBarMetrics"/>`), below unless it simulates
        // no bottom bar, as Interface Builder saves such views. Any other view (a cell, a header)
        // is on no screen: its safe area is its bounds.
        var insets = device.safeAreaInsets
        if !fitsDevice, let older = DocumentLayout.olderSafeAreaTop(device: device, toolsVersion: document.root["toolsVersion"]) {
            insets.top = older
        }
        let bars = simulatedBars(root.controller)
        let freeform = [root.element, root.controller].compactMap { $0 }.first { $0.child("freeformSimulatedSizeMetrics", key: "simulatedDestinationMetrics") != nil }
        let safe: Rect
        if fullScreen || (fitsDevice && saved == nil) {
            safe = Rect(x: bounds.x + insets.left, y: bounds.y + insets.top + bars.top, width: bounds.width - insets.left - insets.right,
                        height: bounds.height - insets.top - insets.bottom - bars.top - bars.bottom)
        } else if let freeform {
            func simulatesNo(_ key: String) -> Bool { freeform.children.contains { $0.name == "nil" && $0["key"] == key } }
            let top = simulatesNo("simulatedTopBarMetrics") ? 0 : insets.top + bars.top
            let bottom = simulatesNo("simulatedBottomBarMetrics") ? 0 : insets.bottom + bars.bottom
            // Insets larger than the view leave the guide inverted, as UIKit leaves it: its top
            // edge at the top inset, its bottom edge the bottom inset above the view's bottom.
            safe = Rect(x: bounds.x + insets.left, y: bounds.y + top, width: bounds.width - insets.left - insets.right,
                        height: bounds.height - top - bottom)
        } else {
            safe = bounds
        }
        var placement = AutoLayout.Placement(bounds: bounds, safeArea: safe)
        placement.documentMode = true
        prepareTables(&view, placement: &placement)
        // Labels that wrap take their height from their width: laid out once with one line each,
        // then again with the widths found.
        var widths: [String: Double] = [:]
        var layout = AutoLayout(root: view, device: device, placement: placement, file: document.path) { [self] v in intrinsicSize(v, width: nil) }
        if DocumentLayout.containsWrappingLabel(view) {
            widths = layout.frames.mapValues(\.width)
            layout = AutoLayout(root: view, device: device, placement: placement, file: document.path) { [self, widths] v in intrinsicSize(v, width: widths[v.id]) }
        }
        warnings += layout.warnings
        collect(view, parentOrigin: nil, frames: layout.frames)
    }

    /// Safe-area tops Interface Builder simulated before iOS 14 changed them: the iPhone XR and 11
    /// (`retina6_1`) cleared 44 pt under iOS 13, 48 from iOS 14, and documents saved by Interface
    /// Builder before Xcode 13 (tools version 18000) keep the older frames.
    static let olderSafeAreaTops: [String: (before: Double, top: Double)] = ["retina6_1": (18000, 44)]

    static func olderSafeAreaTop(device: Device, toolsVersion: String?) -> Double? {
        guard device.orientation == .portrait, let older = olderSafeAreaTops[device.name],
              let version = toolsVersion.flatMap({ Double($0.split(separator: ".").first ?? "") }), version < older.before else { return nil }
        return older.top
    }

    /// A container controller's bar: across the screen, under the status bar (a navigation bar) or
    /// over the safe area's bottom (a tab bar, a toolbar). Its height is UIKit's: 44 pt, 96 with a
    /// large title; 49 pt for a tab bar.
    func barFrame(_ bar: InterfaceBuilderElement, saved: Rect?) -> Rect {
        switch bar.name {
        case "navigationBar":
            let height = bar.flag("largeTitles") ? BarMetrics.largeTitleNavigationBar : BarMetrics.navigationBar
            return Rect(x: 0, y: device.statusBarHeight, width: device.width, height: height)
        case "tabBar":
            return Rect(x: 0, y: device.height - device.safeAreaInsets.bottom - BarMetrics.tabBar, width: device.width, height: BarMetrics.tabBar)
        default:
            return Rect(x: 0, y: device.height - device.safeAreaInsets.bottom - BarMetrics.toolbar, width: device.width, height: BarMetrics.toolbar)
        }
    }

    /// The bars Interface Builder simulates over a view controller's view, which its safe area
    /// clears: a navigation bar (44 pt, or 96 with a large title) when the controller is in a
    /// navigation controller's stack or asks for one, a tab bar (49 pt) when it is a tab.
    func simulatedBars(_ controller: InterfaceBuilderElement?) -> (top: Double, bottom: Double) {
        guard let controller, let id = controller["id"] else { return (0, 0) }
        var top = 0.0, bottom = 0.0
        let explicitTop = controller.children.first { $0["key"] == "simulatedTopBarMetrics" }
        let explicitBottom = controller.children.first { $0["key"] == "simulatedBottomBarMetrics" }
        if let explicitTop {
            if explicitTop.name == "simulatedNavigationBarMetrics" { top = explicitTop["prompted"] == "YES" ? BarMetrics.promptedNavigationBar : BarMetrics.navigationBar }
        } else if let navigation = containers.navigation[id] {
            top = navigation.largeTitles && controller.child("navigationItem", key: "navigationItem")?["largeTitleDisplayMode"] != "never" ? BarMetrics.largeTitleNavigationBar : BarMetrics.navigationBar
        }
        if let explicitBottom {
            if explicitBottom.name == "simulatedTabBarMetrics" { bottom = BarMetrics.tabBar } else if explicitBottom.name == "simulatedToolbarMetrics" { bottom = BarMetrics.toolbar }
        } else if containers.tabs.contains(id) {
            bottom = BarMetrics.tabBar
        }
        return (top, bottom)
    }

    /// Which controllers a navigation controller shows (its root and what it pushes, with whether
    /// its bar has large titles) and which a tab bar controller shows.
    static func containers(_ document: InterfaceBuilderDocument) -> (navigation: [String: (largeTitles: Bool, line: Int)], tabs: Set<String>, sheets: Set<String>) {
        var navigation: [String: (largeTitles: Bool, line: Int)] = [:]
        var tabs = Set<String>()
        let byID = document.elementsByID()
        func segues(_ c: InterfaceBuilderElement) -> [InterfaceBuilderElement] { c.child("connections")?.children("segue") ?? [] }
        // In document order: a dictionary's order changes from run to run, and a controller two
        // navigation controllers push takes the first one's bar, the same every time.
        let elements = byID.values.sorted { ($0.line, $0["id"] ?? "") < ($1.line, $1["id"] ?? "") }
        for controller in elements {
            if controller.name == "navigationController" {
                let large = controller.child("navigationBar", key: "navigationBar")?.flag("largeTitles") ?? false
                var queue = segues(controller).filter { $0["relationship"] == "rootViewController" }.compactMap { $0["destination"] }
                while let next = queue.popLast() {
                    guard navigation[next] == nil, let c = byID[next], c.name != "navigationController" else { continue }
                    navigation[next] = (large, controller.line)
                    queue += segues(c).filter { ["show", "push"].contains($0["kind"] ?? "") }.compactMap { $0["destination"] }
                }
            }
            if controller.name == "tabBarController" {
                for segue in segues(controller) where segue["relationship"] == "viewControllers" {
                    guard let destination = segue["destination"], let c = byID[destination] else { continue }
                    tabs.insert(destination)
                    if c.name == "navigationController" {
                        for s in segues(c) where s["relationship"] == "rootViewController" { if let d = s["destination"] { tabs.insert(d) } }
                    }
                }
            }
        }
        // A navigation controller shown from a controller outside any navigation stack is
        // presented modally, as a page sheet unless it asks for the full screen.
        var sheets = Set<String>()
        for controller in elements where controller["sceneMemberID"] == "viewController" {
            guard let source = controller["id"], navigation[source] == nil else { continue }
            for segue in segues(controller) where ["show", "presentation", "showDetail"].contains(segue["kind"] ?? "") {
                guard let destination = segue["destination"], let c = byID[destination], c.name == "navigationController" else { continue }
                let style = segue["modalPresentationStyle"] ?? c["modalPresentationStyle"] ?? "pageSheet"
                if !["fullScreen", "overFullScreen", "currentContext", "overCurrentContext"].contains(style) { sheets.insert(destination) }
            }
        }
        return (navigation, tabs, sheets)
    }

    /// A table's cells and header and footer views as UITableView places them: across its width,
    /// one under another where the file saved them (the rows' stacking is the table's, not Auto
    /// Layout's), each cell as tall as its row; a cell's content view fills the cell less its
    /// accessory. Each is given an autoresizing mask that follows the table's width.
    func prepareTables(_ view: inout LaunchView, placement: inout AutoLayout.Placement) {
        if view.kind == "tableView" {
            let tableWidth = view.designedFrame?.width ?? 0
            let rowHeight = view.element.number("rowHeight").flatMap { $0 > 0 ? $0 : nil }
            for i in view.subviews.indices {
                var cell = view.subviews[i]
                let saved = cell.designedFrame ?? Rect(x: 0, y: 0, width: tableWidth, height: 44)
                if cell.kind == "tableViewCell" {
                    let height = cell.element.number("rowHeight") ?? rowHeight ?? saved.height
                    cell.designedFrame = Rect(x: 0, y: saved.y, width: tableWidth, height: height)
                    DocumentLayout.follow(&cell, width: true, height: false)
                    if let content = cell.subviews.firstIndex(where: { $0.kind == "tableViewCellContentView" }) {
                        let offScreen = view.designedFrame.map { saved.y >= $0.height } ?? false
                        let accessory = DocumentLayout.accessoryWidth(cell.element, displayed: !offScreen)
                        cell.subviews[content].designedFrame = Rect(x: 0, y: 0, width: tableWidth - accessory, height: height)
                        DocumentLayout.follow(&cell.subviews[content], width: true, height: true)
                        let side = AutoLayout.rootSideMargin(device)
                        placement.margins[cell.subviews[content].id] = (DocumentLayout.contentViewVerticalMargin, side,
                                                                        DocumentLayout.contentViewVerticalMargin, accessory > 0 ? AutoLayout.viewMargin : side)
                    }
                } else if cell.element["key"] == "tableHeaderView" || cell.element["key"] == "tableFooterView" {
                    cell.designedFrame = Rect(x: 0, y: saved.y, width: tableWidth, height: saved.height)
                    DocumentLayout.follow(&cell, width: true, height: false)
                }
                view.subviews[i] = cell
            }
        }
        for i in view.subviews.indices { prepareTables(&view.subviews[i], placement: &placement) }
    }

    /// A view that names no `translatesAutoresizingMaskIntoConstraints` but saves an autoresizing
    /// mask translates it, even where constraints name it (its subviews' constraints, or its own
    /// beside the mask): Interface Builder writes `NO` on every view whose frame its constraints
    /// set, and UIKit translates the mask of every other view.
    static func translateSavedMasks(_ view: inout LaunchView, isRoot: Bool) {
        if !isRoot, view.element["translatesAutoresizingMaskIntoConstraints"] == nil, view.element.child("autoresizingMask", key: "autoresizingMask") != nil {
            view.element.attributes["translatesAutoresizingMaskIntoConstraints"] = "YES"
        }
        for i in view.subviews.indices { translateSavedMasks(&view.subviews[i], isRoot: false) }
    }

    /// Gives a view an autoresizing mask that follows its superview's width (and height).
    static func follow(_ view: inout LaunchView, width: Bool, height: Bool) {
        var attributes = ["key": "autoresizingMask"]
        if width { attributes["widthSizable"] = "YES" }
        if height { attributes["heightSizable"] = "YES" }
        view.element.children.removeAll { $0.name == "autoresizingMask" }
        view.element.children.append(InterfaceBuilderElement(name: "autoresizingMask", attributes: attributes, line: view.element.line, children: []))
        view.element.attributes["translatesAutoresizingMaskIntoConstraints"] = "YES"
    }

    /// A cell's content view's layout margins above and below (UITableViewCell's content view, 11 pt
    /// as Interface Builder saves views pinned to them); at the sides they are the table's (16 pt,
    /// 20 pt from 414 pt wide), and 8 pt before an accessory.
    static let contentViewVerticalMargin = 11.0

    /// What a cell's accessory takes from its content view's width (UITableViewCell on iOS 13 and
    /// later, as Interface Builder saves content views beside each accessory). A cell below the
    /// table's visible height is never displayed, so its accessory view is never made: Interface
    /// Builder saves its content view 18.5 pt short of a disclosure indicator's cell, not 30.5.
    static func accessoryWidth(_ cell: InterfaceBuilderElement, displayed: Bool = true) -> Double {
        switch cell["accessoryType"] ?? "none" {
        case "disclosureIndicator": return displayed ? 30.5 : 18.5
        case "checkmark": return 39.5
        case "detailButton": return 45.5
        case "detailDisclosureButton": return 65.5
        default: return 0
        }
    }

    static func containsWrappingLabel(_ view: LaunchView) -> Bool {
        (view.kind == "label" && view.element["numberOfLines"] != nil && view.element["numberOfLines"] != "1") || view.subviews.contains(where: containsWrappingLabel)
    }

    /// Frames in superview coordinates, depth first, in document order.
    private mutating func collect(_ view: LaunchView, parentOrigin: (x: Double, y: Double)?, frames: [String: Rect]) {
        let absolute = frames[view.id] ?? Rect(x: 0, y: 0, width: 0, height: 0)
        var frame = absolute
        if let parentOrigin { frame.x -= parentOrigin.x; frame.y -= parentOrigin.y }
        views.append(PlacedView(id: view.id, element: view.kind, file: document.path, line: view.element.line, frame: frame,
                                saved: view.element.savedFrame, misplaced: view.element.flag("misplaced"), ambiguous: view.element.flag("ambiguous")))
        for sub in view.subviews { collect(sub, parentOrigin: (absolute.x, absolute.y), frames: frames) }
    }
}

extension InterfaceBuilderElement {
    /// `<rect key="frame">`: the frame Interface Builder saved, in the superview's coordinates.
    var savedFrame: Rect? {
        guard let r = child("rect", key: "frame"), let x = r.number("x"), let y = r.number("y"), let w = r.number("width"), let h = r.number("height") else { return nil }
        return Rect(x: x, y: y, width: w, height: h)
    }
}
