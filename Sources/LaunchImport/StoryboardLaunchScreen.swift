import Formats
import Scenes
import Motion
import Foundation

/// A storyboard's or xib's launch screen on a device: its views read for the device's size
/// classes (`LaunchViewTree`), laid out by Auto Layout (`AutoLayout`), then drawn back to front:
/// views' backgrounds, image views, labels, and the bars of container controllers. What cannot be
/// drawn is named in `skipped` and left out; the rest is drawn.
public struct StoryboardLaunchScreen {
    let document: InterfaceBuilderDocument
    let device: Device
    let catalog: AssetCatalogIndex
    let measure: LaunchTextMeasure
    /// The appearance whose image files size the image views that take their image's size.
    let appearance: Appearance
    /// A loose image in the bundle by file name (owncloud's `branding-splashscreen-logo.png`).
    let looseImage: (String) -> String?

    private var elements: [LaunchElement] = []
    private var explained: [LaunchExplainEntry] = []
    private var skipped: [LaunchSkip] = []
    private var colorCache: [String: AppearanceColor] = [:]
    /// Each image the views name, looked up once: layout asks for its size, drawing for its files.
    private var assets: [String: Result<LaunchImageAsset?, Error>] = [:]

    public init(document: InterfaceBuilderDocument, device: Device, catalog: AssetCatalogIndex, measure: @escaping LaunchTextMeasure,
                appearance: Appearance = .light, looseImage: @escaping (String) -> String?) {
        self.document = document; self.device = device; self.catalog = catalog; self.measure = measure; self.appearance = appearance
        self.looseImage = looseImage
    }

    func origin(_ e: InterfaceBuilderElement) -> LaunchElementOrigin {
        LaunchElementOrigin(element: e.name, id: e["id"], file: document.path, line: e.line)
    }

    mutating func skip(_ e: InterfaceBuilderElement, _ why: String) { skipped.append(LaunchSkip(origin: origin(e), why: why)) }

    public mutating func build() throws -> LaunchScreen {
        var tree = LaunchViewTree(document: document, traits: LaunchTraits.of(device))
        let root = try tree.root()
        skipped += tree.skipped
        func collectImages(_ view: LaunchView) {
            if view.kind == "imageView", let name = view.element["image"], assets[name] == nil { assets[name] = Result { try lookUpAsset(name) } }
            view.subviews.forEach(collectImages)
        }
        collectImages(root)
        // Labels that wrap take their height from their width: laid out once with one line each,
        // then again with the widths found (as `DocumentLayout` does).
        var layout = AutoLayout(root: root, device: device, file: document.path) { [self] view in intrinsicSize(view, width: nil) }
        if DocumentLayout.containsWrappingLabel(root) {
            let widths = layout.frames.mapValues(\.width)
            layout = AutoLayout(root: root, device: device, file: document.path) { [self] view in intrinsicSize(view, width: widths[view.id]) }
        }
        skipped += layout.warnings
        let rootColor = background(of: root)
        let screenRect = Rect(x: 0, y: 0, width: device.width, height: device.height)
        explained.append(LaunchExplainEntry(origin: origin(root.element), frame: screenRect, drawn: "background",
                                            details: [("color", .string(rootColor.origin))]))
        for sub in root.subviews { draw(sub, frames: layout.frames, opacity: root.alpha, clip: nil, tint: tint(of: root, inherited: nil)) }
        if let skeleton = root.skeleton { drawSkeleton(skeleton) }
        var screen = LaunchScreen(background: .color(rootColor), elements: elements, source: document.path, introDescription: .fallback)
        screen.backgroundOrigin = rootColor.origin
        screen.explained = explained
        screen.skipped = skipped
        screen.layoutSystem = layoutJSON(layout)
        (screen.designDevice, screen.designDisagreements) = checkAgainstSavedFrames()
        return screen
    }

    /// The document laid out on its own design device and compared with the frames Interface
    /// Builder saved there: each view more than 2 pt off is named with both frames. A document
    /// this cannot lay out that way is not checked (its launch screen is drawn all the same).
    mutating func checkAgainstSavedFrames() -> (String?, [LaunchSkip]) {
        let checked: DocumentLayout
        do { checked = try DocumentLayout(document: document, device: nil, measure: measure) } catch {
            // Said, not swallowed: without the check nobody knows whether the frames agree.
            skipped.append(LaunchSkip(origin: LaunchElementOrigin(element: "document", file: document.path),
                                      why: "not checked against the frames Interface Builder saved: \(error)"))
            return (nil, [])
        }
        func text(_ r: Rect) -> String {
            [r.x, r.y, r.width, r.height].map { OptionBoundsFormat.number(($0 * 100).rounded() / 100) }.joined(separator: " ")
        }
        let disagreements = checked.views.filter { $0.disagrees() }.map { v in
            LaunchSkip(origin: LaunchElementOrigin(element: v.element, id: v.id, file: v.file, line: v.line),
                       why: "on \(checked.device.name), laid out at \(text(v.frame)); Interface Builder saved \(text(v.saved!))")
        }
        return (checked.device.name, disagreements)
    }

    /// The linear system as solved (the shape `LinearSystemDescription` reads, so kiwisolver can
    /// solve the same system) and the frames it gave.
    func layoutJSON(_ layout: AutoLayout) -> JSONOutput {
        let system = layout.system
        let constraints = system.constraints.map { c -> JSONOutput in
            .object([("terms", .array(c.terms.map { .array([.string($0.variable), .number($0.coefficient)]) })),
                     ("constant", .number(c.constant)), ("op", .string(c.op.rawValue)), ("strength", .number(c.strength))])
        }
        let frames = JSONOutput.object(layout.frames.keys.sorted().map { id in
            let r = layout.frames[id]!
            return (id, .object([("x", .number(r.x)), ("y", .number(r.y)), ("width", .number(r.width)), ("height", .number(r.height))]))
        })
        return .object([("system", .object([("variables", .array(system.variables.map(JSONOutput.string))), ("constraints", .array(constraints))])),
                        ("frames", frames)])
    }

    // MARK: Colours

    /// A `<color>` as light and dark values, with where it came from.
    mutating func color(_ e: InterfaceBuilderElement, key: String) -> AppearanceColor? {
        guard let spec = InterfaceBuilderDocument.colorSpec(e) else {
            skip(e, "colour '\(key)' has no sRGB, P3, white, named or system value")
            return nil
        }
        switch spec {
        case let .rgba(c): return AppearanceColor(light: c, origin: "\(e["customColorSpace"] ?? e["colorSpace"] ?? "sRGB") components")
        case let .named(name):
            if let cached = colorCache[name] { return cached }
            var resolved: AppearanceColor?
            if catalog.hasColor(name) {
                do { resolved = try catalog.color(name, idiom: AssetIdiom(device)).from("colour set \(name)") } catch { skip(e, "colour set \(name): \(error)") }
            }
            if resolved == nil, let system = SystemColors.named(name) { resolved = system.from("systemColor \(name)") }
            if resolved == nil, let fallback = document.resourceColors[name] {
                let why = catalog.hasColor(name) ? "its colour set could not be read" : "no colour set of that name"
                resolved = AppearanceColor(light: fallback, origin: "the document's namedColor \(name) (\(why))")
            }
            if resolved == nil {
                skip(e, catalog.hasColor(name) ? "colour set \(abbreviatedForMessage(name)) could not be read and has no namedColor fallback"
                                               : "colour \(abbreviatedForMessage(name)) is in no asset catalog and has no namedColor fallback")
            }
            colorCache[name] = resolved
            return resolved
        case let .system(name):
            if let system = SystemColors.entry(name) {
                return system.baseLevel.from(system.drawnAs.map { "systemColor \(name) (deprecated: UIKit draws \($0))" } ?? "systemColor \(name)")
            }
            // Not in UIKit's table: the value Xcode stored in `<resources>` is its light one only,
            // so it is drawn in both appearances and said once per name.
            let key = "systemColor " + name
            if let cached = colorCache[key] { return cached }
            let shown = abbreviatedForMessage(name)
            guard let fallback = document.resourceColors[name] else {
                skip(e, "unknown system colour \(shown), and the document's <resources> stores no value for it")
                return nil
            }
            let hex = [fallback.r, fallback.g, fallback.b, fallback.a].map { String(format: "%02X", $0) }.joined()
            let what = SystemColors.isUnpublishedLegacy(name) ? "deprecated system colour \(shown) has no published value" : "unknown system colour \(shown)"
            skip(e, "\(what): drawn with the document's <resources> value #\(hex) in light and dark (its dark value is unknown)")
            let resolved = AppearanceColor(light: fallback, origin: "the document's systemColor \(name) (light value only)")
            colorCache[key] = resolved
            return resolved
        }
    }

    /// The root view's background: its colour, else (a clear root view) the window's black.
    mutating func background(of root: LaunchView) -> AppearanceColor {
        if let e = root.element.child("color", key: "backgroundColor"), let c = color(e, key: "backgroundColor") { return c }
        if root.kind == "tableView" { return tableBackground(root) }
        return AppearanceColor(light: .black, origin: "no backgroundColor: the window's black shows")
    }

    /// A table view's default background: grouped styles on the grouped background colour.
    func tableBackground(_ view: LaunchView) -> AppearanceColor {
        let grouped = ["grouped", "insetGrouped"].contains(view.element["style"] ?? "plain")
        let name = grouped ? "systemGroupedBackgroundColor" : "systemBackgroundColor"
        return SystemColors.named(name)!.from("systemColor \(name) (the \(view.element["style"] ?? "plain") table's default)")
    }

    /// A view's tint colour: its own, else its superview's.
    mutating func tint(of view: LaunchView, inherited: AppearanceColor?) -> AppearanceColor? {
        if let e = view.element.child("color", key: "tintColor"), let c = color(e, key: "tintColor") { return c }
        return inherited
    }

    // MARK: Intrinsic sizes

    func intrinsicSize(_ view: LaunchView, width: Double?) -> (width: Double, height: Double)? {
        switch view.kind {
        case "imageView":
            guard let name = view.element["image"] else { return nil }
            if case let .success(asset?) = assets[name], let file = asset.file(appearance: appearance, scale: device.scale) { return file.pointSize }
            return document.imageSizes[name].map { ($0.width, $0.height) }
        case "label":
            guard let text = view.element["text"], !text.isEmpty else { return nil }
            let (size, weight, _) = font(view.element)
            let lines = Int(view.element["numberOfLines"] ?? "1") ?? 1
            if lines != 1, let width {
                return DocumentLayout.textSize(text, size: size, weight: weight, width: width, lines: lines, scale: device.scale, measure: measure)
            }
            let measured = measure(text, size, weight)
            return (ceilToPixel(measured.width), ceilToPixel(measured.height))
        default: return nil
        }
    }

    func ceilToPixel(_ v: Double) -> Double { (v * device.scale).rounded(.up) / device.scale }

    /// An image by name: an asset catalog's image set, else a loose file in the bundle (by its
    /// name, or the name with `.png`, at the device's scale first).
    func lookUpAsset(_ name: String) throws -> LaunchImageAsset? {
        var found: LaunchImageAsset?
        if catalog.hasImage(name) {
            found = try catalog.image(name)
        } else {
            let stem = name.hasSuffix(".png") ? String(name.dropLast(4)) : name
            let scaleName = "\(stem)@\(Int(device.scale))x.png"
            for (candidate, scale) in [(scaleName, device.scale), (name, 1.0), (stem + ".png", 1.0)] {
                guard let path = looseImage(candidate), let file = try? catalog.imageFile(path, scale: scale, appearance: nil) else { continue }
                found = LaunchImageAsset(name: name, files: [file])
                break
            }
        }
        return found
    }

    /// The label's font: its size, weight and a description for `--explain`. System fonts of
    /// every weight are drawn with the face standing in for SF Pro at that size and weight, with
    /// SF's tracking (`SystemFontFace`); text styles take UIKit's default sizes.
    func font(_ label: InterfaceBuilderElement) -> (size: Double, weight: LaunchFontWeight, description: String) {
        guard let f = label.child("fontDescription") else {
            return (17, .regular, "system 17 pt (UILabel's default), drawn with \(SystemFontFace.describe(pointSize: 17, weight: .regular))")
        }
        // One reading of a font description for layout and drawing alike (text styles' sizes and
        // weights, bold system fonts, a named font's weight from its name).
        var (size, weight) = DocumentLayout.font(f, defaultSize: 17)
        size = min(max(size, 0), LaunchFonts.largestPointSize)
        let family = f["name"].map { "\($0) (not shipped)" } ?? (f["style"].map { "text style \($0)" } ?? "system \(weight.rawValue)")
        return (size, weight, "\(family) \(OptionBoundsFormat.number(size)) pt, drawn with \(SystemFontFace.describe(pointSize: size, weight: weight))")
    }

    // MARK: Drawing

    mutating func draw(_ view: LaunchView, frames: [String: Rect], opacity: Double, clip: Rect?, tint inherited: AppearanceColor?) {
        let frame = frames[view.id] ?? Rect(x: 0, y: 0, width: 0, height: 0)
        let o = origin(view.element)
        if view.hidden {
            explained.append(LaunchExplainEntry(origin: o, frame: frame, drawn: "nothing", why: "hidden"))
            return
        }
        let alpha = opacity * view.alpha
        let viewTint = tint(of: view, inherited: inherited)
        let clipHere = view.clipsToBounds ? intersect(clip, frame) : clip
        var drewBackground = false
        if let e = view.element.child("color", key: "backgroundColor"), let c = color(e, key: "backgroundColor"), c.light.a > 0 || (c.dark?.a ?? 0) > 0 {
            explained.append(LaunchExplainEntry(origin: o, frame: frame, drawn: "background", element: elements.count, details: [("color", .string(c.origin))]))
            elements.append(.fill(LaunchFillElement(frame: frame, color: c, opacity: alpha, clip: clip, origin: o)))
            drewBackground = true
        }
        switch view.kind {
        case "imageView":
            guard let name = view.element["image"] else {
                if !drewBackground { explained.append(LaunchExplainEntry(origin: o, frame: frame, drawn: "nothing", why: "an image view with no image")) }
                break
            }
            let found = assets[name] ?? Result { try lookUpAsset(name) }
            guard case let .success(asset?) = found else {
                var why = document.imageSizes[name] != nil && view.element["catalog"] == "system"
                    ? "SF Symbol '\(name)' cannot be drawn here" : "image \(abbreviatedForMessage(name)) is in no asset catalog and no file of the bundle"
                if case let .failure(error) = found { why = "\(error)" }
                skip(view.element, why)
                explained.append(LaunchExplainEntry(origin: o, frame: frame, drawn: "nothing", why: why))
                break
            }
            let mode = LaunchContentMode(rawValue: view.element["contentMode"] ?? "scaleToFill") ?? .scaleToFill
            if let raw = view.element["contentMode"], LaunchContentMode(rawValue: raw) == nil {
                skip(view.element, "content mode \(raw) is drawn as scaleToFill")
            }
            let template = asset.isTemplate || view.element["renderingMode"] == "alwaysTemplate"
            let tint = template ? (viewTint ?? SystemColors.named("tintColor")!.from("the system tint")) : nil
            explained.append(LaunchExplainEntry(origin: o, frame: frame, drawn: "image", element: elements.count,
                                                details: [("contentMode", .string(mode.rawValue))] + (tint.map { [("tintFrom", .string($0.origin))] } ?? [])))
            elements.append(.image(LaunchImageElement(asset: asset, frame: frame, contentMode: mode, clip: clipHere, opacity: alpha, tint: tint, origin: o)))
        case "label":
            guard let text = view.element["text"], !text.isEmpty else {
                if !drewBackground { explained.append(LaunchExplainEntry(origin: o, frame: frame, drawn: "nothing", why: "a label with no text")) }
                break
            }
            let colour = view.element.child("color", key: "textColor").flatMap { color($0, key: "textColor") }
                ?? SystemColors.named("labelColor")!.from("systemColor labelColor (UILabel's default)")
            let (fontSize, weight, description) = font(view.element)
            if let given = view.element.child("fontDescription")?.number("pointSize"), given > LaunchFonts.largestPointSize {
                skip(view.element, "font size \(OptionBoundsFormat.number(given)) pt is larger than any screen; drawn at \(OptionBoundsFormat.number(LaunchFonts.largestPointSize)) pt")
            }
            let alignment = LaunchTextAlignment(rawValue: view.element["textAlignment"] ?? "natural") ?? .natural
            let lines = Int(view.element["numberOfLines"] ?? "1") ?? 1
            let fitted = LabelFitting.fit(text, in: frame.width, element: view.element, fontSize: fontSize, weight: weight, lines: lines, measure: measure)
            var details: [(String, JSONOutput)] = [("text", .string(text)), ("font", .string(description)), ("color", .string(colour.origin))]
            if fitted.fontSize != fontSize { details.append(("autoshrink", .string("\(OptionBoundsFormat.number(fontSize)) pt shrunk to \(OptionBoundsFormat.number((fitted.fontSize * 100).rounded() / 100)) pt to fit"))) }
            if fitted.text != text { details.append(("truncated", .string(fitted.text))) }
            explained.append(LaunchExplainEntry(origin: o, frame: frame, drawn: "label", element: elements.count, details: details))
            elements.append(.label(LaunchLabelElement(text: fitted.text, frame: frame, fontSize: fitted.fontSize, weight: weight, color: colour,
                                                      alignment: alignment, lines: lines, opacity: alpha, origin: o)))
        case "view", "stackView", "tableView", "scrollView", "collectionView", "containerView", "visualEffectView":
            if view.kind == "tableView" && !drewBackground {
                let c = tableBackground(view)
                explained.append(LaunchExplainEntry(origin: o, frame: frame, drawn: "background", element: elements.count, details: [("color", .string(c.origin))]))
                elements.append(.fill(LaunchFillElement(frame: frame, color: c, opacity: alpha, clip: clip, origin: o)))
                drewBackground = true
            }
            if view.kind == "tableView", let cells = view.element.child("sections")?.children, !cells.isEmpty {
                skip(view.element, "table cells are not drawn here")
            }
            if !drewBackground { explained.append(LaunchExplainEntry(origin: o, frame: frame, drawn: "nothing", why: "a container with no background colour")) }
        default:
            let why = "a \(view.kind) is not drawn here" + (drewBackground ? " beyond its background colour" : "")
            skip(view.element, why)
            explained.append(LaunchExplainEntry(origin: o, frame: frame, drawn: drewBackground ? "background" : "nothing", why: why))
        }
        for sub in view.subviews { draw(sub, frames: frames, opacity: alpha, clip: clipHere, tint: viewTint) }
    }

    func intersect(_ a: Rect?, _ b: Rect) -> Rect { a.map { $0.intersection(b) } ?? b }

    // MARK: Container controllers' bars

    /// The navigation bar's title and items, the toolbar's and the tab bar's, where iOS 15 and
    /// later draw them at a scroll edge: with no bar background (the content shows through), the
    /// title in the label colour, bar items in the tint colour. Heights are UIKit's: a 44 pt bar
    /// (96 pt with a large title) under the status bar; a 44 pt toolbar or a 49 pt tab bar over the
    /// safe area's bottom.
    mutating func drawSkeleton(_ s: LaunchSkeleton) {
        let line = s.line
        let safe = device.safeArea
        let margin = AutoLayout.rootSideMargin(device)
        let label = SystemColors.named("labelColor")!.from("systemColor labelColor (bar titles)")
        let tint = SystemColors.named("tintColor")!.from("the system tint (bar items)")
        let bar = LaunchElementOrigin(element: "navigationBar", file: document.path, line: line)
        let barTop = device.statusBarHeight
        if s.showsNavigationBar {
            let height = s.largeTitle ? BarMetrics.largeTitleNavigationBar : BarMetrics.navigationBar
            let frame = Rect(x: 0, y: barTop, width: device.width, height: height)
            explained.append(LaunchExplainEntry(origin: bar, frame: frame, drawn: "bar", details: [("title", .string(s.navigationTitle ?? "")), ("largeTitle", .bool(s.largeTitle))]))
            if let title = s.navigationTitle, !title.isEmpty {
                // A large title: 34 pt bold, at the layout margin under the 44 pt bar; a small one:
                // 17 pt semibold, centred in it (UIFont.TextStyle.largeTitle and the bar's title attributes).
                let frameOfTitle = s.largeTitle ? Rect(x: safe.x + margin, y: barTop + 44, width: safe.width - 2 * margin, height: 52)
                                                : Rect(x: safe.x, y: barTop, width: safe.width, height: BarMetrics.navigationBar)
                let origin = LaunchElementOrigin(element: "navigationItem.title", file: document.path, line: line)
                explained.append(LaunchExplainEntry(origin: origin, frame: frameOfTitle, drawn: "label", element: elements.count, details: [("text", .string(title))]))
                elements.append(.label(LaunchLabelElement(text: title, frame: frameOfTitle, fontSize: s.largeTitle ? 34 : 17, weight: s.largeTitle ? .bold : .semibold,
                                                          color: label, alignment: s.largeTitle ? .left : .center, origin: origin)))
            }
            barItems(s.rightBarItems, in: Rect(x: safe.x + margin, y: barTop, width: safe.width - 2 * margin, height: BarMetrics.navigationBar), trailing: true, tint: tint)
            barItems(s.leftBarItems, in: Rect(x: safe.x + margin, y: barTop, width: safe.width - 2 * margin, height: BarMetrics.navigationBar), trailing: false, tint: tint)
        }
        if s.showsToolbar {
            let frame = Rect(x: 0, y: safe.maxY - BarMetrics.toolbar, width: device.width, height: BarMetrics.toolbar)
            explained.append(LaunchExplainEntry(origin: LaunchElementOrigin(element: "toolbar", file: document.path, line: line), frame: frame, drawn: "bar"))
            toolbarItems(s.toolbarItems, in: Rect(x: safe.x + margin, y: frame.y, width: safe.width - 2 * margin, height: BarMetrics.toolbar), tint: tint)
        }
        if s.showsTabBar {
            let frame = Rect(x: 0, y: safe.maxY - BarMetrics.tabBar, width: device.width, height: BarMetrics.tabBar)
            explained.append(LaunchExplainEntry(origin: LaunchElementOrigin(element: "tabBar", file: document.path, line: line), frame: frame, drawn: "bar"))
            let width = frame.width / Double(max(s.tabBarItems.count, 1))
            for (i, item) in s.tabBarItems.enumerated() {
                let itemFrame = Rect(x: frame.x + Double(i) * width, y: frame.maxY - 16, width: width, height: 12)
                if let title = item["title"], !title.isEmpty {
                    let color = i == 0 ? tint : SystemColors.named("systemGrayColor")!.from("systemColor systemGrayColor (unselected tab)")
                    explained.append(LaunchExplainEntry(origin: origin(item), frame: itemFrame, drawn: "label", element: elements.count, details: [("text", .string(title))]))
                    elements.append(.label(LaunchLabelElement(text: title, frame: itemFrame, fontSize: 10, weight: .medium, color: color, alignment: .center, origin: origin(item))))
                }
                if let image = item["image"] { skip(item, item["catalog"] == "system" ? "SF Symbol '\(image)' cannot be drawn here" : "tab bar item images are not drawn here") }
            }
        }
    }

    /// What a bar button item shows as text: its title, or a system item's (`add` is a plus).
    static func text(of item: InterfaceBuilderElement) -> String? {
        if let title = item["title"], !title.isEmpty, item["image"] == nil { return title }
        switch item["systemItem"] {
        case "add": return "+"
        case "done": return "Done"
        case "cancel": return "Cancel"
        case "edit": return "Edit"
        case "save": return "Save"
        case "close": return "✕"
        default: return nil
        }
    }

    mutating func barItems(_ items: [InterfaceBuilderElement], in area: Rect, trailing: Bool, tint: AppearanceColor) {
        var x = trailing ? area.maxX : area.x
        for item in items {
            if let image = item["image"] {
                skip(item, item["catalog"] == "system" ? "SF Symbol '\(image)' cannot be drawn here" : "bar button images are not drawn here")
                let o = origin(item)
                explained.append(LaunchExplainEntry(origin: o, frame: Rect(x: trailing ? x - 30 : x, y: area.y + 7, width: 30, height: 30), drawn: "nothing",
                                                    why: item["catalog"] == "system" ? "SF Symbol '\(image)' cannot be drawn here" : "bar button images are not drawn here"))
                x += trailing ? -38 : 38
                continue
            }
            guard let text = StoryboardLaunchScreen.text(of: item) else { continue }
            let size = text == "+" ? 28.0 : 17.0
            let w = ceilToPixel(measure(text, size, .regular).width)
            let frame = Rect(x: trailing ? x - w : x, y: area.y, width: w, height: area.height)
            explained.append(LaunchExplainEntry(origin: origin(item), frame: frame, drawn: "label", element: elements.count,
                                                details: [("text", .string(text))] + (item["systemItem"].map { [("systemItem", .string($0))] } ?? [])))
            elements.append(.label(LaunchLabelElement(text: text, frame: frame, fontSize: size, color: tint, alignment: .center, origin: origin(item))))
            x += trailing ? -(w + 8) : w + 8
        }
    }

    /// A toolbar's items: flexible spaces share what is left, so with one between two items they
    /// sit at the two margins.
    mutating func toolbarItems(_ items: [InterfaceBuilderElement], in area: Rect, tint: AppearanceColor) {
        guard let split = items.firstIndex(where: { $0["systemItem"] == "flexibleSpace" }) else {
            barItems(items, in: area, trailing: false, tint: tint)
            return
        }
        barItems(Array(items[..<split]), in: area, trailing: false, tint: tint)
        barItems(Array(items[(split + 1)...].filter { $0["systemItem"] != "flexibleSpace" }.reversed()), in: area, trailing: true, tint: tint)
    }
}

/// How UILabel fits one line of text into its width: autoshrink first (`adjustsFontSizeToFit`,
/// which Interface Builder leaves out when it is on, and writes as `NO` when off; down to
/// `minimumScaleFactor`, or the legacy `minimumFontSize`), then truncation by its
/// `lineBreakMode` (tail, middle or head, with an ellipsis; `clip` cuts at the edge).
enum LabelFitting {
    static let ellipsis = "…"

    static func fit(_ text: String, in width: Double, element: InterfaceBuilderElement, fontSize: Double, weight: LaunchFontWeight, lines: Int,
                    measure: LaunchTextMeasure) -> (text: String, fontSize: Double) {
        guard lines == 1, width > 0, fontSize > 0 else { return (text, fontSize) }
        var size = fontSize
        let natural = measure(text, size, weight).width
        guard natural > width else { return (text, size) }
        // UILabel's minimumScaleFactor: "If you specify a value of 0 for this property, the label
        // doesn't scale the text down" (UIKit documentation), and 0 is its default; the legacy
        // minimumFontSize gives its ratio to the font's size.
        let minimumScale = element.number("minimumScaleFactor") ?? element.number("minimumFontSize").map { $0 / fontSize } ?? 0
        if element.flag("adjustsFontSizeToFit", default: true), minimumScale > 0 {
            size = fontSize * max(width / natural, min(minimumScale, 1))
        }
        guard measure(text, size, weight).width > width + 0.01 else { return (text, size) }
        return (truncated(text, in: width, mode: element["lineBreakMode"] ?? "tailTruncation", fontSize: size, weight: weight, measure: measure), size)
    }

    /// The most characters that fit with the ellipsis where the mode puts it.
    static func truncated(_ text: String, in width: Double, mode: String, fontSize: Double, weight: LaunchFontWeight, measure: LaunchTextMeasure) -> String {
        let characters = Array(text)
        func candidate(_ kept: Int) -> String {
            switch mode {
            case "headTruncation": return ellipsis + String(characters.suffix(kept))
            case "middleTruncation":
                let head = (kept + 1) / 2
                return String(characters.prefix(head)) + ellipsis + String(characters.suffix(kept - head))
            default: return String(characters.prefix(kept)) + ellipsis
            }
        }
        guard ["tailTruncation", "middleTruncation", "headTruncation"].contains(mode) else { return text }
        // The width grows with the characters kept: the longest that fits, by bisection.
        var low = 0, high = characters.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if measure(candidate(mid), fontSize, weight).width <= width { low = mid } else { high = mid - 1 }
        }
        return candidate(low)
    }
}

/// UIKit's fonts as a launch screen names them.
enum LaunchFonts {
    /// The largest point size drawn: a glyph taller than an iPad 13"'s screen (1376 pt) shows
    /// nothing more, and SDL_ttf's glyphs grow with the square of it. Larger is drawn at this size,
    /// with a warning.
    static let largestPointSize = 1500.0

    /// The point sizes of the text styles at the default content size (Apple's Human Interface
    /// Guidelines, "Typography", the Large size).
    static let textStyleSizes: [String: Double] = [
        "UICTFontTextStyleLargeTitle": 34, "UICTFontTextStyleTitle1": 28, "UICTFontTextStyleTitle2": 22, "UICTFontTextStyleTitle3": 20,
        "UICTFontTextStyleHeadline": 17, "UICTFontTextStyleBody": 17, "UICTFontTextStyleCallout": 16, "UICTFontTextStyleSubhead": 15,
        "UICTFontTextStyleFootnote": 13, "UICTFontTextStyleCaption1": 12, "UICTFontTextStyleCaption2": 11,
    ]
}

/// Numbers in messages: whole numbers without decimals.
enum OptionBoundsFormat {
    static func number(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(v) }
}
