import Exports
import Formats
import XCTest

/// Every export reads a property's form from its layer and channel (`SplashProperty.role`), so
/// each property is animated and drawn on the element, view or layer its layer names.
final class SplashRoleExportTests: XCTestCase {
    /// The CSS moves each property's layer (the hole with the logo over it) with the channel's
    /// CSS property, in the rules of the mode its track plays in.
    func testCSSMovesTheLayerEachPropertyActsOn() throws {
        let css = try exportText(["css"], timings: defaultTimingsPath)
        for track in SplashTrack.all {
            let (layer, channel) = track.drives.role
            let cssProperty: String
            switch channel {
            case .size, .scale: cssProperty = "scale"
            case .turn: cssProperty = "rotate"
            case .opacity: cssProperty = "opacity"
            case .verticalOffset: cssProperty = "translate"
            }
            // Reduce Motion's tracks play in the rules under `prefers-reduced-motion`.
            let rules = css.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("#\(layer.rawValue) {") }
            XCTAssertFalse(rules.isEmpty, "no rule for #\(layer.rawValue)")
            XCTAssertTrue(rules.contains { $0.contains(" \(cssProperty): ") && $0.contains("animation: ") && $0.contains("\(track.id) ") },
                          "no rule of #\(layer.rawValue) sets \(cssProperty) and plays \(track.id): \(rules)")
        }
    }

    /// SwiftUI draws every property outside the hole as a modifier of its `@State` value, and the
    /// hole's as fields of its keyframes; Compose applies every opacity as its layer's alpha.
    func testSwiftUIAndComposeDrawEveryProperty() throws {
        let swiftUI = try exportText(["swiftui"], timings: defaultTimingsPath)
        let compose = try exportText(["compose"], timings: defaultTimingsPath)
        for property in SplashProperty.allCases {
            let name = property.name
            let drawn: String
            switch (property.layer, property.channel) {
            case (.hole, let channel): drawn = "frame.\(channel)"
            case (_, .size): drawn = ".frame(width: \(name), height: \(name))"
            case (_, .scale): drawn = ".scaleEffect(\(name))"
            case (_, .turn): drawn = ".rotationEffect(.radians(Double(\(name))"
            case (_, .opacity): drawn = ".opacity(Double(\(name)))"
            case (_, .verticalOffset): drawn = ".y + \(name))"
            }
            XCTAssertTrue(swiftUI.contains(drawn), "the SwiftUI view does not draw \(name) as \(drawn)")
            if property.channel == .opacity {
                XCTAssertTrue(compose.contains("alpha = \(name).value"), "the composable does not apply \(name)")
            }
        }
    }
}
