import Formats
import Scenes
import Foundation

/// The intrinsic content sizes of UIKit's views as Interface Builder solves them: text measured in
/// the system font's line height, controls at their fixed sizes.
extension DocumentLayout {
    /// SF Pro's line height over its point size (`SystemFontFace.lineHeight`).
    static let lineHeight = SystemFontFace.lineHeight

    /// A dimension a view has no intrinsic size in (UIKit's `UIView.noIntrinsicMetric`).
    public static let noIntrinsicMetric = AutoLayout.noIntrinsicMetric

    /// Rounds up to the device's pixels, as UIKit rounds an intrinsic size.
    func ceilToPixel(_ v: Double) -> Double { (v * device.scale - 1e-6).rounded(.up) / device.scale }

    /// Text styles as Interface Builder names them where they differ from UIKit's constants, and
    /// the weights of the styles that are not regular, at the default (Large) content size
    /// (Apple's Human Interface Guidelines, "Typography", the iOS Dynamic Type sizes):
    /// `UICTFontTextStyleTitle0` is the Large Title, 34 pt; the Headline is 17 pt semibold.
    static let documentTextStyles: [String: (size: Double, weight: LaunchFontWeight?)] = [
        "UICTFontTextStyleTitle0": (34, nil), "UICTFontTextStyleHeadline": (17, .semibold),
    ]

    /// What a segment of a segmented control adds to its widest title.
    static let segmentPadding = 19.0

    /// A font description's point size and weight (a text style's size at the default content size).
    static func font(_ description: InterfaceBuilderElement?, defaultSize: Double) -> (size: Double, weight: LaunchFontWeight) {
        guard let f = description else { return (defaultSize, .regular) }
        var size = f.number("pointSize") ?? defaultSize
        var weight = LaunchFontWeight(rawValue: f["weight"] ?? "regular") ?? .regular
        if let style = f["style"] {
            size = LaunchFonts.textStyleSizes[style] ?? DocumentLayout.documentTextStyles[style]?.size ?? size
            if f["weight"] == nil, let styleWeight = DocumentLayout.documentTextStyles[style]?.weight { weight = styleWeight }
        }
        if f["type"] == "boldSystem" { weight = .bold }
        if let name = f["name"]?.lowercased() {
            if name.contains("black") { weight = .black } else if name.contains("heavy") { weight = .heavy }
            else if name.contains("semibold") || name.contains("demibold") { weight = .semibold } else if name.contains("bold") { weight = .bold }
            else if name.contains("medium") { weight = .medium } else if name.contains("light") { weight = .light }
        }
        return (size, weight)
    }

    /// A label's text: its `text`, or its attributed text's fragments joined.
    static func text(of label: InterfaceBuilderElement) -> (text: String, font: InterfaceBuilderElement?)? {
        if let text = label["text"] { return (text, label.child("fontDescription")) }
        if let attributed = label.child("attributedString", key: "attributedText") {
            let fragments = attributed.children("fragment")
            let text = fragments.map { $0["content"] ?? $0.child("string")?["content"] ?? "" }.joined()
            let font = fragments.first?.child("attributes")?.child("font")
            let description = font.map { f -> InterfaceBuilderElement in
                var d = InterfaceBuilderElement(name: "fontDescription", attributes: ["pointSize": f["size"] ?? "17"], line: f.line, children: [])
                if let name = f["name"] { d.attributes["name"] = name }
                return d
            }
            return (text, description ?? label.child("fontDescription"))
        }
        return nil
    }

    /// Text's size: one line, or wrapped word by word to `width` in at most `lines` lines (0: any).
    func textSize(_ text: String, size: Double, weight: LaunchFontWeight, width: Double?, lines: Int) -> (width: Double, height: Double) {
        DocumentLayout.textSize(text, size: size, weight: weight, width: width, lines: lines, scale: device.scale, measure: measure)
    }

    /// A label's text as UILabel sizes it: one line as wide as it measures, or, given a width and
    /// more than one line, wrapped at spaces and its own line breaks within that width, at most
    /// `lines` lines (0: as many as it takes), each `lineHeight` tall, rounded up to the pixel.
    static func textSize(_ text: String, size: Double, weight: LaunchFontWeight, width: Double?, lines: Int, scale: Double,
                         measure: LaunchTextMeasure) -> (width: Double, height: Double) {
        func ceilToPixel(_ v: Double) -> Double { (v * scale - 1e-6).rounded(.up) / scale }
        let lineHeight = size * DocumentLayout.lineHeight
        let whole = measure(text, size, weight).width
        guard lines != 1, let width, width > 0 else { return (ceilToPixel(whole), ceilToPixel(lineHeight)) }
        var count = 0, widest = 0.0
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            count += 1
            for word in paragraph.split(separator: " ") {
                let candidate = line.isEmpty ? String(word) : line + " " + word
                if !line.isEmpty && measure(candidate, size, weight).width > width {
                    widest = max(widest, measure(line, size, weight).width)
                    line = String(word)
                    count += 1
                } else {
                    line = candidate
                }
            }
            widest = max(widest, measure(line, size, weight).width)
        }
        if lines > 0 { count = min(count, lines) }
        return (ceilToPixel(min(widest, width)), ceilToPixel(Double(count) * lineHeight))
    }

    /// `<inset key=…>` as (top, left, bottom, right).
    static func insets(_ e: InterfaceBuilderElement?) -> (top: Double, left: Double, bottom: Double, right: Double)? {
        guard let e else { return nil }
        return (e.number("minY") ?? 0, e.number("minX") ?? 0, e.number("maxY") ?? 0, e.number("maxX") ?? 0)
    }

    /// The view's intrinsic content size, or nil for one that has none. A wrapping label's height
    /// depends on `width`, the width it was given.
    func intrinsicSize(_ view: LaunchView, width: Double?) -> (width: Double, height: Double)? {
        let e = view.element
        switch view.kind {
        case "label":
            guard let (text, description) = DocumentLayout.text(of: e), !text.isEmpty else { return nil }
            let font = DocumentLayout.font(description, defaultSize: 17)
            return textSize(text, size: font.size, weight: font.weight, width: width, lines: Int(e["numberOfLines"] ?? "1") ?? 1)
        case "imageView":
            let name = e["image"] ?? e.child("imageReference", key: "image")?["image"]
            return name.flatMap { document.imageSizes[$0] }.map { ($0.width, $0.height) }
        case "button": return buttonSize(e)
        // UISwitch's fixed size, as Interface Builder saves every switch it sizes (26 of the 27 in
        // the real files of ../shared/realworld/layout; the other is constrained narrower).
        case "switch": return (51, 31)
        case "activityIndicatorView":
            // UIActivityIndicatorView: 20 pt medium, 37 pt large (`style="large"`, `whiteLarge`);
            // the five medium and gray ones in ../shared/realworld/layout are saved 20×20.
            let style = e["style"] ?? "medium"
            return style.lowercased().contains("large") ? (37, 37) : (20, 20)
        // UIStepper's fixed size since iOS 13's redesign (94×29 before it, as the one older file in
        // ../shared/realworld/layout saves).
        case "stepper": return (94, 32)
        case "slider": return (DocumentLayout.noIntrinsicMetric, 30)
        case "progressView": return (DocumentLayout.noIntrinsicMetric, 4)
        case "segmentedControl":
            // Each segment as wide as the widest title in 13 pt regular plus 19 pt, 32 pt tall
            // (UISegmentedControl on iOS 13 and later, as Interface Builder saves two-segment
            // controls of short and long titles alike).
            let segments = e.child("segments")?.children("segment") ?? []
            let font = DocumentLayout.font(e.child("fontDescription"), defaultSize: 13)
            let widest = segments.map { measure($0["title"] ?? "", font.size, font.weight).width }.max() ?? 0
            return (ceilToPixel(Double(max(segments.count, 1)) * (widest + DocumentLayout.segmentPadding)), 32)
        case "textField":
            let font = DocumentLayout.font(e.child("fontDescription"), defaultSize: 14)
            let line = ceilToPixel(font.size * DocumentLayout.lineHeight)
            // A rounded-rect field is 34 pt tall at 14 pt: the line plus 7 pt of padding each side, rounded.
            let height = e["borderStyle"] == "roundedRect" ? (line + 17).rounded() : line
            let text = e["text"] ?? e["placeholder"] ?? ""
            return (ceilToPixel(measure(text, font.size, font.weight).width + (e["borderStyle"] == "roundedRect" ? 14 : 0)), height)
        case "textView":
            // A text view that does not scroll sizes itself to its text: wrapped to its width less
            // the text container's 5 pt line padding each side, plus its 8 pt insets above and
            // below (UITextView's `textContainerInset`, `lineFragmentPadding`); one that scrolls
            // has no intrinsic size.
            guard e["scrollEnabled"] == "NO" else { return nil }
            let font = DocumentLayout.font(e.child("fontDescription"), defaultSize: 14)
            // A `<string key="text">` keeps its text as character data, which the reader does not
            // keep: such a text view is measured as one line.
            let text = e["text"] ?? ""
            let lines = textSize(text.isEmpty ? " " : text, size: font.size, weight: font.weight, width: width.map { $0 - 10 }, lines: 0)
            return (DocumentLayout.noIntrinsicMetric, ceilToPixel(lines.height + 16))
        case "searchBar": return (DocumentLayout.noIntrinsicMetric, 56)  // UISearchBar, iOS 13 and later
        case "navigationBar": return (DocumentLayout.noIntrinsicMetric, BarMetrics.navigationBar)
        case "toolbar": return (DocumentLayout.noIntrinsicMetric, BarMetrics.toolbar)
        case "tabBar": return (DocumentLayout.noIntrinsicMetric, BarMetrics.tabBar)
        case "pageControl": return (DocumentLayout.noIntrinsicMetric, 26)
        default: return nil
        }
    }

    /// A button's size: its title in its font (15 pt, or 17 pt with a configuration), with its
    /// content insets: `contentEdgeInsets`, else UIButton's 6 pt above and below; a configuration's
    /// insets are 7 pt above and below and 12 pt at the sides (`UIButton.Configuration.plain()`).
    func buttonSize(_ e: InterfaceBuilderElement) -> (width: Double, height: Double)? {
        let configuration = e.child("buttonConfiguration", key: "configuration")
        let state = e.children("state").first { $0["key"] == "normal" }
        let title = configuration?["title"] ?? state?["title"] ?? e.child("string", key: "title")?["content"]
        let imageName = configuration?["image"] ?? state?["image"] ?? configuration?.child("imageReference", key: "image")?["image"]
        let image = imageName.flatMap { document.imageSizes[$0] }
        let font = DocumentLayout.font(configuration?.child("fontDescription") ?? e.child("fontDescription"), defaultSize: configuration == nil ? 15 : 17)
        var width = 0.0, height = 0.0
        if let title, !title.isEmpty {
            width = measure(title, font.size, font.weight).width
            height = font.size * DocumentLayout.lineHeight
        }
        if let image { width += image.width; height = max(height, image.height) }
        guard width > 0 || height > 0 else { return configuration == nil ? (30, 30) : nil }
        if let configuration {
            let insets = DocumentLayout.insets(configuration.child("directionalEdgeInsets", key: "contentInsets")) ?? (7, 12, 7, 12)
            if image != nil && title != nil { width += configuration.number("imagePadding") ?? 0 }
            return (ceilToPixel(width + insets.left + insets.right), ceilToPixel(height + insets.top + insets.bottom))
        }
        let insets = DocumentLayout.insets(e.child("inset", key: "contentEdgeInsets"))
        let vertical = insets.map { $0.top + $0.bottom } ?? 0
        let horizontal = insets.map { $0.left + $0.right } ?? 0
        // UIButton pads its title 6 pt above and below when its content insets are zero.
        let padding = vertical == 0 && title != nil ? 12.0 : 0
        return (max(ceilToPixel(width + horizontal), 30), ceilToPixel(height + vertical + padding))
    }
}
