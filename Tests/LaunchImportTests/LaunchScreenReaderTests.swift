import Foundation
import XCTest
import TestFixtures
@testable import Formats
@testable import Scenes
@testable import LaunchImport

/// The launch screen's readers on their own: Interface Builder documents, asset catalogs' Contents.json,
/// Auto Layout's subset, image set lookup, and the project's fallback order.
final class LaunchScreenReaderTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/LaunchProjects").standardized.path
    let se = Device.named("iphone-se")!

    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    func testStoryboardFixtureReadsItsViewsConstraintsAndResources() throws {
        let path = Self.fixtures + "/StoryboardProject/Base.lproj/LaunchScreen.storyboard"
        let document = try InterfaceBuilderDocument.parse(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), path: path)
        var tree = LaunchViewTree(document: document, traits: .of(se))
        let root = try tree.root()
        XCTAssertEqual(root.element.child("color", key: "backgroundColor").flatMap(InterfaceBuilderDocument.colorSpec), .named("LaunchBackground"))
        XCTAssertEqual(root.safeAreaGuide, "6Tk-OE-BBY")
        XCTAssertEqual(root.subviews.count, 1)
        let image = root.subviews[0]
        XCTAssertEqual(image.kind, "imageView")
        XCTAssertEqual(image.element["image"], "Mark")
        XCTAssertEqual(image.element["contentMode"], "scaleAspectFit")
        XCTAssertEqual(image.constraints.map(\.firstAttribute), ["width", "height"])
        XCTAssertEqual(root.constraints.count, 2)
        XCTAssertEqual(document.resourceColors["LaunchBackground"], Color(244, 233, 216))
        XCTAssertEqual(document.imageSizes["Mark"]?.width, 120)
        // Centred 120×120 on every device, to the safe area horizontally and the view vertically.
        for device in Device.presets {
            var tree = LaunchViewTree(document: document, traits: .of(device))
            let layout = AutoLayout(root: try tree.root(), device: device, file: path) { _ in nil }
            XCTAssertEqual(layout.frames["YRO-k0-Ey4"], Rect(x: device.safeArea.midX - 60, y: device.height / 2 - 60, width: 120, height: 120), device.name)
        }
    }

    func testBadDocumentsGetTheirLine() {
        assertRefusals([
            Refusal(bytes(""), "x.storyboard: the file is empty"),
            Refusal(bytes("<plist/>"), "x.storyboard:1: not an Interface Builder document: the root element is <plist>"),
            Refusal(bytes("<document>\n<scenes>\n</scene>\n</document>"), "x.storyboard:3: not a valid XML document (an end tag does not match its start tag)"),
            Refusal(bytes("<document/>"), "x.storyboard: no view found"),
            Refusal(bytes("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><document/>"), "declares encoding 'ISO-8859-1'"),
            // Interface Builder writes none of these.
            Refusal(bytes("<?xml?>\n<document/>"), "x.storyboard:1: not a valid XML document (an XML declaration that is empty or not at the very start)"),
            Refusal(bytes("<?xml encoding=\"UTF-8\"?>\n<document/>"), "x.storyboard:1: the XML declaration has no version or no end"),
            Refusal(bytes("<!DOCTYPE document>\n<document/>"), "x.storyboard:1: a document type declaration"),
            Refusal(bytes("<?xml version=\"1.0\"?>\n<document>\n<?pi?></document>"), "x.storyboard:3: a processing instruction"),
            Refusal(bytes("<!DOCTYPE d [<!ENTITY e SYSTEM \"x\">]>\n<document/>"), "x.storyboard:1: a document type declaration"),
            // A byte that is not UTF-8, on line 2.
            Refusal(bytes("<document>\n<sc") + [0xFF] + bytes("enes/></document>"), "x.storyboard:2: not UTF-8 text (Interface Builder documents are UTF-8)"),
        ]) { _ = try InterfaceBuilderDocument.parse(bytes: $0, path: "x.storyboard") }
    }

    func testColourSetComponentsInEveryFormAndTheDarkAppearance() throws {
        let json = """
        {"colors": [
          {"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "0x44", "green": "68", "blue": "0.267", "alpha": "1.000"}}},
          {"idiom": "universal", "appearances": [{"appearance": "luminosity", "value": "dark"}],
           "color": {"color-space": "srgb", "components": {"red": "0.000", "green": "0.000", "blue": "0.000", "alpha": "0.5"}}},
          {"idiom": "universal", "appearances": [{"appearance": "contrast", "value": "high"}],
           "color": {"color-space": "srgb", "components": {"red": "1", "green": "1", "blue": "1", "alpha": "1"}}}
        ]}
        """
        let color = try AssetCatalogContents.color(bytes: bytes(json), path: "C.colorset/Contents.json")
        XCTAssertEqual(color.light, Color(68, 68, 68))
        XCTAssertEqual(color.dark, Color(0, 0, 0, 128))
        XCTAssertEqual(color.resolved(.dark), Color(0, 0, 0, 128))
        XCTAssertThrowsError(try AssetCatalogContents.color(bytes: bytes("{\"colors\": [{\"color\": {\"components\": {\"red\": \"300\", \"green\": \"0\", \"blue\": \"0\"}}}]}"), path: "c.json")) {
            XCTAssertTrue("\($0)".contains("c.json:1:46: colors[0].color.components.red must be"), "\($0)")
        }
    }

    func testImageSetLookupPrefersTheAppearanceThenTheScale() {
        func file(_ scale: Double, _ appearance: Appearance) -> LaunchImageFile {
            LaunchImageFile(path: "\(appearance.rawValue)@\(Int(scale))x", scale: scale, appearance: appearance, pixelWidth: Int(scale) * 10, pixelHeight: Int(scale) * 10)
        }
        let asset = LaunchImageAsset(name: "A", files: [file(1, .light), file(3, .light), file(2, .dark)])
        XCTAssertEqual(asset.file(appearance: .light, scale: 3)?.path, "light@3x")
        XCTAssertEqual(asset.file(appearance: .light, scale: 2)?.path, "light@3x", "the nearest larger scale")
        XCTAssertEqual(asset.file(appearance: .dark, scale: 3)?.path, "dark@2x", "the appearance's own file first")
        XCTAssertEqual(asset.file(appearance: .light, scale: 3)?.pointSize.width, 10)
    }

    func testAnImageSetWithAnyLightAndDarkShowsLightInLightMode() throws {
        let json = """
        {"images": [
          {"idiom": "universal", "filename": "any.png", "scale": "3x"},
          {"idiom": "universal", "filename": "light.png", "scale": "3x", "appearances": [{"appearance": "luminosity", "value": "light"}]},
          {"idiom": "universal", "filename": "dark.png", "scale": "3x", "appearances": [{"appearance": "luminosity", "value": "dark"}]},
          {"idiom": "universal", "filename": "contrast.png", "scale": "3x", "appearances": [{"appearance": "contrast", "value": "high"}]}
        ]}
        """
        let entries = try AssetCatalogContents.images(bytes: bytes(json), path: "S.imageset/Contents.json")
        XCTAssertEqual(entries.map(\.filename), ["any.png", "light.png", "dark.png"], "high contrast is not shown")
        let asset = LaunchImageAsset(name: "S", files: entries.map {
            LaunchImageFile(path: $0.filename!, scale: $0.scale, appearance: $0.appearance, pixelWidth: 30, pixelHeight: 30)
        })
        XCTAssertEqual(asset.file(appearance: .light, scale: 3)?.path, "light.png")
        XCTAssertEqual(asset.file(appearance: .dark, scale: 3)?.path, "dark.png")
        // Any alone serves both.
        let anyOnly = LaunchImageAsset(name: "S", files: [asset.files[0]])
        XCTAssertEqual(anyOnly.file(appearance: .light, scale: 3)?.path, "any.png")
        XCTAssertEqual(anyOnly.file(appearance: .dark, scale: 3)?.path, "any.png")
    }

    func testProjectFallbackOrderAndWarnings() {
        let intro = LaunchDescription.fallback
        let (storyboard, none) = XcodeProjectLaunch.load(directory: Self.fixtures + "/StoryboardProject", device: se, intro: intro)
        // No project file: the Info.plist is guessed, and the one warning says which.
        XCTAssertEqual(none.count, 1, "\(none)")
        XCTAssertTrue(none[0].hasSuffix("StoryboardProject/Info.plist: guessed as the app's Info.plist (the first that declares a launch screen)"), "\(none)")
        XCTAssertTrue(storyboard.source.hasSuffix("Base.lproj/LaunchScreen.storyboard"))
        XCTAssertEqual(storyboard.introBackground(.dark), .gradient([GradientStop(location: 0, color: Color(28, 40, 51))]))
        let (xib, warnings) = XcodeProjectLaunch.load(directory: Self.fixtures + "/BrokenStoryboardProject", device: se, intro: intro)
        XCTAssertTrue(xib.source.hasSuffix("LaunchScreen.xib"))
        XCTAssertEqual(warnings.count, 2, "the guess and the broken storyboard: \(warnings)")
        guard case let .label(label) = xib.elements.first else { return XCTFail("\(xib.elements)") }
        XCTAssertEqual([label.text, "\(label.fontSize)", "\(label.bold)"], ["Fixture", "17.0", "true"])
        XCTAssertEqual(label.color.light, .white)
        XCTAssertEqual(label.frame.maxY, 667 - 20, accuracy: 1e-6, "20 pt above the safe area's bottom")
        var (white, why) = XcodeProjectLaunch.load(directory: Self.fixtures + "/NothingUsableProject", device: se, intro: intro)
        // White, but it still says which Info.plist was read.
        XCTAssertTrue(white.infoPlist?.hasSuffix("NothingUsableProject/Info.plist") ?? false, "\(white.infoPlist ?? "nil")")
        white.infoPlist = nil
        XCTAssertEqual(white, .white)
        XCTAssertTrue(why.last?.contains("the launch screen is white") ?? false, "\(why)")
        let (missing, missingWhy) = XcodeProjectLaunch.load(directory: "/nonexistent/project", device: se, intro: intro)
        XCTAssertEqual(missing, .white)
        XCTAssertEqual(missingWhy, ["warning: /nonexistent/project: not found; the launch screen is white"])
    }
}
