import Foundation
import XCTest
@testable import Formats
@testable import Scenes
@testable import LaunchImport

/// UIKit's system colour table and colour sets' appearance matching, each class with a fixture
/// written as Xcode writes it: deprecated and legacy system colour names in dark mode, a colour
/// set's Any, Light and Dark entries, its high-contrast, idiom and gamut entries, a reference to a
/// system colour, and a storyboard's `<resources>` value as the last resort for an unknown name.
final class SystemColorTests: XCTestCase {
    let phone = Device.named("iphone-15")!

    // MARK: Fixtures

    func colorSet(_ entries: String, idiom: AssetIdiom = .iphone) throws -> AppearanceColor {
        try AssetCatalogContents.color(bytes: Array("{\"colors\": [\(entries)], \"info\": {\"author\": \"xcode\", \"version\": 1}}".utf8),
                                       path: "T.colorset/Contents.json", idiom: idiom)
    }

    /// One colour set entry: an sRGB grey `white` (0–255), with `traits` (idiom, appearances, gamut).
    func entry(_ white: Int, _ traits: String = "\"idiom\": \"universal\"") -> String {
        let v = String(format: "%.3f", Double(white) / 255)
        return "{\(traits), \"color\": {\"color-space\": \"srgb\", \"components\": {\"red\": \"\(v)\", \"green\": \"\(v)\", \"blue\": \"\(v)\", \"alpha\": \"1.000\"}}}"
    }

    let light = "\"idiom\": \"universal\", \"appearances\": [{\"appearance\": \"luminosity\", \"value\": \"light\"}]"
    let dark = "\"idiom\": \"universal\", \"appearances\": [{\"appearance\": \"luminosity\", \"value\": \"dark\"}]"
    let highContrast = "\"idiom\": \"universal\", \"appearances\": [{\"appearance\": \"contrast\", \"value\": \"high\"}]"
    let darkHighContrast = "\"idiom\": \"universal\", \"appearances\": [{\"appearance\": \"luminosity\", \"value\": \"dark\"}, {\"appearance\": \"contrast\", \"value\": \"high\"}]"

    /// A launch storyboard whose root view's background is `background` (a `<color>`), with
    /// `subviews` and a `<resources>` block.
    func storyboard(background: String, subviews: String = "", resources: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" launchScreen="YES" initialViewController="vc">
        <scenes><scene sceneID="s"><objects><viewController id="vc" sceneMemberID="viewController">
        <view key="view" contentMode="scaleToFill" id="r"><rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
        <subviews>\(subviews)</subviews>
        <viewLayoutGuide key="safeArea" id="safe"/>
        \(background)
        </view></viewController></objects></scene></scenes>
        <resources>\(resources)</resources>
        </document>
        """
    }

    func screen(_ xml: String) throws -> LaunchScreen {
        var builder = StoryboardLaunchScreen(document: try InterfaceBuilderDocument.parse(bytes: Array(xml.utf8), path: "t.storyboard"), device: phone,
                                             catalog: AssetCatalogIndex(folder: nil, catalogs: []), measure: LaunchImportOptions.estimatedMeasure,
                                             looseImage: { _ in nil })
        return try builder.build()
    }

    func backgroundColor(_ screen: LaunchScreen, file: StaticString = #filePath, line: UInt = #line) -> AppearanceColor? {
        guard case let .color(c) = screen.background else { XCTFail("background is \(screen.background)", file: file, line: line); return nil }
        return c
    }

    func labels(_ screen: LaunchScreen) -> [LaunchLabelElement] {
        screen.elements.compactMap { if case let .label(l) = $0 { return l } else { return nil } }
    }

    func label(id: String, text: String, color: String, y: Int) -> String {
        """
        <label text="\(text)" textAlignment="center" id="\(id)"><rect key="frame" x="20" y="\(y)" width="200" height="21"/>
        <fontDescription key="fontDescription" type="system" pointSize="17"/>\(color)</label>
        """
    }

    // MARK: The table

    func testEveryNameInterfaceBuilderWritesIsKnownWithAndWithoutItsSuffix() {
        let names = ["label", "secondaryLabel", "tertiaryLabel", "quaternaryLabel", "placeholderText", "link", "separator", "opaqueSeparator",
                     "systemFill", "secondarySystemFill", "tertiarySystemFill", "quaternarySystemFill",
                     "systemBackground", "secondarySystemBackground", "tertiarySystemBackground",
                     "systemGroupedBackground", "secondarySystemGroupedBackground", "tertiarySystemGroupedBackground", "tint",
                     "systemRed", "systemOrange", "systemYellow", "systemGreen", "systemMint", "systemTeal", "systemCyan", "systemBlue",
                     "systemIndigo", "systemPurple", "systemPink", "systemBrown",
                     "systemGray", "systemGray2", "systemGray3", "systemGray4", "systemGray5", "systemGray6",
                     "black", "darkGray", "lightGray", "white", "gray", "red", "green", "blue", "cyan", "yellow", "magenta", "orange",
                     "purple", "brown", "clear", "groupTableViewBackground", "darkText", "lightText"]
        for name in names {
            XCTAssertNotNil(SystemColors.entry(name), name)
            XCTAssertEqual(SystemColors.entry(name), SystemColors.entry(name + "Color"), name)
        }
        XCTAssertEqual(Set(SystemColorTable.byName.keys).count, names.count * 2, "no name beyond these, each twice")
        for name in SystemColorTable.unpublishedLegacyNames {
            XCTAssertNil(SystemColors.named(name), "\(name) has no published value: the document's own is drawn, with a warning")
            XCTAssertTrue(SystemColors.isUnpublishedLegacy(String(name.dropLast("Color".count))))
        }
    }

    func testEachFamilyAdaptsAsUIKitSays() {
        for (name, color) in SystemColorTable.byName {
            switch color.family {
            case .fixed:
                XCTAssertNil(color.dark, "\(name) is the same in every appearance")
            case .semantic, .adaptable:
                XCTAssertNotNil(color.dark, name)
                XCTAssertNotNil(color.darkElevated, name)
                XCTAssertNotNil(color.lightHighContrast, name)
                XCTAssertNotNil(color.darkHighContrast, name)
            case .legacy:
                break
            }
        }
        // The base level is what a launch screen shows; elevated backgrounds are lighter in dark.
        let background = SystemColors.entry("systemBackgroundColor")!
        XCTAssertEqual(background.resolved(.dark), .black)
        XCTAssertEqual(background.resolved(.dark, elevated: true), Color(28, 28, 30))
        XCTAssertEqual(background.resolved(.dark, elevated: true, highContrast: true), Color(36, 36, 38))
        XCTAssertEqual(SystemColors.named("systemBackgroundColor"), AppearanceColor(light: .white, dark: .black))
        XCTAssertEqual(SystemColors.entry("tertiarySystemGroupedBackgroundColor")!.resolved(.dark, elevated: true), Color(58, 58, 60))
        XCTAssertEqual(SystemColors.entry("systemRedColor")!.resolved(.light, highContrast: true), Color(215, 0, 21))
        XCTAssertEqual(SystemColors.entry("systemRedColor")!.resolved(.dark, elevated: true), Color(255, 69, 58), "hues do not vary by level")
        XCTAssertEqual(SystemColors.named("orangeColor")!.resolved(.dark), Color(255, 128, 0))
    }

    /// The light values Xcode itself stores in a storyboard's `<resources>` (copied from real
    /// storyboards saved by Xcode 12–15), to the nearest 8-bit value.
    func testLightValuesAgreeWithWhatXcodeStores() {
        let stored: [(String, Double, Double, Double, Double)] = [
            ("systemBackgroundColor", 1, 1, 1, 1),
            ("labelColor", 0, 0, 0, 1),
            ("darkTextColor", 0, 0, 0, 1),
            ("systemGroupedBackgroundColor", 0.94901960780000005, 0.94901960780000005, 0.96862745100000003, 1),
            ("groupTableViewBackgroundColor", 0.94901960784313721, 0.94901960784313721, 0.96862745098039216, 1),
            ("secondaryLabelColor", 0.23529411759999999, 0.23529411759999999, 0.26274509800000001, 0.59999999999999998),
            ("systemRedColor", 1, 0.23137254900000001, 0.18823529410000001, 1),
            ("systemPinkColor", 1, 0.1764705882, 0.33333333329999998, 1),
            ("systemIndigoColor", 0.34509803919999998, 0.33725490200000002, 0.83921568629999999, 1),
            ("systemBlueColor", 0, 0.47843137254901963, 1, 1),
            ("linkColor", 0, 0.47843137254901963, 1, 1),
        ]
        for (name, r, g, b, a) in stored {
            XCTAssertEqual(SystemColors.named(name)?.light, Color(unit: r, unit: g, unit: b, alpha: a), name)
        }
    }

    // MARK: Deprecated and legacy names in a storyboard

    func testADeprecatedNameIsDrawnAsItsReplacementInDark() throws {
        // Xcode stores only the light value in <resources>: drawn from it, dark mode kept the light grey.
        let xml = storyboard(background: "<color key=\"backgroundColor\" cocoaTouchSystemColor=\"groupTableViewBackgroundColor\"/>",
                             resources: """
                             <systemColor name="groupTableViewBackgroundColor">
                             <color red="0.94901960784313721" green="0.94901960784313721" blue="0.96862745098039216" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                             </systemColor>
                             """)
        let launch = try screen(xml)
        let background = try XCTUnwrap(backgroundColor(launch))
        XCTAssertEqual(background.resolved(.light), Color(242, 242, 247))
        XCTAssertEqual(background.resolved(.dark), .black, "systemGroupedBackground's dark value")
        XCTAssertTrue(background.origin.contains("systemGroupedBackgroundColor"), background.origin)
        XCTAssertEqual(launch.skipped, [], "a known name needs no warning")
    }

    func testDarkTextStaysBlackInDark() throws {
        // darkTextColor is not adaptable: black on the white background in both appearances, where
        // the label colour's fallback would turn it white and invisible.
        let xml = storyboard(background: "<color key=\"backgroundColor\" white=\"1\" alpha=\"1\" colorSpace=\"custom\" customColorSpace=\"calibratedWhite\"/>",
                             subviews: label(id: "t", text: "Days Left", color: "<color key=\"textColor\" cocoaTouchSystemColor=\"darkTextColor\"/>", y: 100)
                                 + label(id: "u", text: "Faint", color: "<color key=\"textColor\" cocoaTouchSystemColor=\"lightTextColor\"/>", y: 200))
        let launch = try screen(xml)
        let drawn = labels(launch)
        XCTAssertEqual(drawn.map(\.text), ["Days Left", "Faint"])
        XCTAssertEqual(drawn[0].color.resolved(.light), .black)
        XCTAssertEqual(drawn[0].color.resolved(.dark), .black)
        XCTAssertEqual(drawn[1].color.resolved(.dark), Color(255, 255, 255, 153))
        XCTAssertEqual(launch.skipped, [])
    }

    // MARK: The document's stored value as the last resort

    func testAnUnknownNameIsDrawnFromResourcesWithOneWarning() throws {
        let stored = """
        <systemColor name="systemFutureColor"><color red="0.2" green="0.4" blue="0.6" alpha="1" colorSpace="custom" customColorSpace="sRGB"/></systemColor>
        <systemColor name="viewFlipsideBackgroundColor"><color white="0.2" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/></systemColor>
        """
        let xml = storyboard(background: "<color key=\"backgroundColor\" systemColor=\"systemFutureColor\"/>",
                             subviews: label(id: "a", text: "One", color: "<color key=\"textColor\" systemColor=\"systemFutureColor\"/>", y: 100)
                                 + label(id: "b", text: "Two", color: "<color key=\"textColor\" cocoaTouchSystemColor=\"viewFlipsideBackgroundColor\"/>", y: 200)
                                 + label(id: "c", text: "Three", color: "<color key=\"textColor\" systemColor=\"systemNowhereColor\"/>", y: 300),
                             resources: stored)
        let launch = try screen(xml)
        let background = try XCTUnwrap(backgroundColor(launch))
        XCTAssertEqual(background.resolved(.light), Color(51, 102, 153))
        XCTAssertEqual(background.resolved(.dark), Color(51, 102, 153), "only the light value is stored")
        let drawn = labels(launch)
        XCTAssertEqual(drawn.map(\.text), ["One", "Two", "Three"], "every label is drawn")
        XCTAssertEqual(drawn[0].color.resolved(.light), Color(51, 102, 153))
        XCTAssertEqual(drawn[1].color.resolved(.dark), Color(51, 51, 51))
        XCTAssertEqual(drawn[2].color.light, .black, "no stored value: the label's default colour")
        let why = launch.skipped.map(\.why)
        XCTAssertEqual(why.filter { $0.contains("systemFutureColor") },
                       ["unknown system colour 'systemFutureColor': drawn with the document's <resources> value #336699FF in light and dark (its dark value is unknown)"],
                       "one warning for the name, though two views use it")
        XCTAssertEqual(why.filter { $0.contains("viewFlipsideBackgroundColor") }.count, 1)
        XCTAssertTrue(why.contains { $0.hasPrefix("deprecated system colour 'viewFlipsideBackgroundColor' has no published value") }, "\(why)")
        XCTAssertTrue(why.contains("unknown system colour 'systemNowhereColor', and the document's <resources> stores no value for it"), "\(why)")
        XCTAssertEqual(why.count, 3, "\(why)")
    }

    // MARK: Colour sets

    func testLightEntryBeatsAnyInLightAndDarkBeatsAnyInDark() throws {
        // Xcode writes Any first, then Light, then Dark.
        let all = try colorSet([entry(128), entry(255, light), entry(0, dark)].joined(separator: ","))
        XCTAssertEqual(all.resolved(.light), .white, "the Light entry, not Any")
        XCTAssertEqual(all.resolved(.dark), .black)
        // Any and Light only: dark mode draws Any.
        let noDark = try colorSet([entry(128), entry(255, light)].joined(separator: ","))
        XCTAssertEqual(noDark.resolved(.light), .white)
        XCTAssertEqual(noDark.resolved(.dark), Color(128, 128, 128))
        // Any alone is a plain colour, with no dark variant.
        let any = try colorSet(entry(128))
        XCTAssertEqual(any, AppearanceColor(light: Color(128, 128, 128)))
    }

    func testHighContrastEntriesAreNotUsedAtNormalContrast() throws {
        // High-contrast entries listed before the normal ones, as a hand-edited set may.
        let set = try colorSet([entry(10, highContrast), entry(20, darkHighContrast), entry(200), entry(30, dark)].joined(separator: ","))
        XCTAssertEqual(set.resolved(.light), Color(200, 200, 200))
        XCTAssertEqual(set.resolved(.dark), Color(30, 30, 30))
        XCTAssertThrowsError(try colorSet(entry(10, highContrast))) {
            XCTAssertTrue("\($0)".contains("T.colorset/Contents.json:1:1: no colour for the any or light appearance at normal contrast on iphone"), "\($0)")
        }
    }

    func testTheDevicesIdiomBeatsUniversalAndOtherIdiomsAreNotUsed() throws {
        let ipad = "\"idiom\": \"ipad\"", iphone = "\"idiom\": \"iphone\"", mac = "\"idiom\": \"mac\""
        let set = [entry(40, ipad), entry(50, mac), entry(60), entry(70, iphone)].joined(separator: ",")
        XCTAssertEqual(try colorSet(set).light, Color(70, 70, 70), "the iPhone entry on an iPhone")
        XCTAssertEqual(try colorSet(set, idiom: .ipad).light, Color(40, 40, 40), "the iPad entry on an iPad")
        XCTAssertEqual(try colorSet([entry(40, ipad), entry(60)].joined(separator: ",")).light, Color(60, 60, 60), "universal, not the iPad's")
        // Another platform's universal entry (a multiplatform set) is not iOS's.
        XCTAssertEqual(try colorSet([entry(90, "\"idiom\": \"universal\", \"platform\": \"osx\""), entry(60)].joined(separator: ",")).light, Color(60, 60, 60))
    }

    func testDisplayP3EntryBeatsSRGBOnAnIPhone() throws {
        let srgb = "\"idiom\": \"universal\", \"display-gamut\": \"sRGB\"", p3 = "\"idiom\": \"universal\", \"display-gamut\": \"display-P3\""
        XCTAssertEqual(try colorSet([entry(10, srgb), entry(20, p3)].joined(separator: ",")).light, Color(20, 20, 20))
        XCTAssertThrowsError(try colorSet(entry(10, "\"idiom\": \"universal\", \"display-gamut\": \"rec2020\"")), "an unknown gamut is not used")
    }

    func testAReferenceToASystemColourAdapts() throws {
        let reference = "{\"idiom\": \"universal\", \"color\": {\"reference\": \"systemBackgroundColor\"}}"
        let set = try colorSet(reference)
        XCTAssertEqual(set.resolved(.light), .white)
        XCTAssertEqual(set.resolved(.dark), .black, "the referenced colour's dark value")
        let fixed = try colorSet("{\"idiom\": \"universal\", \"color\": {\"reference\": \"whiteColor\"}}")
        XCTAssertEqual(fixed, AppearanceColor(light: .white), "a fixed system colour has no dark variant")
        XCTAssertThrowsError(try colorSet("{\"idiom\": \"universal\", \"color\": {\"reference\": \"noSuchColor\"}}")) {
            XCTAssertTrue("\($0)".contains("T.colorset/Contents.json:1:59: unknown system colour 'noSuchColor'"), "\($0)")
        }
    }

    func testADevicesIdiomChoosesItsColourSetEntries() throws {
        XCTAssertEqual(AssetIdiom(Device.named("ipad-air-11")!), .ipad)
        XCTAssertEqual(AssetIdiom(Device.named("ipad12_9rounded")!), .ipad)
        XCTAssertEqual(AssetIdiom(Device.named("iphone-15")!), .iphone)
        let json = """
        {"colors": [
          {"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "1.000", "green": "0.000", "blue": "0.000", "alpha": "1.000"}}},
          {"idiom": "ipad", "color": {"color-space": "srgb", "components": {"red": "0.000", "green": "0.000", "blue": "1.000", "alpha": "1.000"}}}
        ]}
        """
        let pad = try AssetCatalogContents.color(bytes: Array(json.utf8), path: "C.colorset/Contents.json", idiom: AssetIdiom(Device.named("ipad-air-11")!))
        XCTAssertEqual(pad.light, Color(0, 0, 255))
        let phone = try AssetCatalogContents.color(bytes: Array(json.utf8), path: "C.colorset/Contents.json", idiom: AssetIdiom(Device.named("iphone-se")!))
        XCTAssertEqual(phone.light, Color(255, 0, 0))
    }

}
