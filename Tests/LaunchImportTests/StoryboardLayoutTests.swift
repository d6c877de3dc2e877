import Foundation
import XCTest
@testable import Formats
@testable import Scenes
@testable import LaunchImport

/// Auto Layout as iOS solves a launch storyboard, one class of feature a test, each written as
/// real projects write it: constraints with no first item (Flutter's generated launch screens),
/// fraction multipliers, size-class variations, autoresizing masks, stack views, old layout
/// guides, contradictions, and what cannot be drawn skipped while the rest is drawn.
final class StoryboardLayoutTests: XCTestCase {
    let phone = Device.named("iphone-15")!
    let se = Device.named("iphone-se")!

    func parse(_ xml: String) throws -> InterfaceBuilderDocument {
        try InterfaceBuilderDocument.parse(bytes: Array(xml.utf8), path: "t.storyboard")
    }

    func layout(_ xml: String, device: Device, intrinsic: [String: (Double, Double)] = [:]) throws -> AutoLayout {
        var tree = LaunchViewTree(document: try parse(xml), traits: .of(device))
        let root = try tree.root()
        return AutoLayout(root: root, device: device, file: "t.storyboard") { view in intrinsic[view.id].map { (width: $0.0, height: $0.1) } }
    }

    func screen(_ xml: String, device: Device) throws -> LaunchScreen {
        var builder = StoryboardLaunchScreen(document: try parse(xml), device: device, catalog: AssetCatalogIndex(folder: nil, catalogs: []),
                                             measure: LaunchImportOptions.estimatedMeasure, looseImage: { _ in nil })
        return try builder.build()
    }

    /// A storyboard's one scene around `body` (subviews, constraints), on a 414×896 canvas.
    func storyboard(_ body: String, root: String = "r", extra: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" launchScreen="YES" initialViewController="vc">
        <scenes><scene sceneID="s"><objects><viewController id="vc" sceneMemberID="viewController">\(extra)
        <view key="view" contentMode="scaleToFill" id="\(root)"><rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
        \(body)
        <viewLayoutGuide key="safeArea" id="safe"/>
        <color key="backgroundColor" systemColor="systemBackgroundColor"/>
        </view></viewController></objects></scene></scenes></document>
        """
    }

    func assertRect(_ r: Rect?, _ x: Double, _ y: Double, _ w: Double, _ h: Double, line: UInt = #line) {
        guard let r else { return XCTFail("no frame", line: line) }
        XCTAssertEqual(r.x, x, accuracy: 1e-6, "x", line: line); XCTAssertEqual(r.y, y, accuracy: 1e-6, "y", line: line)
        XCTAssertEqual(r.width, w, accuracy: 1e-6, "width", line: line); XCTAssertEqual(r.height, h, accuracy: 1e-6, "height", line: line)
    }

    func testAConstraintWithNoFirstItemIsTheContainers() throws {
        // flutter_native_splash writes `firstAttribute="trailing" secondItem="bg"`: the container's
        // trailing equals the image's.
        let xml = storyboard("""
        <subviews>
        <imageView contentMode="scaleToFill" image="LaunchBackground" translatesAutoresizingMaskIntoConstraints="NO" id="bg"/>
        <imageView contentMode="center" image="LaunchImage" translatesAutoresizingMaskIntoConstraints="NO" id="logo"/>
        </subviews>
        <constraints>
        <constraint firstItem="bg" firstAttribute="leading" secondItem="r" secondAttribute="leading" id="c1"/>
        <constraint firstAttribute="trailing" secondItem="bg" secondAttribute="trailing" id="c2"/>
        <constraint firstItem="bg" firstAttribute="top" secondItem="r" secondAttribute="top" id="c3"/>
        <constraint firstItem="bg" firstAttribute="bottom" secondItem="r" secondAttribute="bottom" id="c4"/>
        <constraint firstAttribute="centerX" secondItem="logo" secondAttribute="centerX" id="c5"/>
        <constraint firstAttribute="centerY" secondItem="logo" secondAttribute="centerY" id="c6"/>
        </constraints>
        """)
        let frames = try layout(xml, device: phone, intrinsic: ["bg": (1, 1), "logo": (256, 256)]).frames
        assertRect(frames["bg"], 0, 0, 393, 852)
        // Centred at its intrinsic size (compression resistance and hugging keep it there).
        assertRect(frames["logo"], 393 / 2 - 128, 852 / 2 - 128, 256, 256)
    }

    func testEveryMultiplierForm() throws {
        for (text, value) in [("0.5", 0.5), ("1:2", 0.5), ("1/3", 1.0 / 3), ("250:812", 250.0 / 812)] {
            let xml = storyboard("""
            <subviews><view translatesAutoresizingMaskIntoConstraints="NO" id="v"><rect key="frame" x="0" y="0" width="10" height="10"/></view></subviews>
            <constraints>
            <constraint firstItem="v" firstAttribute="width" secondItem="r" secondAttribute="width" multiplier="\(text)" id="c1"/>
            <constraint firstItem="v" firstAttribute="height" secondItem="v" secondAttribute="width" id="c2"/>
            <constraint firstItem="v" firstAttribute="leading" secondItem="r" secondAttribute="leading" id="c3"/>
            <constraint firstItem="v" firstAttribute="top" secondItem="safe" secondAttribute="top" id="c4"/>
            </constraints>
            """)
            let frames = try layout(xml, device: phone).frames
            assertRect(frames["v"], 0, 59, 393 * value, 393 * value)
        }
    }

    func testSizeClassMasksAndConstantsFollowTheDevice() throws {
        // Kiwix's shape: every constraint is installed, `default` excludes three, and the size
        // classes include one each; a constant differs in compact height.
        let xml = storyboard("""
        <subviews><imageView contentMode="scaleAspectFit" image="logo" translatesAutoresizingMaskIntoConstraints="NO" id="i">
        <rect key="frame" x="142" y="82" width="284" height="92"/>
        <constraints><constraint firstAttribute="width" constant="300" id="w300"/></constraints>
        <variation key="default"><mask key="constraints"><exclude reference="w300"/></mask></variation>
        <variation key="widthClass=regular"><mask key="constraints"><include reference="w300"/></mask></variation>
        </imageView></subviews>
        <constraints>
        <constraint firstItem="i" firstAttribute="height" secondItem="r" secondAttribute="height" multiplier="0.5" id="halfH"/>
        <constraint firstItem="i" firstAttribute="width" secondItem="r" secondAttribute="width" multiplier="0.5" id="halfW"/>
        <constraint firstItem="i" firstAttribute="centerX" secondItem="r" secondAttribute="centerX" id="cx"/>
        <constraint firstItem="i" firstAttribute="centerY" secondItem="r" secondAttribute="centerY" constant="-58" id="cy">
            <variation key="heightClass=compact" constant="-32"/>
        </constraint>
        <constraint firstItem="i" firstAttribute="height" secondItem="r" secondAttribute="height" constant="-228" id="short"/>
        </constraints>
        <variation key="default"><mask key="constraints"><exclude reference="halfW"/><exclude reference="halfH"/><exclude reference="short"/></mask></variation>
        <variation key="heightClass=compact"><mask key="constraints"><include reference="short"/></mask></variation>
        <variation key="heightClass=regular"><mask key="constraints"><include reference="halfH"/></mask></variation>
        <variation key="widthClass=compact"><mask key="constraints"><include reference="halfW"/></mask></variation>
        """)
        let portrait = try layout(xml, device: phone, intrinsic: ["i": (192, 140)]).frames["i"]!
        assertRect(portrait, 393 / 4, 852 / 2 - 58 - 213, 196.5, 426)
        // iPhone 15 landscape is compact both ways: the height is H − 228, the centre 32 pt up, and
        // the width is the image's own, as no width constraint applies.
        let landscape = try layout(xml, device: phone.oriented(.landscape), intrinsic: ["i": (192, 140)]).frames["i"]!
        XCTAssertEqual(landscape.height, 393 - 228, accuracy: 1e-6)
        XCTAssertEqual(landscape.midY, 393 / 2 - 32, accuracy: 1e-6)
        // iPad: regular width includes the 300 pt width.
        let pad = try layout(xml, device: Device.named("ipad-air-11")!, intrinsic: ["i": (192, 140)]).frames["i"]!
        XCTAssertEqual(pad.width, 300, accuracy: 1e-6)
    }

    func testAutoresizingMasksWithoutConstraints() throws {
        // Designed on a 414×896 canvas: a centred view with flexible margins stays centred; a
        // bar with a flexible width and a fixed bottom margin stretches and stays at the bottom.
        let xml = storyboard("""
        <subviews>
        <view contentMode="scaleToFill" id="centred"><rect key="frame" x="157" y="398" width="100" height="100"/>
        <autoresizingMask key="autoresizingMask" flexibleMinX="YES" flexibleMaxX="YES" flexibleMinY="YES" flexibleMaxY="YES"/></view>
        <view contentMode="scaleToFill" id="bar"><rect key="frame" x="0.0" y="846" width="414" height="50"/>
        <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMinY="YES"/></view>
        <view contentMode="scaleToFill" id="fixed"><rect key="frame" x="10" y="20" width="30" height="40"/></view>
        </subviews>
        """)
        let frames = try layout(xml, device: phone).frames
        assertRect(frames["centred"], (393 - 100) / 2, (852 - 100) / 2, 100, 100)
        assertRect(frames["bar"], 0, 802, 393, 50)
        assertRect(frames["fixed"], 10, 20, 30, 40)
    }

    func testStackViewsArrangeTheirViews() throws {
        let xml = storyboard("""
        <subviews><stackView opaque="NO" contentMode="scaleToFill" axis="vertical" alignment="center" spacing="8" translatesAutoresizingMaskIntoConstraints="NO" id="stack">
        <rect key="frame" x="0" y="0" width="100" height="100"/>
        <subviews>
        <imageView image="a" translatesAutoresizingMaskIntoConstraints="NO" id="a"/>
        <view hidden="YES" translatesAutoresizingMaskIntoConstraints="NO" id="gone"/>
        <imageView image="b" translatesAutoresizingMaskIntoConstraints="NO" id="b"/>
        </subviews></stackView></subviews>
        <constraints>
        <constraint firstItem="stack" firstAttribute="centerX" secondItem="r" secondAttribute="centerX" id="c1"/>
        <constraint firstItem="stack" firstAttribute="centerY" secondItem="r" secondAttribute="centerY" id="c2"/>
        </constraints>
        """)
        let frames = try layout(xml, device: phone, intrinsic: ["a": (80, 40), "b": (200, 20)]).frames
        // 40 + 8 + 20 tall, as wide as the widest, centred on the screen; a hidden view takes no room.
        assertRect(frames["stack"], (393 - 200) / 2, (852 - 68) / 2, 200, 68)
        assertRect(frames["a"], (393 - 80) / 2, (852 - 68) / 2, 80, 40)
        assertRect(frames["b"], (393 - 200) / 2, (852 - 68) / 2 + 48, 200, 20)
    }

    func testOldLayoutGuidesAndTheSafeArea() throws {
        let xml = storyboard("""
        <subviews><view translatesAutoresizingMaskIntoConstraints="NO" id="v"/></subviews>
        <constraints>
        <constraint firstItem="v" firstAttribute="top" secondItem="top" secondAttribute="bottom" constant="10" id="c1"/>
        <constraint firstItem="bottom" firstAttribute="top" secondItem="v" secondAttribute="bottom" constant="10" id="c2"/>
        <constraint firstItem="v" firstAttribute="leadingMargin" secondItem="r" secondAttribute="leadingMargin" id="c3"/>
        <constraint firstItem="safe" firstAttribute="trailing" secondItem="v" secondAttribute="trailing" id="c4"/>
        </constraints>
        """, extra: "<layoutGuides><viewControllerLayoutGuide type=\"top\" id=\"top\"/><viewControllerLayoutGuide type=\"bottom\" id=\"bottom\"/></layoutGuides>")
        let frames = try layout(xml, device: phone).frames
        // The top guide ends at the safe area's top (59 pt), the bottom one starts at its bottom
        // (852 − 34); the root's margin is 16 pt in from the safe area, the view's own 8 pt.
        assertRect(frames["v"], 16 - 8, 69, 393 - 8, 852 - 34 - 10 - 69)
    }

    func testContradictingRequiredConstraintsBreakOneWithAWarning() throws {
        let xml = storyboard("""
        <subviews><view translatesAutoresizingMaskIntoConstraints="NO" id="v"/></subviews>
        <constraints>
        <constraint firstItem="v" firstAttribute="width" constant="100" id="w100"/>
        <constraint firstItem="v" firstAttribute="width" constant="200" id="w200"/>
        </constraints>
        """)
        let result = try layout(xml, device: phone)
        XCTAssertEqual(result.frames["v"]?.width ?? 0, 100, accuracy: 1e-6, "the first holds; the contradicting one is broken")
        XCTAssertTrue(result.warnings.contains { $0.origin.id == "w200" && $0.why.contains("contradicts") }, "\(result.warnings)")
    }

    func testTenThousandConstraintsAreSolved() throws {
        let constraints = (0..<10_000).map { i in
            "<constraint firstItem=\"v\" firstAttribute=\"width\" relation=\"lessThanOrEqual\" constant=\"\(200 + i)\" id=\"c\(i)\"/>"
        }.joined(separator: "\n")
        let xml = storyboard("<subviews><view translatesAutoresizingMaskIntoConstraints=\"NO\" id=\"v\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"50\" height=\"50\"/></view></subviews><constraints>\(constraints)</constraints>")
        let result = try layout(xml, device: phone)
        XCTAssertEqual(result.frames["v"]?.width ?? 0, 50, accuracy: 1e-6)
    }

    func testWhatCannotBeDrawnIsSkippedAndTheRestIsDrawn() throws {
        let xml = storyboard("""
        <subviews>
        <button opaque="NO" contentMode="scaleToFill" id="b"><rect key="frame" x="10" y="10" width="50" height="50"/></button>
        <label text="Still here" textAlignment="center" translatesAutoresizingMaskIntoConstraints="NO" id="l">
          <fontDescription key="fontDescription" type="system" weight="semibold" pointSize="13"/></label>
        <label text="Hidden" hidden="YES" id="h"><rect key="frame" x="0" y="0" width="50" height="20"/></label>
        <imageView image="gear" catalog="system" id="sf"><rect key="frame" x="0" y="0" width="20" height="20"/></imageView>
        </subviews>
        <constraints>
        <constraint firstItem="l" firstAttribute="centerX" secondItem="r" secondAttribute="centerX" id="c1"/>
        <constraint firstItem="l" firstAttribute="centerY" secondItem="r" secondAttribute="centerY" multiplier="two" id="bad"/>
        <constraint firstItem="l" firstAttribute="top" secondItem="r" secondAttribute="top" constant="100" id="c2"/>
        <constraint firstItem="l" firstAttribute="centerY" secondItem="nowhere" secondAttribute="centerY" id="dangling"/>
        </constraints>
        """) + "\n"
        let launch = try screen(xml.replacingOccurrences(of: "</document>", with: "<resources><image name=\"gear\" catalog=\"system\" width=\"128\" height=\"122\"/></resources></document>"), device: phone)
        guard case let .label(label)? = launch.elements.first(where: { if case .label = $0 { return true }; return false }) else {
            return XCTFail("the label is drawn: \(launch.elements)")
        }
        XCTAssertEqual(label.text, "Still here")
        XCTAssertEqual(label.weight, .semibold)
        XCTAssertTrue(label.bold, "semibold is drawn with the bold face")
        XCTAssertEqual(label.color.light, .black, "an unset textColor is the label colour")
        XCTAssertEqual(label.color.dark, .white)
        XCTAssertEqual(label.alignment, .center)
        XCTAssertEqual(label.frame.y, 100, accuracy: 1e-6)
        let why = launch.skipped.map { "\($0.origin.id ?? "") \($0.why)" }
        for expected in ["b a button is not drawn here", "bad multiplier", "dangling names item nowhere", "sf SF Symbol 'gear' cannot be drawn here"] {
            XCTAssertTrue(why.contains { $0.contains(expected) }, "\(expected) in \(why)")
        }
        XCTAssertTrue(launch.explained.contains { $0.origin.id == "h" && $0.drawn == "nothing" && $0.why == "hidden" })
    }

    func testNavigationAndTableSkeletonsAreDrawn() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" launchScreen="YES" initialViewController="split">
        <scenes>
        <scene sceneID="a"><objects><tableViewController id="table" sceneMemberID="viewController">
          <tableView key="view" style="insetGrouped" id="tv"><rect key="frame" x="0" y="0" width="414" height="896"/>
          <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/><sections/></tableView>
          <toolbarItems><barButtonItem title="Item" image="gear" catalog="system" id="gear"/>
          <barButtonItem style="plain" systemItem="flexibleSpace" id="flex"/><barButtonItem systemItem="add" id="add"/></toolbarItems>
          <navigationItem key="navigationItem" title="Feeds" largeTitleDisplayMode="always" id="item"/>
        </tableViewController></objects></scene>
        <scene sceneID="b"><objects><navigationController toolbarHidden="NO" id="nav" sceneMemberID="viewController">
          <navigationBar key="navigationBar" largeTitles="YES" id="bar"/>
          <connections><segue destination="table" kind="relationship" relationship="rootViewController" id="s1"/></connections>
        </navigationController></objects></scene>
        <scene sceneID="c"><objects><splitViewController id="split" sceneMemberID="viewController">
          <connections><segue destination="nav" kind="relationship" relationship="masterViewController" id="s2"/></connections>
        </splitViewController></objects></scene>
        </scenes></document>
        """
        let launch = try screen(xml, device: phone)
        XCTAssertEqual(launch.introBackground(.light), .gradient([GradientStop(location: 0, color: Color(242, 242, 247))]), "the inset-grouped table's background")
        XCTAssertEqual(launch.introBackground(.dark), .gradient([GradientStop(location: 0, color: .black)]))
        let labels = launch.elements.compactMap { element -> LaunchLabelElement? in if case let .label(l) = element { return l }; return nil }
        let title = labels.first { $0.text == "Feeds" }
        XCTAssertEqual(title?.fontSize, 34, "a large title")
        XCTAssertEqual(title?.frame.y ?? 0, 54 + 44, accuracy: 1e-6, "under the 44 pt bar, which starts under the status bar")
        XCTAssertNotNil(labels.first { $0.text == "+" && $0.frame.maxX > 393 - 16 - 1 }, "the add item at the toolbar's trailing margin")
        XCTAssertTrue(launch.skipped.contains { $0.why == "SF Symbol 'gear' cannot be drawn here" })
        XCTAssertTrue(launch.explained.contains { $0.origin.element == "navigationBar" && $0.drawn == "bar" })
    }

    func testATabBarControllerShowsItsFirstTabAndItsBar() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" launchScreen="YES" initialViewController="tabs">
        <scenes>
        <scene sceneID="a"><objects><viewController id="home" sceneMemberID="viewController">
          <view key="view" id="v"><rect key="frame" x="0" y="0" width="414" height="896"/>
          <color key="backgroundColor" systemColor="secondarySystemBackgroundColor"/></view>
          <tabBarItem key="tabBarItem" title="Home" image="house" catalog="system" id="t1"/>
        </viewController></objects></scene>
        <scene sceneID="b"><objects><viewController id="more" sceneMemberID="viewController">
          <view key="view" id="w"><rect key="frame" x="0" y="0" width="414" height="896"/></view>
          <tabBarItem key="tabBarItem" title="Settings" id="t2"/>
        </viewController></objects></scene>
        <scene sceneID="c"><objects><tabBarController id="tabs" sceneMemberID="viewController">
          <connections>
            <segue destination="home" kind="relationship" relationship="viewControllers" id="s1"/>
            <segue destination="more" kind="relationship" relationship="viewControllers" id="s2"/>
          </connections>
        </tabBarController></objects></scene>
        </scenes></document>
        """
        let launch = try screen(xml, device: phone)
        XCTAssertEqual(launch.introBackground(.light), .gradient([GradientStop(location: 0, color: Color(242, 242, 247))]), "the first tab's view")
        XCTAssertTrue(launch.explained.contains { $0.origin.element == "tabBar" && $0.frame == Rect(x: 0, y: 852 - 34 - 49, width: 393, height: 49) })
        let titles = launch.elements.compactMap { element -> LaunchLabelElement? in if case let .label(l) = element { return l }; return nil }
        XCTAssertEqual(titles.map(\.text), ["Home", "Settings"])
        XCTAssertEqual(titles[0].color.light, Color(0, 122, 255), "the selected tab in the tint colour")
        XCTAssertLessThan(titles[0].frame.midX, titles[1].frame.midX)
        XCTAssertTrue(launch.skipped.contains { $0.why == "SF Symbol 'house' cannot be drawn here" })
    }

    func testImageViewsAlphaHiddenAndClipping() throws {
        let xml = storyboard("""
        <subviews><view clipsSubviews="YES" alpha="0.5" translatesAutoresizingMaskIntoConstraints="NO" id="box">
          <rect key="frame" x="0" y="0" width="100" height="100"/>
          <subviews><view alpha="0.2" id="inner"><rect key="frame" x="0" y="0" width="200" height="200"/>
          <color key="backgroundColor" red="1" green="0" blue="0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/></view></subviews>
        </view></subviews>
        <constraints>
        <constraint firstItem="box" firstAttribute="leading" secondItem="r" secondAttribute="leading" constant="10" id="c1"/>
        <constraint firstItem="box" firstAttribute="top" secondItem="r" secondAttribute="top" constant="20" id="c2"/>
        <constraint firstItem="box" firstAttribute="width" constant="100" id="c3"/>
        <constraint firstItem="box" firstAttribute="height" constant="100" id="c4"/>
        </constraints>
        """)
        let launch = try screen(xml, device: phone)
        guard case let .fill(fill)? = launch.elements.first else { return XCTFail("\(launch.elements)") }
        XCTAssertEqual(fill.opacity, 0.1, accuracy: 1e-9, "alpha multiplies down the tree")
        XCTAssertEqual(fill.clip, Rect(x: 10, y: 20, width: 100, height: 100), "clipped to the clipping ancestor")
        let resolved = launch.resolved(device: phone, appearance: .light)
        guard case let .fill(_, color, _)? = resolved.elements.first else { return XCTFail() }
        XCTAssertEqual(color, Color(255, 0, 0, 26))
    }

    func testAMaskBesideConstraintsKeepsTheSavedSizeOfALooseImage() throws {
        // A xib's image view with no translatesAutoresizingMaskIntoConstraints attribute, a saved
        // autoresizing mask (flexible margins) and centre constraints: UIKit translates the mask,
        // so the view keeps its saved 200×100 and the constraints centre it; the loose PNG's own
        // size (800×800 at scale 1) does not size it.
        let xml = storyboard("""
        <subviews>
        <imageView contentMode="scaleAspectFill" image="splash.png" id="img">
        <rect key="frame" x="107" y="398" width="200" height="100"/>
        <autoresizingMask key="autoresizingMask" flexibleMinX="YES" flexibleMaxX="YES" flexibleMinY="YES" flexibleMaxY="YES"/>
        </imageView>
        </subviews>
        <constraints>
        <constraint firstItem="img" firstAttribute="centerX" secondItem="r" secondAttribute="centerX" id="cx"/>
        <constraint firstItem="img" firstAttribute="centerY" secondItem="r" secondAttribute="centerY" id="cy"/>
        </constraints>
        """)
        let solved = try layout(xml, device: phone, intrinsic: ["img": (800, 800)])
        assertRect(solved.frames["img"], (393 - 200) / 2, (852 - 100) / 2, 200, 100)
        XCTAssertEqual(solved.warnings.map(\.why), [], "the mask's and the constraints' centres agree")
    }


    func testTwoViewsWithOneIdAreRefusedNamingBothLines() throws {
        // A view nested in a namesake made it its own ancestor: a scroll view's content lookup then
        // walked that loop for ever. Refused as a corrupt file, quickly, with both lines.
        let xml = storyboard("""
        <subviews>
        <scrollView contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="sc"><subviews>
        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="v"><subviews>
        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="v"/>
        </subviews></view></subviews>
        <constraints><constraint firstItem="v" firstAttribute="top" secondItem="sc" secondAttribute="top" id="c1"/></constraints>
        </scrollView>
        </subviews>
        """)
        XCTAssertThrowsError(try screen(xml, device: phone)) {
            XCTAssertEqual("\($0)", "t.storyboard:8: id 'v' is also the id of the view on line 7: every view needs its own")
        }
        XCTAssertThrowsError(try DocumentLayout(document: try parse(xml), device: phone, measure: LaunchImportOptions.estimatedMeasure)) {
            XCTAssertTrue("\($0)".contains("t.storyboard:8: id 'v' is also the id of the view on line 7"), "\($0)")
        }
    }


    func testAVisualEffectViewsSubviewsLiveInItsContentView() throws {
        // UIVisualEffectView keeps its subviews in `contentView`, which fills it: a red square
        // pinned in its content view is drawn, 20 pt in from the effect view's corner.
        let xml = storyboard("""
        <subviews>
        <visualEffectView opaque="NO" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="fx">
        <rect key="frame" x="0" y="0" width="414" height="896"/>
        <view key="contentView" opaque="NO" contentMode="center" id="fxc">
        <rect key="frame" x="0" y="0" width="414" height="896"/>
        <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
        <subviews>
        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="sq">
        <rect key="frame" x="20" y="20" width="50" height="50"/>
        <color key="backgroundColor" red="1" green="0" blue="0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
        <constraints><constraint firstAttribute="width" constant="50" id="w"/><constraint firstAttribute="height" constant="50" id="h"/></constraints>
        </view>
        </subviews>
        <constraints>
        <constraint firstItem="sq" firstAttribute="leading" secondItem="fxc" secondAttribute="leading" constant="20" id="l"/>
        <constraint firstItem="sq" firstAttribute="top" secondItem="fxc" secondAttribute="top" constant="20" id="t"/>
        </constraints>
        </view>
        <blurEffect style="regular"/>
        </visualEffectView>
        </subviews>
        <constraints>
        <constraint firstItem="fx" firstAttribute="leading" secondItem="r" secondAttribute="leading" id="a"/>
        <constraint firstItem="fx" firstAttribute="trailing" secondItem="r" secondAttribute="trailing" id="b"/>
        <constraint firstItem="fx" firstAttribute="top" secondItem="r" secondAttribute="top" id="c"/>
        <constraint firstItem="fx" firstAttribute="bottom" secondItem="r" secondAttribute="bottom" id="d"/>
        </constraints>
        """)
        let drawn = try screen(xml, device: phone)
        let fills = drawn.elements.compactMap { element -> Rect? in if case let .fill(f) = element, f.color.light == Color(255, 0, 0) { return f.frame } else { return nil } }
        XCTAssertEqual(fills.count, 1, "\(drawn.elements)")
        assertRect(fills.first, 20, 20, 50, 50)
    }


    func testAWrappingLabelTakesTheHeightOfItsLinesAtItsWidth() throws {
        // numberOfLines 0, pinned 20 pt from both sides: 353 pt on an iPhone 15. With the estimate's
        // 0.55 em a character at 17 pt, three 9-letter words fit a line (29 characters, 271 pt; a
        // fourth makes 364), so ten words are four lines of 17 × 1.193 pt: 81.124, to the pixel 81.333.
        let words = Array(repeating: "abcdefghi", count: 10).joined(separator: " ")
        let xml = storyboard("""
        <subviews>
        <label opaque="NO" text="\(words)" numberOfLines="0" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="txt">
        <fontDescription key="fontDescription" type="system" pointSize="17"/>
        </label>
        </subviews>
        <constraints>
        <constraint firstItem="txt" firstAttribute="leading" secondItem="r" secondAttribute="leading" constant="20" id="l"/>
        <constraint firstItem="r" firstAttribute="trailing" secondItem="txt" secondAttribute="trailing" constant="20" id="t"/>
        <constraint firstItem="txt" firstAttribute="top" secondItem="r" secondAttribute="top" constant="100" id="y"/>
        </constraints>
        """)
        let drawn = try screen(xml, device: phone)
        guard case let .label(label)? = drawn.elements.first else { return XCTFail("\(drawn.elements)") }
        XCTAssertEqual(label.lines, 0)
        assertRect(label.frame, 20, 100, 353, (81.124 * 3).rounded(.up) / 3)
    }

}
