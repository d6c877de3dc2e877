import XCTest
@testable import Scenes
@testable import LaunchImport

/// Never silently wrong: a launch screen is also laid out on its file's design device and compared
/// with the frames Interface Builder saved there; a view more than 2 pt off is named with both.
final class SavedFrameCheckTests: XCTestCase {
    /// A 100 pt square pinned 40 pt above the safe area's bottom on an iPhone 8 (retina4_7:
    /// 375×667, no bottom inset), whose saved frame is `saved`, and a centred square saved right.
    func document(saved: String, misplaced: Bool = false) throws -> InterfaceBuilderDocument {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" launchScreen="YES" initialViewController="vc">
        <device id="retina4_7" orientation="portrait" appearance="light"/>
        <scenes><scene sceneID="s"><objects><viewController id="vc" sceneMemberID="viewController">
        <view key="view" contentMode="scaleToFill" id="root"><rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
        <subviews>
        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="low"\(misplaced ? " misplaced=\"YES\"" : "")>
        <rect key="frame" \(saved)/>
        <constraints>
        <constraint firstAttribute="width" constant="100" id="lw"/>
        <constraint firstAttribute="height" constant="100" id="lh"/>
        </constraints>
        <color key="backgroundColor" red="1" green="0" blue="0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
        </view>
        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="mid">
        <rect key="frame" x="137.5" y="283.5" width="100" height="100"/>
        <constraints>
        <constraint firstAttribute="width" constant="100" id="mw"/>
        <constraint firstAttribute="height" constant="100" id="mh"/>
        </constraints>
        </view>
        </subviews>
        <constraints>
        <constraint firstItem="low" firstAttribute="centerX" secondItem="root" secondAttribute="centerX" id="c1"/>
        <constraint firstItem="safe" firstAttribute="bottom" secondItem="low" secondAttribute="bottom" constant="40" id="c2"/>
        <constraint firstItem="mid" firstAttribute="centerX" secondItem="root" secondAttribute="centerX" id="c3"/>
        <constraint firstItem="mid" firstAttribute="centerY" secondItem="root" secondAttribute="centerY" id="c4"/>
        </constraints>
        <viewLayoutGuide key="safeArea" id="safe"/>
        </view></viewController></objects></scene></scenes></document>
        """
        return try InterfaceBuilderDocument.parse(bytes: Array(xml.utf8), path: "t.storyboard")
    }

    func build(_ document: InterfaceBuilderDocument) throws -> LaunchScreen {
        var builder = StoryboardLaunchScreen(document: document, device: Device.named("iphone-15")!, catalog: AssetCatalogIndex(folder: nil, catalogs: []),
                                             measure: LaunchImportOptions.estimatedMeasure, looseImage: { _ in nil })
        return try builder.build()
    }

    func testAViewOffItsSavedFrameOnTheDesignDeviceIsNamedWithBothFrames() throws {
        // On retina4_7 the square's bottom is 667 − 40 = 627: its frame is 137.5 527 100 100.
        let stale = try build(try document(saved: #"x="137.5" y="480" width="100" height="100""#))
        XCTAssertEqual(stale.designDevice, "retina4_7")
        XCTAssertEqual(stale.designDisagreements.count, 1, "\(stale.designDisagreements)")
        let report = try XCTUnwrap(stale.designDisagreements.first)
        XCTAssertEqual(report.origin.id, "low")
        XCTAssertEqual(report.origin.line, 7)
        XCTAssertEqual(report.why, "on retina4_7, laid out at 137.5 527 100 100; Interface Builder saved 137.5 480 100 100")
        // Saved where Auto Layout puts it: nothing to say; within 2 pt: nothing either.
        XCTAssertEqual(try build(try document(saved: #"x="137.5" y="527" width="100" height="100""#)).designDisagreements, [])
        XCTAssertEqual(try build(try document(saved: #"x="138.5" y="528.5" width="100" height="100""#)).designDisagreements, [])
        // A view the file marks misplaced knows its saved frame is stale.
        XCTAssertEqual(try build(try document(saved: #"x="137.5" y="480" width="100" height="100""#, misplaced: true)).designDisagreements, [])
    }
}
