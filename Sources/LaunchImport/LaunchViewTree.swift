import Formats
import Scenes
import Motion
import Foundation

/// The size classes and idiom a device shows a storyboard in: what chooses Interface Builder's
/// `<variation>`s (UIKit's `UITraitCollection`).
public struct LaunchTraits: Equatable, Sendable {
    public enum SizeClass: String, Sendable { case compact, regular }
    public var widthClass: SizeClass
    public var heightClass: SizeClass
    public var isPad: Bool

    /// UIKit's size classes of a full-screen window (Apple's Human Interface Guidelines, "Layout",
    /// the size-class table): iPhones are compact wide and regular tall in portrait; in landscape
    /// they are compact tall, and the Plus and Max models regular wide; iPads are regular both ways.
    public static func of(_ device: Device) -> LaunchTraits {
        let landscape = device.orientation == .landscape
        if device.idiom == .pad { return LaunchTraits(widthClass: .regular, heightClass: .regular, isPad: true) }
        return LaunchTraits(widthClass: landscape && device.landscapeRegularWidth ? .regular : .compact,
                            heightClass: landscape ? .compact : .regular, isPad: false)
    }

    /// How well a variation key (`widthClass=compact`, `heightClass=regular-widthClass=compact`,
    /// `default`) fits: nil when it does not apply, else the number of traits it names (the more,
    /// the later it applies, so the most specific wins).
    public func specificity(_ key: String) -> Int? {
        if key == "default" { return 0 }
        var count = 0
        for part in key.split(separator: "-") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { return nil }
            switch pair[0] {
            case "widthClass": guard pair[1] == widthClass.rawValue else { return nil }
            case "heightClass": guard pair[1] == heightClass.rawValue else { return nil }
            default: return nil
            }
            count += 1
        }
        return count
    }
}

/// `NSLayoutConstraint` as Interface Builder writes it:
/// `firstItem.firstAttribute (relation) secondItem.secondAttribute × multiplier + constant`, at a
/// priority. A missing first item is the view that holds the constraint; a missing second item
/// makes it a constant (a size).
public struct LayoutConstraintSpec: Equatable, Sendable {
    public enum Relation: String, Sendable { case equal, lessThanOrEqual, greaterThanOrEqual }
    public var id: String?
    public var firstItem: String
    public var firstAttribute: String
    public var relation: Relation
    public var secondItem: String?
    public var secondAttribute: String?
    public var multiplier: Double
    public var constant: Double
    /// UIKit's priority, 1...1000; 1000 is required.
    public var priority: Double
    public var line: Int
    public var file: String
}

/// A view of a launch screen for one set of traits: its element, whether it shows, its
/// constraints (after the size-class masks) and its subviews.
public struct LaunchView: Sendable {
    public var element: InterfaceBuilderElement
    public var id: String
    public var kind: String { element.name }
    public var designedFrame: Rect?
    public var hidden: Bool
    public var constraints: [LayoutConstraintSpec]
    public var subviews: [LaunchView]
    /// The view's `viewLayoutGuide key="safeArea"` id.
    public var safeAreaGuide: String?
    /// The view's `viewLayoutGuide key="layoutMargins"` id.
    public var marginsGuide: String?
    /// A scroll view's `contentLayoutGuide` and `frameLayoutGuide` ids.
    public var contentGuide: String?, frameGuide: String?
    /// A view controller's `viewControllerLayoutGuide`s (iOS 7–10): top and bottom.
    public var topGuide: String?, bottomGuide: String?
    /// What a container controller adds around its content: bars, titles (see `LaunchSkeleton`).
    public var skeleton: LaunchSkeleton?

    /// Whether it sizes itself from its frame and autoresizing mask rather than constraints:
    /// Interface Builder writes `translatesAutoresizingMaskIntoConstraints="NO"` on every view it
    /// constrains and leaves the attribute out otherwise, so a view with a saved autoresizing mask
    /// and no attribute translates it even where constraints name it too (UIKit adds both: the
    /// mask's and the constraints'). A hand-written document that leaves out both the attribute
    /// and the mask on a view its constraints place is taken at its constraints' word.
    public var translatesAutoresizingMask: Bool {
        if let written = element["translatesAutoresizingMaskIntoConstraints"] { return written == "YES" }
        return element.child("autoresizingMask", key: "autoresizingMask") != nil || !isConstrained
    }
    /// Whether a constraint names it.
    public var isConstrained = false
    public var alpha: Double { element.number("alpha").map { min(max($0, 0), 1) } ?? 1 }
    public var clipsToBounds: Bool { element.flag("clipsSubviews") }
}

/// The bars and titles a container controller draws around its content (navigation, toolbar,
/// tab bar), as the launch screen's skeleton.
public struct LaunchSkeleton: Equatable, Sendable {
    public var navigationTitle: String?
    public var largeTitle = false
    public var showsNavigationBar = false
    public var toolbarItems: [InterfaceBuilderElement] = []
    public var showsToolbar = false
    public var rightBarItems: [InterfaceBuilderElement] = []
    public var leftBarItems: [InterfaceBuilderElement] = []
    public var tabBarItems: [InterfaceBuilderElement] = []
    public var showsTabBar = false
    public var line: Int
}

/// Reads a document's launch view as a tree of `LaunchView`s for a set of traits: container
/// controllers unwrapped (a split view shows its primary column on a compact width; a
/// navigation controller its root with the bars), size-class masks and constants applied.
public struct LaunchViewTree {
    public let document: InterfaceBuilderDocument
    public let traits: LaunchTraits
    /// Elements and attributes not read, each named once.
    public private(set) var skipped: [LaunchSkip] = []
    /// Whether it reads every view a document lays out (`splashlab layout`): cells' content views,
    /// tables' cells, header and footer views, and every control. A launch screen reads the views
    /// it draws.
    public let readsEveryView: Bool
    private let byID: [String: InterfaceBuilderElement]

    public init(document: InterfaceBuilderDocument, traits: LaunchTraits, readsEveryView: Bool = false) {
        self.document = document; self.traits = traits; self.readsEveryView = readsEveryView
        byID = document.elementsByID()
    }

    /// The views a document lays out beyond those a launch screen draws: cells' content views
    /// (`key="contentView"`) and the controls Interface Builder writes under their own names.
    public static let documentViewElementNames: Set<String> = InterfaceBuilderDocument.viewElementNames.union([
        "tableViewCellContentView", "collectionViewCellContentView", "collectionReusableView", "stepper", "refreshControl",
    ])

    mutating func skip(_ e: InterfaceBuilderElement, _ why: String) {
        skipped.append(LaunchSkip(origin: LaunchElementOrigin(element: e.name, id: e["id"], file: document.path, line: e.line), why: why))
    }

    /// The root view: the launch view controller's (unwrapped) or the xib's top-level view.
    public mutating func root() throws -> LaunchView {
        var root: LaunchView
        if let controller = document.launchViewController {
            root = try view(of: controller, depth: 0)
        } else {
            guard let top = document.topLevelView else {
                throw LaunchSourceError(path: document.path, "no view found: a launch screen needs a view controller's view (storyboard) or a top-level view (xib)")
            }
            root = read(top)
        }
        LaunchViewTree.markConstrained(&root)
        try LaunchViewTree.checkUniqueIDs(root, path: document.path)
        return root
    }

    /// Marks every view of `root`'s tree that a constraint of the tree names (`isConstrained`).
    public static func markConstrained(_ root: inout LaunchView) {
        var named = Set<String>()
        func collect(_ v: LaunchView) {
            for c in v.constraints { named.insert(c.firstItem); if let s = c.secondItem { named.insert(s) } }
            v.subviews.forEach(collect)
        }
        func mark(_ v: inout LaunchView) {
            v.isConstrained = named.contains(v.id)
            for i in v.subviews.indices { mark(&v.subviews[i]) }
        }
        collect(root)
        mark(&root)
    }

    /// The view a controller shows, with what its containers add.
    mutating func view(of controller: InterfaceBuilderElement, depth: Int) throws -> LaunchView {
        guard depth < 8 else { throw LaunchSourceError(path: document.path, line: controller.line, "view controllers contain each other more than 8 deep") }
        func related(_ relationship: String) -> InterfaceBuilderElement? {
            let segue = controller.child("connections")?.children("segue").first { $0["relationship"] == relationship }
            return segue.flatMap { $0["destination"] }.flatMap { byID[$0] }
        }
        switch controller.name {
        case "splitViewController":
            // On a compact width the split view collapses to its primary column (UISplitViewController,
            // "collapsed" behaviour); on a regular width it shows its columns side by side.
            let primary = related("masterViewController") ?? related("primaryViewController")
            guard let primary else { throw LaunchSourceError(path: document.path, line: controller.line, "the split view controller has no primary (master) view controller") }
            if traits.widthClass == .compact { return try view(of: primary, depth: depth + 1) }
            var columns = [try view(of: primary, depth: depth + 1)]
            if let supplementary = related("supplementaryViewController") { columns.append(try view(of: supplementary, depth: depth + 1)) }
            if let detail = related("detailViewController") ?? related("secondaryViewController") { columns.append(try view(of: detail, depth: depth + 1)) }
            return splitColumns(columns, controller: controller)
        case "navigationController":
            guard let rootController = related("rootViewController") else {
                throw LaunchSourceError(path: document.path, line: controller.line, "the navigation controller has no root view controller")
            }
            var content = try view(of: rootController, depth: depth + 1)
            var skeleton = content.skeleton ?? LaunchSkeleton(line: controller.line)
            skeleton.showsNavigationBar = !controller.flag("navigationBarHidden")
            let bar = controller.child("navigationBar", key: "navigationBar")
            let item = rootController.child("navigationItem", key: "navigationItem")
            let mode = item?["largeTitleDisplayMode"] ?? "automatic"
            skeleton.largeTitle = (bar?.flag("largeTitles") ?? false) && mode != "never"
            skeleton.navigationTitle = item?["title"] ?? rootController["title"]
            skeleton.rightBarItems = item.map { i in i.children.filter { $0.name == "barButtonItem" && ($0["key"] == "rightBarButtonItem") } + (i.child("rightBarButtonItems")?.children("barButtonItem") ?? []) } ?? []
            skeleton.leftBarItems = item.map { i in i.children.filter { $0.name == "barButtonItem" && ($0["key"] == "leftBarButtonItem") } + (i.child("leftBarButtonItems")?.children("barButtonItem") ?? []) } ?? []
            skeleton.showsToolbar = controller["toolbarHidden"] == "NO"
            skeleton.toolbarItems = rootController.child("toolbarItems")?.children("barButtonItem") ?? []
            content.skeleton = skeleton
            return content
        case "tabBarController":
            let items = controller.child("connections")?.children("segue").filter { $0["relationship"] == "viewControllers" } ?? []
            guard let first = items.first.flatMap({ $0["destination"] }).flatMap({ byID[$0] }) else {
                throw LaunchSourceError(path: document.path, line: controller.line, "the tab bar controller has no view controllers")
            }
            var content = try view(of: first, depth: depth + 1)
            var skeleton = content.skeleton ?? LaunchSkeleton(line: controller.line)
            skeleton.showsTabBar = true
            skeleton.tabBarItems = items.compactMap { $0["destination"] }.compactMap { byID[$0]?.child("tabBarItem", key: "tabBarItem") }
            content.skeleton = skeleton
            return content
        default:
            // A view controller's view: `view key="view"`, or a table/collection view controller's own.
            guard let view = controller.children.first(where: { $0["key"] == "view" && InterfaceBuilderDocument.viewElementNames.contains($0.name) }) else {
                throw LaunchSourceError(path: document.path, line: controller.line, "<\(controller.name)> has no view")
            }
            var root = read(view)
            for guide in controller.child("layoutGuides")?.children("viewControllerLayoutGuide") ?? [] {
                if guide["type"] == "top" { root.topGuide = guide["id"] }
                if guide["type"] == "bottom" { root.bottomGuide = guide["id"] }
            }
            return root
        }
    }

    /// A regular-width split view: its columns side by side, the primary and supplementary at
    /// UIKit's default column widths (320 pt), the last taking the rest.
    private func splitColumns(_ columns: [LaunchView], controller: InterfaceBuilderElement) -> LaunchView {
        var container = LaunchView(element: InterfaceBuilderElement(name: "view", attributes: ["id": "split:" + (controller["id"] ?? "")], line: controller.line, children: []),
                                   id: "split:" + (controller["id"] ?? ""), designedFrame: nil, hidden: false, constraints: [], subviews: [])
        var constraints: [LayoutConstraintSpec] = []
        func c(_ first: String, _ a: String, _ second: String?, _ b: String?, _ k: Double = 0) {
            constraints.append(LayoutConstraintSpec(id: nil, firstItem: first, firstAttribute: a, relation: .equal, secondItem: second, secondAttribute: b,
                                                    multiplier: 1, constant: k, priority: 1000, line: controller.line, file: document.path))
        }
        var previous: String?
        for (i, var column) in columns.enumerated() {
            column.element.attributes["translatesAutoresizingMaskIntoConstraints"] = "NO"
            let id = column.id
            c(id, "top", container.id, "top"); c(id, "bottom", container.id, "bottom")
            if let previous { c(id, "leading", previous, "trailing") } else { c(id, "leading", container.id, "leading") }
            if i == columns.count - 1 { c(id, "trailing", container.id, "trailing") } else { c(id, "width", nil, nil, 320) }
            previous = id
            container.subviews.append(column)
        }
        container.constraints = constraints
        return container
    }

    /// A view element and its subviews, with the size-class masks applied.
    mutating func read(_ e: InterfaceBuilderElement) -> LaunchView {
        var frame: Rect?
        if let r = e.child("rect", key: "frame"), let x = r.number("x"), let y = r.number("y"), let w = r.number("width"), let h = r.number("height") {
            frame = Rect(x: x, y: y, width: w, height: h)
        }
        let id = e["id"] ?? "line\(e.line)"
        var hidden = e.flag("hidden")
        // Masks: `default` first, then the variations that fit, least specific first.
        let variations = e.children("variation").compactMap { v -> (Int, InterfaceBuilderElement)? in
            traits.specificity(v["key"] ?? "").map { ($0, v) }
        }.sorted { $0.0 < $1.0 }.map(\.1)
        var excludedConstraints = Set<String>(), excludedSubviews = Set<String>()
        for variation in variations {
            if let h = variation["hidden"] { hidden = h == "YES" }
            for mask in variation.children("mask") {
                for ref in mask.children {
                    guard let reference = ref["reference"] else { continue }
                    let include = ref.name == "include"
                    if mask["key"] == "constraints" { if include { excludedConstraints.remove(reference) } else { excludedConstraints.insert(reference) } }
                    if mask["key"] == "subviews" { if include { excludedSubviews.remove(reference) } else { excludedSubviews.insert(reference) } }
                }
            }
        }
        var view = LaunchView(element: e, id: id, designedFrame: frame, hidden: hidden, constraints: [], subviews: [])
        for constraint in e.child("constraints")?.children("constraint") ?? [] {
            if let cid = constraint["id"], excludedConstraints.contains(cid) { continue }
            if let spec = constraintSpec(constraint, holder: id) { view.constraints.append(spec) }
        }
        // A visual effect view's subviews live in its content view (`<view key="contentView">`),
        // which fills it (UIVisualEffectView.contentView).
        let effectContent = e.name == "visualEffectView" ? e.children.filter { $0.name == "view" && $0["key"] == "contentView" } : []
        var children = effectContent + (e.child("subviews")?.children ?? [])
        if readsEveryView {
            // A cell's content view holds its subviews; a table's header and footer views and its
            // cells (prototypes, or static sections' cells) sit in its content.
            let contentView = e.children.filter { $0["key"] == "contentView" && $0.name.hasSuffix("ContentView") }
            let tableViews = e.children.filter { $0.name == "view" && ($0["key"] == "tableHeaderView" || $0["key"] == "tableFooterView") }
            let prototypes = (e.child("prototypes")?.children ?? []) + (e.child("cells")?.children ?? [])
            let sections = (e.child("sections")?.children("tableViewSection") ?? []).flatMap { $0.child("cells")?.children ?? [] }
            children = contentView + children + tableViews + prototypes + sections
        }
        let names = readsEveryView ? LaunchViewTree.documentViewElementNames : InterfaceBuilderDocument.viewElementNames
        for sub in children {
            guard names.contains(sub.name) else {
                skip(sub, "not a view UIKit draws on a launch screen")
                continue
            }
            if let sid = sub["id"], excludedSubviews.contains(sid) { continue }
            view.subviews.append(read(sub))
        }
        for guide in e.children("viewLayoutGuide") {
            if guide["key"] == "safeArea" { view.safeAreaGuide = guide["id"] }
            if guide["key"] == "layoutMargins" { view.marginsGuide = guide["id"] }
            if guide["key"] == "contentLayoutGuide" { view.contentGuide = guide["id"] }
            if guide["key"] == "frameLayoutGuide" { view.frameGuide = guide["id"] }
        }
        return view
    }

    /// A `<constraint>` with the size-class constant that fits, or nil (with a skip) for one that
    /// cannot be read.
    mutating func constraintSpec(_ c: InterfaceBuilderElement, holder: String) -> LayoutConstraintSpec? {
        guard let first = c["firstAttribute"] else { skip(c, "a constraint with no firstAttribute"); return nil }
        guard let multiplier = LaunchViewTree.multiplier(c["multiplier"]) else {
            skip(c, "multiplier \(abbreviatedForMessage(c["multiplier"] ?? "")) is not a number, a ratio like 1:2 or a fraction like 1/3")
            return nil
        }
        var constant = c.number("constant") ?? 0
        var priority = c.number("priority") ?? 1000
        let fitting = c.children("variation").compactMap { v -> (Int, InterfaceBuilderElement)? in traits.specificity(v["key"] ?? "").map { ($0, v) } }
            .sorted { $0.0 < $1.0 }
        for (_, v) in fitting {
            if let k = v.number("constant") { constant = k }
            if let p = v.number("priority") { priority = p }
        }
        let relation = LayoutConstraintSpec.Relation(rawValue: c["relation"] ?? "equal") ?? .equal
        return LayoutConstraintSpec(id: c["id"], firstItem: c["firstItem"] ?? holder, firstAttribute: first, relation: relation,
                                    secondItem: c["secondItem"], secondAttribute: c["secondAttribute"], multiplier: multiplier,
                                    constant: constant, priority: min(max(priority, 1), 1000), line: c.line, file: document.path)
    }

    /// `multiplier="0.5"`, `"1:2"` or `"1/3"`; absent is 1.
    public static func multiplier(_ text: String?) -> Double? {
        guard let text else { return 1 }
        for separator in [":", "/"] {
            let parts = text.split(separator: Character(separator))
            if parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), b != 0, (a / b).isFinite { return a / b }
        }
        guard let v = Double(text), v.isFinite else { return nil }
        return v
    }
}
