import Formats
import Scenes
import Foundation

/// Auto Layout as iOS solves a launch screen's views: every constraint of the tree, the
/// autoresizing masks of views that translate them, the intrinsic sizes of images and labels with
/// their hugging and compression-resistance priorities, and stack views' arrangement, as one
/// linear system solved by Cassowary (Badros, Borning and Stuckey, "The Cassowary Linear
/// Arithmetic Constraint Solving Algorithm", ACM TOCHI 8(4), 2001), the algorithm under UIKit's
/// layout engine. Each view has four variables: its left, top, width and height on the screen.
public struct AutoLayout {
    public typealias IntrinsicSize = (_ view: LaunchView) -> (width: Double, height: Double)?

    public let device: Device
    /// What the layout could not read or had to break, each said once.
    public private(set) var warnings: [LaunchSkip] = []
    /// The system as solved, constraint by constraint: what `--explain --json` shows and what
    /// kiwisolver is checked against.
    public private(set) var system = LinearSystemDescription(variables: [], constraints: [], edits: [])
    /// Frames by view id.
    public private(set) var frames: [String: Rect] = [:]

    private var views: [String: LaunchView] = [:]
    private var parents: [String: String] = [:]
    /// Guides whose rectangle is fixed on the screen (the root's safe area, old layout guides).
    private var fixedGuides: [String: Rect] = [:]
    /// Guides that are a view's own frame inset (a subview's safe area, layout margins).
    private var viewGuides: [String: (view: String, insets: (top: Double, left: Double, bottom: Double, right: Double))] = [:]
    /// Scroll views' content layout guides, by guide id: the scroll view's id.
    private var contentGuides: [String: String] = [:]
    private let rootID: String
    private let intrinsic: IntrinsicSize
    private var pending: [(LinearSystemDescription.Constraint, origin: LaunchElementOrigin?)] = []
    /// The content-size constraints, added after every constraint the file holds:
    /// UIKit installs a nib's constraints when it loads and the content-size constraints in the
    /// next update pass, so a required hugging or resistance priority that contradicts a required
    /// constraint of the file is the one broken (a 16 pt image in a button constrained to 30 pt
    /// with hugging 1000 is 30 pt, as Interface Builder saves it).
    private var deferredIntrinsic: [(LinearSystemDescription.Constraint, origin: LaunchElementOrigin?)] = []

    /// An intrinsic size's dimension that is not given (UIKit's `UIView.noIntrinsicMetric`).
    public static let noIntrinsicMetric = -1.0

    /// UIView's default `layoutMargins` (8 pt each side) and a view controller's root view's
    /// system minimum margins: 16 pt on compact iPhones, 20 pt from 414 pt wide (UIKit's
    /// `systemMinimumLayoutMargins`, as measured on the devices of the presets).
    static let viewMargin = 8.0
    static func rootSideMargin(_ device: Device) -> Double { device.width >= 414 ? 20 : 16 }

    /// UIKit priority to Cassowary strength (`ConstraintStrength.layoutPriority`): required stays
    /// required, and each named level outweighs the one below by a factor of 1000, so Auto Layout
    /// meets higher priorities first.
    public static func strength(priority: Double) -> Double { ConstraintStrength.layoutPriority(priority) }

    /// Where a root view sits and what the system gives it: its frame on the screen, its safe
    /// area (in the same coordinates), and, by view id, the layout margins and safe-area insets of
    /// views that are not the root (UIKit's `layoutMargins` and `safeAreaInsets`; absent, a view's
    /// margins are 8 pt and its safe area its bounds).
    public struct Placement {
        public var bounds: Rect
        public var safeArea: Rect
        public var margins: [String: (top: Double, left: Double, bottom: Double, right: Double)] = [:]
        public var safeAreaInsets: [String: (top: Double, left: Double, bottom: Double, right: Double)] = [:]
        /// Whether the frames are Interface Builder's, as it saves a document, rather than UIKit's at
        /// run time: a hidden arranged view keeps its own size where its constraints require one
        /// (the stack's zero size gives way), sits halfway across its neighbours' gap and keeps its
        /// alignment. Every other rule is UIKit's and holds for both.
        public var documentMode = false
        public init(bounds: Rect, safeArea: Rect) { self.bounds = bounds; self.safeArea = safeArea }
    }

    private let placement: Placement
    private var documentMode: Bool { placement.documentMode }
    /// UIStackView's hiding constraint: required on a launch screen; in a document, just below, so
    /// a hidden view's own required size wins as Interface Builder saves it.
    private var hiddenArrangedPriority: Double { documentMode ? 999 : 1000 }

    /// Lays out `root` (the launch view, full screen) on `device`.
    public init(root: LaunchView, device: Device, file: String, intrinsic: @escaping IntrinsicSize) {
        self.init(root: root, device: device, placement: Placement(bounds: Rect(x: 0, y: 0, width: device.width, height: device.height), safeArea: device.safeArea),
                  file: file, intrinsic: intrinsic)
    }

    /// Lays out `root` at `placement.bounds` (any view of a document: a view controller's, a xib's
    /// top-level view, a cell), with the margins and safe areas it gives.
    public init(root: LaunchView, device: Device, placement: Placement, file: String, intrinsic: @escaping IntrinsicSize) {
        self.device = device
        self.rootID = root.id
        self.intrinsic = intrinsic
        self.placement = placement
        register(root, parent: nil)
        let screen = placement.bounds
        let safe = placement.safeArea
        if let guide = root.safeAreaGuide { fixedGuides[guide] = safe }
        if let top = root.topGuide { fixedGuides[top] = Rect(x: screen.x, y: screen.y, width: screen.width, height: safe.y - screen.y) }
        if let bottom = root.bottomGuide { fixedGuides[bottom] = Rect(x: screen.x, y: safe.maxY, width: screen.width, height: screen.maxY - safe.maxY) }
        pin(root.id, to: screen, origin: LaunchElementOrigin(element: root.kind, id: root.id, file: file, line: root.element.line))
        constrain(root, file: file)
        pending += deferredIntrinsic
        deferredIntrinsic = []
        solve()
    }

    private mutating func register(_ view: LaunchView, parent: String?) {
        views[view.id] = view
        if let parent { parents[view.id] = parent }
        for sub in view.subviews { register(sub, parent: view.id) }
    }

    // MARK: Expressions

    /// A linear expression over the views' variables: terms by variable name, and a constant.
    struct Expression {
        var terms: [String: Double] = [:]
        var constant = 0.0
        static func variable(_ name: String) -> Expression { Expression(terms: [name: 1]) }
        static func + (a: Expression, b: Expression) -> Expression {
            var r = a; r.constant += b.constant
            for (k, v) in b.terms { r.terms[k, default: 0] += v }
            return r
        }
        static func * (a: Expression, k: Double) -> Expression {
            Expression(terms: a.terms.mapValues { $0 * k }, constant: a.constant * k)
        }
        static func + (a: Expression, k: Double) -> Expression { var r = a; r.constant += k; return r }
        static func - (a: Expression, b: Expression) -> Expression { a + b * -1 }
    }

    static func left(_ id: String) -> Expression { .variable(id + ".left") }
    static func top(_ id: String) -> Expression { .variable(id + ".top") }
    static func width(_ id: String) -> Expression { .variable(id + ".width") }
    static func height(_ id: String) -> Expression { .variable(id + ".height") }
    /// A scroll view's content size (`contentSize`), which constraints between its edges and its
    /// content set, apart from its frame.
    static func contentWidth(_ id: String) -> Expression { .variable(id + ".contentWidth") }
    static func contentHeight(_ id: String) -> Expression { .variable(id + ".contentHeight") }

    /// The margins of a view: a root view's are its safe area's plus the system's side margins
    /// (unless it does not inset them from the safe area); any other view's are 8 pt.
    func margins(_ id: String) -> (top: Double, left: Double, bottom: Double, right: Double) {
        if let given = placement.margins[id] { return given }
        if id != rootID, let element = views[id]?.element, let saved = AutoLayout.savedMargins(element) { return saved }
        guard id == rootID else { return (AutoLayout.viewMargin, AutoLayout.viewMargin, AutoLayout.viewMargin, AutoLayout.viewMargin) }
        let side = AutoLayout.rootSideMargin(device)
        let insetsFromSafeArea = views[id]?.element.flag("insetsLayoutMarginsFromSafeArea", default: true) ?? true
        let b = placement.bounds, safe = placement.safeArea
        let s: (top: Double, left: Double, bottom: Double, right: Double) = insetsFromSafeArea
            ? (safe.y - b.y, safe.x - b.x, b.maxY - safe.maxY, b.maxX - safe.maxX) : (0, 0, 0, 0)
        return (s.top, s.left + side, s.bottom, s.right + side)
    }

    /// The layout margins a view's element sets (`<edgeInsets key="layoutMargins">`, or
    /// `<directionalEdgeInsets key="directionalLayoutMargins">`, left to right), or nil.
    static func savedMargins(_ e: InterfaceBuilderElement) -> (top: Double, left: Double, bottom: Double, right: Double)? {
        if let m = e.child("edgeInsets", key: "layoutMargins") {
            return (m.number("top") ?? 0, m.number("left") ?? 0, m.number("bottom") ?? 0, m.number("right") ?? 0)
        }
        if let m = e.child("directionalEdgeInsets", key: "directionalLayoutMargins") {
            return (m.number("top") ?? 0, m.number("leading") ?? 0, m.number("bottom") ?? 0, m.number("trailing") ?? 0)
        }
        return nil
    }

    /// An attribute of an item (a view or a guide) as an expression, or nil for an item or
    /// attribute not known.
    func attribute(_ item: String, _ attribute: String, content: Bool = false) -> Expression? {
        var name = attribute
        var margin = false
        if name.hasSuffix("Margin") { name.removeLast("Margin".count); margin = true }
        if name.hasSuffix("WithinMargins") { name.removeLast("WithinMargins".count); margin = true }
        switch name {
        case "leading": name = "left"
        case "trailing": name = "right"
        default: break
        }
        // The rectangle's four sides as expressions.
        var l: Expression, t: Expression, w: Expression, h: Expression
        var insets = (top: 0.0, left: 0.0, bottom: 0.0, right: 0.0)
        if let scroll = contentGuides[item] ?? (content ? item : nil) {
            // A scroll view's content: from its origin (no offset), as large as its content size.
            (l, t, w, h) = (AutoLayout.left(scroll), AutoLayout.top(scroll), AutoLayout.contentWidth(scroll), AutoLayout.contentHeight(scroll))
            if content && contentGuides[item] == nil && !["left", "right", "top", "bottom"].contains(name) {
                (w, h) = (AutoLayout.width(scroll), AutoLayout.height(scroll))
            }
        } else if let rect = fixedGuides[item] {
            l = Expression(constant: rect.x); t = Expression(constant: rect.y); w = Expression(constant: rect.width); h = Expression(constant: rect.height)
        } else if let guide = viewGuides[item] {
            (l, t, w, h) = (AutoLayout.left(guide.view), AutoLayout.top(guide.view), AutoLayout.width(guide.view), AutoLayout.height(guide.view))
            insets = guide.insets
        } else if views[item] != nil {
            (l, t, w, h) = (AutoLayout.left(item), AutoLayout.top(item), AutoLayout.width(item), AutoLayout.height(item))
        } else {
            return nil
        }
        if margin && views[item] != nil { insets = margins(item) }
        l = l + insets.left; t = t + insets.top
        w = w + -(insets.left + insets.right); h = h + -(insets.top + insets.bottom)
        switch name {
        case "left": return l
        case "right": return l + w
        case "top": return t
        case "bottom": return t + h
        case "centerX": return l + w * 0.5
        case "centerY": return t + h * 0.5
        case "width": return w
        case "height": return h
        case "firstBaseline", "baseline", "lastBaseline":
            // A label's first baseline is its top plus the font's ascender, the last its bottom less
            // the descender (SF Pro: 0.952 and 0.241 of the point size); other views' are their bottom.
            if let view = views[item], view.kind == "label", let size = view.element.child("fontDescription")?.number("pointSize") {
                return name == "firstBaseline" ? t + 0.952 * size : t + h + -(0.241 * size)
            }
            return t + h
        default: return nil
        }
    }

    // MARK: Building the system

    private mutating func add(_ lhs: Expression, _ relation: LayoutConstraintSpec.Relation, _ rhs: Expression, priority: Double,
                              origin: LaunchElementOrigin?) {
        let e = lhs - rhs
        let terms = e.terms.filter { $0.value != 0 }.sorted { $0.key < $1.key }.map { LinearSystemDescription.Term($0.key, $0.value) }
        let op: ConstraintRelation = relation == .equal ? .equal : relation == .lessThanOrEqual ? .lessOrEqual : .greaterOrEqual
        pending.append((LinearSystemDescription.Constraint(terms: terms, constant: e.constant, op: op, strength: AutoLayout.strength(priority: priority)), origin))
    }

    private mutating func pin(_ id: String, to rect: Rect, origin: LaunchElementOrigin?) {
        add(AutoLayout.left(id), .equal, Expression(constant: rect.x), priority: 1000, origin: origin)
        add(AutoLayout.top(id), .equal, Expression(constant: rect.y), priority: 1000, origin: origin)
        add(AutoLayout.width(id), .equal, Expression(constant: rect.width), priority: 1000, origin: origin)
        add(AutoLayout.height(id), .equal, Expression(constant: rect.height), priority: 1000, origin: origin)
    }

    private func origin(_ view: LaunchView, file: String) -> LaunchElementOrigin {
        LaunchElementOrigin(element: view.kind, id: view.id, file: file, line: view.element.line)
    }

    private mutating func constrain(_ view: LaunchView, file: String) {
        for guide in [view.safeAreaGuide, view.marginsGuide].compactMap({ $0 }) where fixedGuides[guide] == nil {
            viewGuides[guide] = (view.id, guide == view.marginsGuide ? margins(view.id) : placement.safeAreaInsets[view.id] ?? (0, 0, 0, 0))
        }
        if view.kind == "scrollView" {
            if let frame = view.frameGuide { viewGuides[frame] = (view.id, (0, 0, 0, 0)) }
            if let content = view.contentGuide { contentGuides[content] = view.id }
            // What the content's constraints leave free keeps the scroll view's own size.
            add(AutoLayout.contentWidth(view.id), .equal, AutoLayout.width(view.id), priority: 0, origin: origin(view, file: file))
            add(AutoLayout.contentHeight(view.id), .equal, AutoLayout.height(view.id), priority: 0, origin: origin(view, file: file))
        }
        let isStack = view.kind == "stackView"
        for sub in view.subviews {
            let o = origin(sub, file: file)
            // A view Interface Builder keeps at a fixed frame (`fixedFrame`, a view no constraint
            // places) is compiled with its autoresizing mask translated.
            let fixedFrame = sub.element.flag("fixedFrame") && !sub.isConstrained
            if !isStack && (sub.translatesAutoresizingMask || fixedFrame) {
                autoresize(sub, in: view, origin: o)
            } else {
                designedPull(sub, in: view, origin: o)
            }
            if let size = intrinsic(sub) { intrinsicSize(sub, size, origin: o) }
            add(AutoLayout.width(sub.id), .greaterThanOrEqual, Expression(), priority: 1000, origin: o)
            add(AutoLayout.height(sub.id), .greaterThanOrEqual, Expression(), priority: 1000, origin: o)
        }
        if isStack { arrange(view, origin: origin(view, file: file)) }
        for c in view.constraints { constraint(c) }
        for sub in view.subviews { constrain(sub, file: file) }
    }

    /// Whether `item`'s edges, in a constraint with `other`, are its content's: a scroll view's
    /// edges constrained to a view inside it are its content's (Interface Builder's scroll views
    /// before content layout guides).
    func meansContent(_ item: String, with other: String?) -> Bool {
        guard let other, views[item]?.kind == "scrollView" else { return false }
        var ancestor = parents[other]
        while let a = ancestor { if a == item { return true }; ancestor = parents[a] }
        return false
    }

    private mutating func constraint(_ c: LayoutConstraintSpec) {
        let o = LaunchElementOrigin(element: "constraint", id: c.id, file: c.file, line: c.line)
        guard let first = attribute(c.firstItem, c.firstAttribute, content: meansContent(c.firstItem, with: c.secondItem)) else {
            warnings.append(LaunchSkip(origin: o, why: views[c.firstItem] == nil && fixedGuides[c.firstItem] == nil && viewGuides[c.firstItem] == nil
                                       ? "names item \(c.firstItem), which is not on this launch screen" : "attribute \(c.firstAttribute) is not one Auto Layout has"))
            return
        }
        var rhs = Expression(constant: c.constant)
        if let secondItem = c.secondItem {
            guard let attributeName = c.secondAttribute ?? Optional(c.firstAttribute),
                  let second = attribute(secondItem, attributeName, content: meansContent(secondItem, with: c.firstItem)) else {
                warnings.append(LaunchSkip(origin: o, why: views[secondItem] == nil && fixedGuides[secondItem] == nil && viewGuides[secondItem] == nil
                                           ? "names item \(secondItem), which is not on this launch screen" : "attribute \(c.secondAttribute ?? "") is not one Auto Layout has"))
                return
            }
            rhs = second * c.multiplier + c.constant
        }
        add(first, c.relation, rhs, priority: c.priority, origin: o)
    }

    /// A view that translates its autoresizing mask: its designed frame in its superview's designed
    /// bounds, with what the superview grows by shared among its flexible parts in proportion to
    /// their designed sizes (UIView's `autoresizingMask`).
    private mutating func autoresize(_ view: LaunchView, in parent: LaunchView, origin: LaunchElementOrigin) {
        let f = view.designedFrame ?? Rect(x: 0, y: 0, width: 0, height: 0)
        let p = parent.designedFrame ?? Rect(x: 0, y: 0, width: f.maxX, height: f.maxY)
        let mask = view.element.child("autoresizingMask", key: "autoresizingMask")
        func axis(start: Double, size: Double, parentSize: Double, flexStart: Bool, flexSize: Bool, flexEnd: Bool) -> (start: Double, size: Double) {
            // Shares of the growth for the start margin and the size.
            let parts = [(flexStart, start), (flexSize, size), (flexEnd, parentSize - start - size)]
            let flexible = parts.filter { $0.0 }
            guard !flexible.isEmpty else { return (0, 0) }
            let total = flexible.reduce(0) { $0 + max($1.1, 0) }
            func share(_ i: Int) -> Double {
                guard parts[i].0 else { return 0 }
                return total > 0 ? max(parts[i].1, 0) / total : 1 / Double(flexible.count)
            }
            return (share(0), share(1))
        }
        let h = axis(start: f.x, size: f.width, parentSize: p.width, flexStart: mask?.flag("flexibleMinX") ?? false,
                     flexSize: mask?.flag("widthSizable") ?? false, flexEnd: mask?.flag("flexibleMaxX") ?? false)
        let v = axis(start: f.y, size: f.height, parentSize: p.height, flexStart: mask?.flag("flexibleMinY") ?? false,
                     flexSize: mask?.flag("heightSizable") ?? false, flexEnd: mask?.flag("flexibleMaxY") ?? false)
        let growW = AutoLayout.width(parent.id) + -p.width, growH = AutoLayout.height(parent.id) + -p.height
        add(AutoLayout.left(view.id), .equal, AutoLayout.left(parent.id) + f.x + growW * h.start, priority: 1000, origin: origin)
        add(AutoLayout.width(view.id), .equal, growW * h.size + f.width, priority: 1000, origin: origin)
        add(AutoLayout.top(view.id), .equal, AutoLayout.top(parent.id) + f.y + growH * v.start, priority: 1000, origin: origin)
        add(AutoLayout.height(view.id), .equal, growH * v.size + f.height, priority: 1000, origin: origin)
    }

    /// Where constraints leave a view free (an ambiguous layout), the weakest pull keeps it where it
    /// was designed: its centre at its share of the superview, its designed size.
    private mutating func designedPull(_ view: LaunchView, in parent: LaunchView, origin: LaunchElementOrigin) {
        let weak = 0.0  // below every priority a storyboard can give (1 is the lowest)
        guard let f = view.designedFrame else {
            add(AutoLayout.left(view.id) + AutoLayout.width(view.id) * 0.5, .equal, AutoLayout.left(parent.id) + AutoLayout.width(parent.id) * 0.5, priority: weak, origin: origin)
            add(AutoLayout.top(view.id) + AutoLayout.height(view.id) * 0.5, .equal, AutoLayout.top(parent.id) + AutoLayout.height(parent.id) * 0.5, priority: weak, origin: origin)
            return
        }
        let p = parent.designedFrame
        let shareX = p.map { $0.width > 0 ? f.midX / $0.width : 0.5 } ?? 0.5
        let shareY = p.map { $0.height > 0 ? f.midY / $0.height : 0.5 } ?? 0.5
        add(AutoLayout.left(view.id) + AutoLayout.width(view.id) * 0.5, .equal, AutoLayout.left(parent.id) + AutoLayout.width(parent.id) * shareX, priority: weak, origin: origin)
        add(AutoLayout.top(view.id) + AutoLayout.height(view.id) * 0.5, .equal, AutoLayout.top(parent.id) + AutoLayout.height(parent.id) * shareY, priority: weak, origin: origin)
        add(AutoLayout.width(view.id), .equal, Expression(constant: f.width), priority: weak, origin: origin)
        add(AutoLayout.height(view.id), .equal, Expression(constant: f.height), priority: weak, origin: origin)
    }

    /// An intrinsic content size: the view hugs it at its hugging priority and resists
    /// compression below it at its compression-resistance priority (UIKit's defaults 250 and 750;
    /// Interface Builder writes 251 for image views and labels).
    private mutating func intrinsicSize(_ view: LaunchView, _ size: (width: Double, height: Double), origin: LaunchElementOrigin) {
        let before = pending.count
        defer {
            deferredIntrinsic += pending[before...]
            pending.removeSubrange(before...)
        }
        let e = view.element
        let hugH = e.number("horizontalHuggingPriority") ?? 250, hugV = e.number("verticalHuggingPriority") ?? 250
        let resistH = e.number("horizontalCompressionResistancePriority") ?? 750, resistV = e.number("verticalCompressionResistancePriority") ?? 750
        if size.width >= 0 {
            add(AutoLayout.width(view.id), .lessThanOrEqual, Expression(constant: size.width), priority: hugH, origin: origin)
        }
        if size.height >= 0 {
            add(AutoLayout.height(view.id), .lessThanOrEqual, Expression(constant: size.height), priority: hugV, origin: origin)
        }
        if size.width >= 0 {
            add(AutoLayout.width(view.id), .greaterThanOrEqual, Expression(constant: size.width), priority: resistH, origin: origin)
        }
        if size.height >= 0 {
            add(AutoLayout.height(view.id), .greaterThanOrEqual, Expression(constant: size.height), priority: resistV, origin: origin)
        }
    }

    /// A stack view's arranged subviews (its visible subviews, in order), as UIStackView
    /// constrains them: along the axis by the distribution and spacing, across by the alignment.
    private mutating func arrange(_ stack: LaunchView, origin: LaunchElementOrigin) {
        let vertical = stack.element["axis"] == "vertical"
        let distribution = stack.element["distribution"] ?? "fill"
        let alignment = stack.element["alignment"] ?? "fill"
        let spacing = stack.element.number("spacing") ?? 0
        let arranged = stack.subviews.filter { !$0.hidden }
        let (start, end, size) = vertical ? ("top", "bottom", "height") : ("left", "right", "width")
        let (crossStart, crossEnd, crossCenter, crossSize) = vertical ? ("left", "right", "centerX", "width") : ("top", "bottom", "centerY", "height")
        func a(_ id: String, _ name: String) -> Expression { attribute(id, name)! }
        // A stack view arranges its views inside its layout margins when it says so, or, in a
        // document, when it sets its own margins (Interface Builder saves the arranged views inset
        // by them).
        let withinMargins = stack.element.flag("layoutMarginsRelativeArrangement") || AutoLayout.savedMargins(stack.element) != nil
        func edge(_ name: String) -> Expression { attribute(stack.id, withinMargins ? name + "Margin" : name)! }
        /// Across the stack, by its alignment.
        func align(_ view: LaunchView) {
            switch alignment {
            case "fill":
                add(a(view.id, crossStart), .equal, edge(crossStart), priority: 1000, origin: origin)
                add(a(view.id, crossEnd), .equal, edge(crossEnd), priority: 1000, origin: origin)
            default:
                add(a(view.id, crossStart), .greaterThanOrEqual, edge(crossStart), priority: 1000, origin: origin)
                add(a(view.id, crossEnd), .lessThanOrEqual, edge(crossEnd), priority: 1000, origin: origin)
                switch alignment {
                case "leading", "top": add(a(view.id, crossStart), .equal, edge(crossStart), priority: 1000, origin: origin)
                case "trailing", "bottom": add(a(view.id, crossEnd), .equal, edge(crossEnd), priority: 1000, origin: origin)
                default: add(a(view.id, crossCenter), .equal, edge(crossCenter), priority: 1000, origin: origin)
                }
            }
        }
        for (index, hidden) in stack.subviews.enumerated() where hidden.hidden {
            add(a(hidden.id, size), .equal, Expression(), priority: hiddenArrangedPriority, origin: origin)
            let before = stack.subviews[..<index].last { !$0.hidden }
            let after = stack.subviews[(index + 1)...].first { !$0.hidden }
            if documentMode, let before, let after {
                // Between two visible views, a hidden view starts halfway across the gap between
                // them, as Interface Builder saves it; anywhere else, at the stack's start.
                add(a(hidden.id, start) * 2, .equal, a(before.id, end) + a(after.id, start), priority: 1000, origin: origin)
            } else {
                add(a(hidden.id, start), .equal, edge(start), priority: 1000, origin: origin)
            }
            // In a document, a hidden view keeps its alignment across the stack (UIStackView's
            // alignment constraints hold every arranged view, hidden or not), so a hidden view
            // still widens a filling stack to its own size.
            if documentMode { align(hidden) } else {
                add(a(hidden.id, crossStart), .equal, edge(crossStart), priority: 1000, origin: origin)
            }
        }
        guard let first = arranged.first, let last = arranged.last else { return }
        add(a(first.id, start), .equal, edge(start), priority: 1000, origin: origin)
        add(a(last.id, end), .equal, edge(end), priority: 1000, origin: origin)
        var gap: Expression?
        for (previous, next) in zip(arranged, arranged.dropFirst()) {
            let between = a(next.id, start) - a(previous.id, end)
            switch distribution {
            case "equalSpacing", "equalCentering":
                add(between, .greaterThanOrEqual, Expression(constant: spacing), priority: 1000, origin: origin)
                if let gap { add(between, .equal, gap, priority: 1000, origin: origin) } else { gap = between }
            default:
                add(between, .equal, Expression(constant: spacing), priority: 1000, origin: origin)
            }
            if distribution == "fillEqually" { add(a(next.id, size), .equal, a(first.id, size), priority: 1000, origin: origin) }
        }
        // Filling proportionally, each view takes the stack's length (less its spacing) in
        // proportion to its intrinsic length (UIStackView's `fillProportionally`, in a document:
        // 36 and 56 pt views in a 115 pt stack are 45 and 70 pt, as Interface Builder saves them).
        if distribution == "fillProportionally" && arranged.count > 1 {
            let lengths = arranged.map { view -> Double? in
                guard let size = intrinsic(view) else { return nil }
                let length = vertical ? size.height : size.width
                return length >= 0 ? length : nil
            }
            let total = lengths.compactMap { $0 }.reduce(0, +)
            if lengths.allSatisfy({ $0 != nil }), total > 0 {
                let available = edge(size) + -(spacing * Double(arranged.count - 1))
                for (view, length) in zip(arranged, lengths) {
                    add(a(view.id, size), .equal, available * (length! / total), priority: 999, origin: origin)
                }
            }
        }
        for view in arranged { align(view) }
        // Across, a stack view that aligns its views hugs the largest of them.
        if alignment != "fill" { add(edge(crossSize), .equal, Expression(), priority: 1, origin: origin) }
    }

    // MARK: Solving

    /// Adds the constraints in order; a required one that contradicts those before it is broken
    /// as iOS breaks one ("Unable to simultaneously satisfy constraints"): it is kept at priority
    /// 999, with a warning naming it. kiwi's solver, which this one ports, may leave constraints
    /// added before a refused one broken, so after each refusal the system is solved again in a new
    /// solver (at most `maximumRestarts` times; after that a refused constraint is left out).
    static let maximumRestarts = 16

    private mutating func solve() {
        var restarts = 0
        var dropped = Set<Int>()
        while true {
            let solver = CassowarySolver()
            var variables: [String: LayoutVariable] = [:]
            var names: [String] = []
            func variable(_ name: String) -> LayoutVariable {
                if let v = variables[name] { return v }
                let v = LayoutVariable(name)
                variables[name] = v
                names.append(name)
                return v
            }
            for id in views.keys.sorted() { for part in ["left", "top", "width", "height"] { _ = variable(id + "." + part) } }
            var kept: [LinearSystemDescription.Constraint] = []
            var refused: Int?
            // Past the restarts allowed, what is refused is left out in one pass, as it comes.
            let lastPass = restarts >= AutoLayout.maximumRestarts * 4
            for (index, (spec, origin)) in pending.enumerated() where !dropped.contains(index) {
                var expression = LinearExpression(constant: spec.constant)
                for term in spec.terms { expression = expression + LinearExpression(variable(term.variable), coefficient: term.coefficient) }
                do {
                    try solver.addConstraint(LinearConstraint(expression, spec.op, strength: spec.strength))
                    kept.append(spec)
                } catch {
                    if lastPass {
                        if let origin { warnings.append(LaunchSkip(origin: origin, why: "cannot be solved with the constraints before it; left out")) }
                        continue
                    }
                    refused = index
                    break
                }
            }
            if let index = refused {
                let origin = pending[index].origin
                if pending[index].0.strength >= ConstraintStrength.required && restarts < AutoLayout.maximumRestarts {
                    pending[index].0.strength = AutoLayout.strength(priority: 999)
                    if let origin { warnings.append(LaunchSkip(origin: origin, why: "contradicts the required constraints before it; broken (kept at priority 999), as iOS breaks one")) }
                } else {
                    dropped.insert(index)
                    if let origin { warnings.append(LaunchSkip(origin: origin, why: "cannot be solved with the constraints before it; left out")) }
                }
                restarts += 1
                continue
            }
            solver.updateVariables()
            system = LinearSystemDescription(variables: names, constraints: kept, edits: [])
            for id in views.keys {
                func value(_ part: String) -> Double { let v = variables[id + "." + part]?.value ?? 0; return v.isFinite ? v : 0 }
                frames[id] = Rect(x: value("left"), y: value("top"), width: max(value("width"), 0), height: max(value("height"), 0))
            }
            return
        }
    }
}
