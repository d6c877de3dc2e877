import Foundation
import XCTest
@testable import Formats
@testable import Scenes
@testable import LaunchImport

/// `splashlab layout`: whole documents laid out on Interface Builder's devices, each class of view
/// written as real storyboards and xibs write it, checked against the frames the fixtures save.
final class DocumentLayoutTests: XCTestCase {
    func parse(_ xml: String, path: String = "t.xib") throws -> InterfaceBuilderDocument {
        try InterfaceBuilderDocument.parse(bytes: Array(xml.utf8), path: path, viewLimit: DocumentLayout.maximumViews)
    }

    func layout(_ xml: String, device: Device? = nil) throws -> DocumentLayout {
        try DocumentLayout(document: try parse(xml), device: device, measure: LaunchImportOptions.estimatedMeasure)
    }

    /// A xib whose top-level view holds `body`, on `device` (none: freeform).
    func xib(_ body: String, device: String? = "retina6_1", size: (Double, Double) = (414, 896), extra: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="23504">
        \(device.map { "<device id=\"\($0)\" orientation=\"portrait\" appearance=\"light\"/>" } ?? "")
        <objects>
        <view contentMode="scaleToFill" id="root"><rect key="frame" x="0.0" y="0.0" width="\(size.0)" height="\(size.1)"/>
        <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
        \(body)
        <viewLayoutGuide key="safeArea" id="safe"/>
        </view>\(extra)
        </objects>
        </document>
        """
    }

    func view(_ layout: DocumentLayout, _ id: String) throws -> DocumentLayout.PlacedView {
        try XCTUnwrap(layout.views.first { $0.id == id }, "no view \(id)")
    }

    /// Frames equal to a thousandth of a point (the solver's sums are not exact).
    func assertFrame(_ frame: Rect, _ expected: Rect, file: StaticString = #filePath, line: UInt = #line) {
        for (a, b) in [(frame.x, expected.x), (frame.y, expected.y), (frame.width, expected.width), (frame.height, expected.height)] {
            XCTAssertEqual(a, b, accuracy: 0.001, "\(frame) is not \(expected)", file: file, line: line)
        }
    }

    // MARK: Devices

    func testInterfaceBuilderDeviceIDsCarryTheirScreens() throws {
        let xr = try XCTUnwrap(Device.named("retina6_1"))
        XCTAssertEqual([xr.width, xr.height, xr.scale], [414, 896, 2])
        XCTAssertEqual(xr.safeAreaInsets.top, 48)
        XCTAssertEqual(xr.safeAreaInsets.bottom, 34)
        XCTAssertEqual(xr.cornerRadius, 41.5)
        XCTAssertEqual(LaunchTraits.of(xr.oriented(.landscape)).widthClass, .regular)
        let eight = try XCTUnwrap(Device.named("retina4_7", orientation: .landscape))
        XCTAssertEqual([eight.width, eight.height], [667, 375])
        XCTAssertEqual(LaunchTraits.of(eight).widthClass, .compact)
        XCTAssertEqual(eight.statusBarHeight, 0)
        let pad = try XCTUnwrap(Device.named("ipad12_9rounded"))
        XCTAssertTrue(LaunchTraits.of(pad).isPad)
        XCTAssertEqual(pad.safeAreaInsets.top, 24)
        // The presets keep their numbers; the IB id of the same phone has the same screen.
        let fifteen = try XCTUnwrap(Device.named("iphone-15")), twelve = try XCTUnwrap(Device.named("retina6_12"))
        XCTAssertEqual([fifteen.width, fifteen.height, fifteen.scale, fifteen.statusBarHeight], [twelve.width, twelve.height, twelve.scale, twelve.statusBarHeight])
        XCTAssertEqual(Device.presets.map(\.name), ["iphone-se", "iphone-15", "iphone-15-pro-max", "ipad-air-11"])
    }

    func testTheFilesOwnDeviceIsTheDefaultAndDeviceOverridesIt() throws {
        let xml = xib("""
            <subviews><view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="bar">
            <rect key="frame" x="0.0" y="48" width="414" height="10"/></view></subviews>
            <constraints>
            <constraint firstItem="bar" firstAttribute="top" secondItem="safe" secondAttribute="top" id="c1"/>
            <constraint firstItem="bar" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c2"/>
            <constraint firstItem="bar" firstAttribute="trailing" secondItem="root" secondAttribute="trailing" id="c3"/>
            <constraint firstItem="bar" firstAttribute="height" constant="10" id="c4"/>
            </constraints>
            """)
        let own = try layout(xml)
        XCTAssertEqual(own.device.name, "retina6_1")
        XCTAssertEqual(try view(own, "bar").frame, Rect(x: 0, y: 48, width: 414, height: 10))
        XCTAssertFalse(try view(own, "bar").disagrees())
        let other = try layout(xml, device: Device.named("retina6_12"))
        XCTAssertEqual(try view(other, "bar").frame, Rect(x: 0, y: 59, width: 393, height: 10))
        XCTAssertTrue(try view(other, "bar").disagrees(), "on another device the frame differs from the saved one")
    }

    func testAnUnknownDeviceIDNamesTheFileAndLine() throws {
        let xml = xib("", device: "retina9_9")
        XCTAssertThrowsError(try layout(xml)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("t.xib:3: unknown device id 'retina9_9'"), text)
        }
    }

    // MARK: The command's JSON

    func testJSONListsEveryViewWithItsFrameAndSavedFrame() throws {
        let xml = xib("""
            <subviews><label opaque="NO" text="Hi" translatesAutoresizingMaskIntoConstraints="NO" misplaced="YES" id="l">
            <rect key="frame" x="10" y="20" width="30" height="21"/>
            <fontDescription key="fontDescription" type="system" pointSize="17"/></label></subviews>
            <constraints>
            <constraint firstItem="l" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="10" id="c1"/>
            <constraint firstItem="l" firstAttribute="top" secondItem="root" secondAttribute="top" constant="20" id="c2"/>
            </constraints>
            """, device: nil, size: (200, 100))
        let result = try layout(xml)
        let json = result.json.text
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let device = try XCTUnwrap(object["device"] as? [String: Any])
        XCTAssertEqual(device["name"] as? String, "freeform")
        XCTAssertEqual(device["width"] as? Double, 200)
        let views = try XCTUnwrap(object["views"] as? [[String: Any]])
        XCTAssertEqual(views.map { $0["id"] as? String }, ["root", "l"])
        let label = views[1]
        XCTAssertEqual(label["element"] as? String, "label")
        XCTAssertEqual(label["file"] as? String, "t.xib")
        XCTAssertEqual(label["line"] as? Double, 7)
        XCTAssertEqual(label["misplaced"] as? Bool, true)
        let frame = try XCTUnwrap(label["frame"] as? [String: Double])
        XCTAssertEqual(frame["x"], 10)
        XCTAssertEqual(frame["y"], 20)
        // "Hi" at 17 pt by the estimate: 2 × 17 × 0.55, rounded up to the pixel; SF Pro's line height.
        XCTAssertEqual(try XCTUnwrap(frame["width"]), 19, accuracy: 0.01)
        XCTAssertEqual(try XCTUnwrap(frame["height"]), 20.5, accuracy: 0.01)
        XCTAssertEqual(label["saved"] as? [String: Double], ["x": 10, "y": 20, "width": 30, "height": 21])
    }

    func testTextNamesWhereTheLayoutDisagreesWithInterfaceBuilder() throws {
        let xml = xib("""
            <subviews><view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="v">
            <rect key="frame" x="0.0" y="0.0" width="50" height="50"/></view></subviews>
            <constraints><constraint firstItem="v" firstAttribute="width" constant="80" id="w"/>
            <constraint firstItem="v" firstAttribute="height" constant="50" id="h"/>
            <constraint firstItem="v" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="l"/>
            <constraint firstItem="v" firstAttribute="top" secondItem="root" secondAttribute="top" id="t"/></constraints>
            """)
        let text = try layout(xml).text
        XCTAssertTrue(text.contains("t.xib:7: view v disagrees with Interface Builder: laid out at 0 0 80 50, saved at 0 0 50 50"), text)
        XCTAssertTrue(text.hasSuffix("1 of 2 saved frames within 2 pt"), text)
    }

    // MARK: Controls

    func testControlsTakeTheirIntrinsicSizes() throws {
        let xml = xib("""
            <subviews>
            <switch opaque="NO" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="s"><rect key="frame" x="181.5" y="432.5" width="51" height="31"/></switch>
            <activityIndicatorView opaque="NO" style="large" translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="188.5" y="100" width="37" height="37"/></activityIndicatorView>
            <stepper opaque="NO" translatesAutoresizingMaskIntoConstraints="NO" id="p"><rect key="frame" x="0.0" y="200" width="94" height="32"/></stepper>
            </subviews>
            <constraints>
            <constraint firstItem="s" firstAttribute="centerX" secondItem="root" secondAttribute="centerX" id="c1"/>
            <constraint firstItem="s" firstAttribute="centerY" secondItem="root" secondAttribute="centerY" id="c2"/>
            <constraint firstItem="a" firstAttribute="centerX" secondItem="root" secondAttribute="centerX" id="c3"/>
            <constraint firstItem="a" firstAttribute="top" secondItem="root" secondAttribute="top" constant="100" id="c4"/>
            <constraint firstItem="p" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c5"/>
            <constraint firstItem="p" firstAttribute="top" secondItem="root" secondAttribute="top" constant="200" id="c6"/>
            </constraints>
            """)
        let result = try layout(xml)
        XCTAssertEqual(try view(result, "s").frame, Rect(x: 181.5, y: 432.5, width: 51, height: 31))
        XCTAssertEqual(try view(result, "a").frame, Rect(x: 188.5, y: 100, width: 37, height: 37))
        XCTAssertEqual(try view(result, "p").frame, Rect(x: 0, y: 200, width: 94, height: 32))
        XCTAssertTrue(result.views.allSatisfy { !$0.disagrees() })
    }

    /// A required hugging priority loses to a required constraint of the file: UIKit adds the
    /// content-size constraints after the nib's, so they are the ones broken.
    func testARequiredHuggingPriorityGivesWayToTheFilesOwnSize() throws {
        let xml = xib("""
            <subviews><button opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="1000" verticalHuggingPriority="1000" translatesAutoresizingMaskIntoConstraints="NO" id="b">
            <rect key="frame" x="10" y="10" width="30" height="30"/>
            <constraints><constraint firstAttribute="width" constant="30" id="w"/><constraint firstAttribute="height" constant="30" id="h"/></constraints>
            <state key="normal" image="cross"/></button></subviews>
            <constraints>
            <constraint firstItem="b" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="10" id="c1"/>
            <constraint firstItem="b" firstAttribute="top" secondItem="root" secondAttribute="top" constant="10" id="c2"/>
            </constraints>
            """, extra: "</objects><resources><image name=\"cross\" width=\"16\" height=\"16\"/></resources><objects>")
        XCTAssertEqual(try view(try layout(xml), "b").frame, Rect(x: 10, y: 10, width: 30, height: 30))
    }

    /// A freeform view is its own simulated screen: the device's safe-area insets apply to its
    /// bounds, above unless it simulates no top bar, below unless it simulates no bottom bar.
    /// Insets larger than the view leave the guide inverted, as UIKit does. A view with no
    /// simulated size (a cell, a header) has its bounds as its safe area.
    func testAFreeformViewIsItsOwnSimulatedScreen() throws {
        let body = """
            <subviews><view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="bar">
            <rect key="frame" x="0.0" y="64" width="414" height="10"/></view></subviews>
            <constraints>
            <constraint firstItem="bar" firstAttribute="top" secondItem="safe" secondAttribute="top" constant="16" id="c1"/>
            <constraint firstItem="bar" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c2"/>
            <constraint firstItem="bar" firstAttribute="trailing" secondItem="root" secondAttribute="trailing" id="c3"/>
            <constraint firstItem="safe" firstAttribute="bottom" secondItem="bar" secondAttribute="bottom" priority="750" id="c4"/>
            </constraints>
            """
        let freeform = "<freeformSimulatedSizeMetrics key=\"simulatedDestinationMetrics\"/>"
        // retina6_1 at this tools version: 48 pt above, 34 below.
        let screen = try layout(xib(body + freeform, size: (431, 258)))
        assertFrame(try view(screen, "bar").frame, Rect(x: 0, y: 64, width: 431, height: 258 - 34 - 64))
        let noBottomBar = try layout(xib(body + freeform + "<nil key=\"simulatedBottomBarMetrics\"/>", size: (431, 258)))
        assertFrame(try view(noBottomBar, "bar").frame, Rect(x: 0, y: 64, width: 431, height: 258 - 64))
        let noTopBar = try layout(xib(body + freeform + "<nil key=\"simulatedTopBarMetrics\"/>", size: (431, 258)))
        assertFrame(try view(noTopBar, "bar").frame, Rect(x: 0, y: 16, width: 431, height: 258 - 34 - 16))
        let inverted = try layout(xib(body + freeform + "<nil key=\"simulatedTopBarMetrics\"/>", size: (414, 40)))
        // The guide's bottom is 34 pt above the view's: 6 pt, above its top plus 16.
        XCTAssertEqual(try view(inverted, "bar").frame.y, 16)
        let custom = try layout(xib(body, size: (414, 258)))
        assertFrame(try view(custom, "bar").frame, Rect(x: 0, y: 16, width: 414, height: 258 - 16))
    }

    /// Interface Builder names the Large Title text style `UICTFontTextStyleTitle0`: 34 pt, so a
    /// label in it is SF Pro's line height at 34 pt tall, rounded up to the pixel.
    func testTheLargeTitleTextStyleByInterfaceBuildersName() throws {
        let xml = xib("""
            <subviews><label opaque="NO" text="Title" textAlignment="center" numberOfLines="0" translatesAutoresizingMaskIntoConstraints="NO" id="l">
            <rect key="frame" x="32" y="98" width="350" height="41"/>
            <fontDescription key="fontDescription" style="UICTFontTextStyleTitle0"/></label></subviews>
            <constraints>
            <constraint firstItem="l" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="32" id="c1"/>
            <constraint firstItem="l" firstAttribute="trailing" secondItem="root" secondAttribute="trailing" constant="32" id="c2"/>
            <constraint firstItem="l" firstAttribute="top" secondItem="root" secondAttribute="top" constant="98" id="c3"/>
            </constraints>
            """)
        XCTAssertEqual(try view(try layout(xml), "l").frame.height, 41)
    }

    // MARK: Stack views

    /// A hidden arranged view keeps its alignment across the stack (so it still widens a filling
    /// stack) and, between two visible views, starts halfway across the gap between them.
    func testAHiddenArrangedViewKeepsItsAlignmentAndSitsInTheGap() throws {
        let xml = xib("""
            <subviews>
            <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" translatesAutoresizingMaskIntoConstraints="NO" id="v">
            <rect key="frame" x="0.0" y="100" width="75" height="20.5"/>
            <subviews>
            <label opaque="NO" text="Ab" translatesAutoresizingMaskIntoConstraints="NO" id="shown"><rect key="frame" x="0.0" y="0.0" width="75" height="20.5"/>
            <fontDescription key="fontDescription" type="system" pointSize="17"/></label>
            <label hidden="YES" opaque="NO" text="Abcdefgh" translatesAutoresizingMaskIntoConstraints="NO" id="gone"><rect key="frame" x="0.0" y="0.0" width="75" height="0.0"/>
            <fontDescription key="fontDescription" type="system" pointSize="17"/></label>
            </subviews></stackView>
            <stackView opaque="NO" contentMode="scaleToFill" alignment="center" spacing="8" translatesAutoresizingMaskIntoConstraints="NO" id="h">
            <rect key="frame" x="0.0" y="200" width="300" height="30"/>
            <subviews>
            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="flag"><rect key="frame" x="0.0" y="5" width="20" height="20"/>
            <constraints><constraint firstAttribute="width" constant="20" id="f1"/><constraint firstAttribute="height" constant="20" id="f2"/></constraints></view>
            <view hidden="YES" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="badge"><rect key="frame" x="24" y="7" width="30" height="16"/>
            <constraints><constraint firstAttribute="width" constant="30" id="b1"/><constraint firstAttribute="height" constant="16" id="b2"/></constraints></view>
            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="rest"><rect key="frame" x="28" y="0.0" width="272" height="30"/></view>
            </subviews>
            <constraints><constraint firstAttribute="width" constant="300" id="h1"/><constraint firstAttribute="height" constant="30" id="h2"/></constraints>
            </stackView>
            </subviews>
            <constraints>
            <constraint firstItem="v" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c1"/>
            <constraint firstItem="v" firstAttribute="top" secondItem="root" secondAttribute="top" constant="100" id="c2"/>
            <constraint firstItem="h" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c3"/>
            <constraint firstItem="h" firstAttribute="top" secondItem="root" secondAttribute="top" constant="200" id="c4"/>
            </constraints>
            """)
        let result = try layout(xml)
        // "Abcdefgh" at 17 pt by the estimate, 8 × 17 × 0.55 = 74.8, rounded up to the pixel: 75.
        XCTAssertEqual(try view(result, "v").frame.width, 75)
        XCTAssertEqual(try view(result, "shown").frame.width, 75)
        assertFrame(try view(result, "badge").frame, Rect(x: 24, y: 7, width: 30, height: 16))
        assertFrame(try view(result, "rest").frame, Rect(x: 28, y: 0, width: 272, height: 30))
    }

    /// A stack view that sets its own layout margins arranges its views inside them; a text view
    /// that does not scroll is one line of its 14 pt font tall plus its 8 pt insets.
    func testAStackWithItsOwnMarginsArrangesInsideThemAndATextViewFitsItsText() throws {
        let xml = xib("""
            <subviews><stackView opaque="NO" contentMode="scaleToFill" axis="vertical" spacing="20" translatesAutoresizingMaskIntoConstraints="NO" id="s">
            <rect key="frame" x="0.0" y="100" width="414" height="125"/>
            <subviews>
            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="icon"><rect key="frame" x="32" y="10" width="350" height="72"/>
            <constraints><constraint firstAttribute="height" constant="72" id="i1"/></constraints></view>
            <textView clipsSubviews="YES" contentMode="scaleToFill" verticalHuggingPriority="1000" verticalCompressionResistancePriority="1000" scrollEnabled="NO" editable="NO" translatesAutoresizingMaskIntoConstraints="NO" id="text">
            <rect key="frame" x="32" y="102" width="350" height="33"/>
            <fontDescription key="fontDescription" type="system" pointSize="14"/></textView>
            </subviews>
            <edgeInsets key="layoutMargins" top="10" left="32" bottom="10" right="32"/>
            </stackView></subviews>
            <constraints>
            <constraint firstItem="s" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c1"/>
            <constraint firstItem="s" firstAttribute="trailing" secondItem="root" secondAttribute="trailing" id="c2"/>
            <constraint firstItem="s" firstAttribute="top" secondItem="root" secondAttribute="top" constant="100" id="c3"/>
            </constraints>
            """)
        let result = try layout(xml)
        assertFrame(try view(result, "icon").frame, Rect(x: 32, y: 10, width: 350, height: 72))
        // SF Pro's line at 14 pt, 16.7 pt, plus 8 pt above and below, rounded up to the pixel: 33.
        assertFrame(try view(result, "text").frame, Rect(x: 32, y: 102, width: 350, height: 33))
        assertFrame(try view(result, "s").frame, Rect(x: 0, y: 100, width: 414, height: 145))
    }

    /// A segmented control's segments are as wide as its widest title plus 19 pt; one Interface
    /// Builder keeps at a fixed frame stays there, its mask translated.
    func testSegmentedControlsSizeToTheirWidestTitleUnlessTheirFrameIsFixed() throws {
        let xml = xib("""
            <subviews>
            <segmentedControl opaque="NO" contentMode="scaleToFill" segmentControlStyle="plain" selectedSegmentIndex="0" translatesAutoresizingMaskIntoConstraints="NO" id="sized">
            <rect key="frame" x="20" y="100" width="81" height="32"/>
            <segments><segment title="UDP"/><segment title="TCP"/></segments></segmentedControl>
            <segmentedControl opaque="NO" contentMode="scaleToFill" fixedFrame="YES" segmentControlStyle="plain" selectedSegmentIndex="0" translatesAutoresizingMaskIntoConstraints="NO" id="fixed">
            <rect key="frame" x="20" y="200" width="132" height="32"/><autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
            <segments><segment title="IPv4"/><segment title="IPv6"/></segments></segmentedControl>
            </subviews>
            <constraints>
            <constraint firstItem="sized" firstAttribute="leading" secondItem="root" secondAttribute="leading" constant="20" id="c1"/>
            <constraint firstItem="sized" firstAttribute="top" secondItem="root" secondAttribute="top" constant="100" id="c2"/>
            </constraints>
            """)
        let result = try layout(xml)
        // "UDP" at 13 pt by the estimate, 3 × 13 × 0.55 = 21.45, plus 19, twice: 80.9, to the pixel 81.
        assertFrame(try view(result, "sized").frame, Rect(x: 20, y: 100, width: 81, height: 32))
        assertFrame(try view(result, "fixed").frame, Rect(x: 20, y: 200, width: 132, height: 32))
    }

    /// A stack that fills proportionally gives each view its length in proportion to its
    /// intrinsic length: a 20.5 pt label and a 56 pt search bar in 153 pt are 41 and 112 pt.
    func testAProportionallyFillingStackSharesItsLengthByIntrinsicLength() throws {
        let xml = xib("""
            <subviews><stackView opaque="NO" contentMode="scaleToFill" axis="vertical" distribution="fillProportionally" translatesAutoresizingMaskIntoConstraints="NO" id="s">
            <rect key="frame" x="0.0" y="0.0" width="414" height="153"/>
            <subviews>
            <label opaque="NO" text="Hint" translatesAutoresizingMaskIntoConstraints="NO" id="l"><rect key="frame" x="0.0" y="0.0" width="414" height="41"/>
            <fontDescription key="fontDescription" type="system" pointSize="17"/></label>
            <searchBar contentMode="redraw" searchBarStyle="minimal" translatesAutoresizingMaskIntoConstraints="NO" id="b"><rect key="frame" x="0.0" y="41" width="414" height="112"/></searchBar>
            </subviews></stackView></subviews>
            <constraints>
            <constraint firstItem="s" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c1"/>
            <constraint firstItem="s" firstAttribute="trailing" secondItem="root" secondAttribute="trailing" id="c2"/>
            <constraint firstItem="s" firstAttribute="top" secondItem="root" secondAttribute="top" id="c3"/>
            <constraint firstItem="s" firstAttribute="height" constant="153" id="c4"/>
            </constraints>
            """)
        let result = try layout(xml)
        assertFrame(try view(result, "l").frame, Rect(x: 0, y: 0, width: 414, height: 41))
        assertFrame(try view(result, "b").frame, Rect(x: 0, y: 41, width: 414, height: 112))
    }

    // MARK: Tables

    func testTableCellsSpanTheTableAndTheirContentViewsFillThemLessTheAccessory() throws {
        let xml = xib("""
            <subviews><tableView clipsSubviews="YES" contentMode="scaleToFill" style="plain" rowHeight="44" translatesAutoresizingMaskIntoConstraints="NO" id="t">
            <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
            <prototypes><tableViewCell contentMode="scaleToFill" accessoryType="disclosureIndicator" rowHeight="60" id="cell">
            <rect key="frame" x="0.0" y="50" width="414" height="60"/><autoresizingMask key="autoresizingMask"/>
            <tableViewCellContentView key="contentView" opaque="NO" contentMode="center" id="content">
            <rect key="frame" x="0.0" y="0.0" width="383.5" height="60"/><autoresizingMask key="autoresizingMask"/>
            </tableViewCellContentView></tableViewCell></prototypes>
            </tableView></subviews>
            <constraints>
            <constraint firstItem="t" firstAttribute="top" secondItem="root" secondAttribute="top" id="c1"/>
            <constraint firstItem="t" firstAttribute="bottom" secondItem="root" secondAttribute="bottom" id="c2"/>
            <constraint firstItem="t" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c3"/>
            <constraint firstItem="t" firstAttribute="trailing" secondItem="root" secondAttribute="trailing" id="c4"/>
            </constraints>
            """)
        let own = try layout(xml)
        XCTAssertEqual(try view(own, "cell").frame, Rect(x: 0, y: 50, width: 414, height: 60))
        XCTAssertEqual(try view(own, "content").frame, Rect(x: 0, y: 0, width: 383.5, height: 60))
        let narrower = try layout(xml, device: Device.named("retina4_7"))
        XCTAssertEqual(try view(narrower, "cell").frame, Rect(x: 0, y: 50, width: 375, height: 60))
        XCTAssertEqual(try view(narrower, "content").frame, Rect(x: 0, y: 0, width: 344.5, height: 60))
    }

    /// A cell's content view has 11 pt margins above and below and 8 pt before an accessory; a
    /// cell below the table's visible height keeps its content view 18.5 pt short of a disclosure
    /// indicator, not 30.5, as Interface Builder saves cells it never displays.
    func testCellContentViewsHaveUIKitsMarginsAndOffScreenCellsNoAccessoryView() throws {
        func cell(_ id: String, y: Double) -> String {
            """
            <tableViewCell contentMode="scaleToFill" accessoryType="disclosureIndicator" rowHeight="44" id="\(id)">
            <rect key="frame" x="0.0" y="\(y)" width="414" height="44"/><autoresizingMask key="autoresizingMask"/>
            <tableViewCellContentView key="contentView" opaque="NO" contentMode="center" id="\(id)-content">
            <rect key="frame" x="0.0" y="0.0" width="383.5" height="44"/><autoresizingMask key="autoresizingMask"/>
            <subviews><view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)-box">
            <rect key="frame" x="16" y="11" width="359.5" height="22"/></view></subviews>
            <constraints>
            <constraint firstItem="\(id)-box" firstAttribute="leading" secondItem="\(id)-content" secondAttribute="leading" constant="16" id="\(id)1"/>
            <constraint firstItem="\(id)-box" firstAttribute="top" secondItem="\(id)-content" secondAttribute="topMargin" id="\(id)2"/>
            <constraint firstItem="\(id)-box" firstAttribute="bottom" secondItem="\(id)-content" secondAttribute="bottomMargin" id="\(id)3"/>
            <constraint firstItem="\(id)-box" firstAttribute="trailing" secondItem="\(id)-content" secondAttribute="trailingMargin" id="\(id)4"/>
            </constraints></tableViewCellContentView></tableViewCell>
            """
        }
        let xml = xib("""
            <subviews><tableView clipsSubviews="YES" contentMode="scaleToFill" style="grouped" rowHeight="44" translatesAutoresizingMaskIntoConstraints="NO" id="t">
            <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
            <sections><tableViewSection id="s"><cells>\(cell("near", y: 100))\(cell("far", y: 1100))</cells></tableViewSection></sections>
            </tableView></subviews>
            <constraints>
            <constraint firstItem="t" firstAttribute="top" secondItem="root" secondAttribute="top" id="c1"/>
            <constraint firstItem="t" firstAttribute="bottom" secondItem="root" secondAttribute="bottom" id="c2"/>
            <constraint firstItem="t" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c3"/>
            <constraint firstItem="t" firstAttribute="trailing" secondItem="root" secondAttribute="trailing" id="c4"/>
            </constraints>
            """)
        let result = try layout(xml)
        XCTAssertEqual(try view(result, "near-box").frame, Rect(x: 16, y: 11, width: 359.5, height: 22))
        XCTAssertEqual(try view(result, "near-content").frame.width, 383.5)
        XCTAssertEqual(try view(result, "far-content").frame.width, 395.5)
    }

    // MARK: Autoresizing beside constraints

    /// A view that saves an autoresizing mask and no translatesAutoresizingMaskIntoConstraints keeps
    /// its mask though its subview's constraints name it: on a wider screen its flexible width grows.
    func testAMaskBesideConstraintsIsTranslated() throws {
        let xml = xib("""
            <subviews><view contentMode="scaleToFill" id="box"><rect key="frame" x="20" y="100" width="374" height="50"/>
            <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMaxY="YES"/>
            <subviews><view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="inner">
            <rect key="frame" x="0.0" y="0.0" width="374" height="50"/></view></subviews>
            <constraints>
            <constraint firstItem="inner" firstAttribute="leading" secondItem="box" secondAttribute="leading" id="i1"/>
            <constraint firstItem="inner" firstAttribute="trailing" secondItem="box" secondAttribute="trailing" id="i2"/>
            <constraint firstItem="inner" firstAttribute="top" secondItem="box" secondAttribute="top" id="i3"/>
            <constraint firstItem="inner" firstAttribute="bottom" secondItem="box" secondAttribute="bottom" id="i4"/>
            </constraints></view></subviews>
            """)
        let own = try layout(xml)
        XCTAssertEqual(try view(own, "box").frame, Rect(x: 20, y: 100, width: 374, height: 50))
        let wider = try layout(xml, device: Device.named("retina6_72"))
        XCTAssertEqual(try view(wider, "box").frame, Rect(x: 20, y: 100, width: 390, height: 50))
        XCTAssertEqual(try view(wider, "inner").frame, Rect(x: 0, y: 0, width: 390, height: 50))
    }

    // MARK: macOS

    /// A macOS xib's window content view is laid out, at its saved size on a freeform screen (its
    /// AppKit subviews are not UIKit's views and are not read).
    func testAMacWindowsContentViewIsLaidOut() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="22505" targetRuntime="MacOSX.Cocoa">
            <objects>
            <window title="App" releasedWhenClosed="NO" id="w">
            <rect key="contentRect" x="335" y="390" width="800" height="600"/>
            <view key="contentView" wantsLayer="YES" id="content"><rect key="frame" x="0.0" y="0.0" width="800" height="600"/>
            <autoresizingMask key="autoresizingMask"/>
            <subviews><customView id="box"><rect key="frame" x="20" y="20" width="760" height="40"/>
            <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMaxY="YES"/></customView></subviews>
            </view></window>
            </objects>
            </document>
            """
        let result = try layout(xml)
        XCTAssertEqual(result.device.name, "freeform")
        XCTAssertEqual(try view(result, "content").frame, Rect(x: 0, y: 0, width: 800, height: 600))
        XCTAssertFalse(try view(result, "content").disagrees())
    }

    // MARK: Bad input

    func testAConstraintCycleIsBrokenWithAWarningNamingItsLine() throws {
        let xml = xib("""
            <subviews>
            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="0.0" y="0.0" width="10" height="10"/></view>
            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="b"><rect key="frame" x="0.0" y="0.0" width="10" height="10"/></view>
            </subviews>
            <constraints>
            <constraint firstItem="a" firstAttribute="width" secondItem="b" secondAttribute="width" constant="10" id="ab"/>
            <constraint firstItem="b" firstAttribute="width" secondItem="a" secondAttribute="width" constant="10" id="ba"/>
            </constraints>
            """)
        let result = try layout(xml)
        let warnings = result.warnings.map(\.warning)
        XCTAssertTrue(warnings.contains { $0.contains("t.xib:13: <constraint> ba: contradicts") }, "\(warnings)")
        XCTAssertEqual(result.views.count, 3)
    }

    func testADocumentWithAHundredThousandViewsIsRefusedWithItsLine() throws {
        let views = String(repeating: "<view id=\"v\"/>\n", count: 100_000)
        let xml = xib("<subviews>\(views)</subviews>")
        XCTAssertThrowsError(try parse(xml)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("t.xib:5006: more than 5000 views"), text)
        }
    }
}
