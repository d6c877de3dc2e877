import XCTest
@testable import Scenes

/// The face standing in for SF Pro, and SF Pro's tracking by size (Apple HIG, Typography,
/// "Tracking values", SF Pro).
final class SystemFontFaceTests: XCTestCase {
    func testTrackingIsApplesTableAtItsRows() {
        for (size, points, line) in [(6.0, 0.24, #line), (12, 0, #line), (13, -0.08, #line), (17, -0.43, #line), (20, -0.45, #line),
                                     (24, 0.07, #line), (28, 0.38, #line), (36, 0.37, #line), (76, 0.07, #line), (96, 0, #line)] {
            XCTAssertEqual(SystemFontFace.tracking(pointSize: size), points, accuracy: 1e-12, "\(size) pt", line: UInt(line))
        }
    }

    func testTrackingBetweenRowsIsInterpolatedAndBeyondThemFollowsTheEnds() {
        XCTAssertEqual(SystemFontFace.tracking(pointSize: 55), 0.31, accuracy: 1e-12, "between 54 (+0.32) and 56 (+0.30)")
        XCTAssertEqual(SystemFontFace.tracking(pointSize: 12.5), -0.04, accuracy: 1e-12)
        XCTAssertEqual(SystemFontFace.tracking(pointSize: 3), 0.12, accuracy: 1e-12, "6 pt's share of the em, +0.04 em")
        XCTAssertEqual(SystemFontFace.tracking(pointSize: 200), 0)
        XCTAssertEqual(SystemFontFace.tracking(pointSize: 0), 0)
        XCTAssertEqual(SystemFontFace.tracking(pointSize: -4), 0, "no size, no tracking")
        XCTAssertEqual(SystemFontFace.tracking(pointSize: .nan), 0)
    }

    /// iOS draws SF Pro Text below 20 pt and SF Pro Display from 20 pt.
    func testTheDisplayFaceStartsAtTwentyPoints() {
        XCTAssertEqual(SystemFontFace(pointSize: 19.99, weight: .regular).fileName, "Inter-Regular.otf")
        XCTAssertEqual(SystemFontFace(pointSize: 20, weight: .regular).fileName, "InterDisplay-Regular.otf")
        XCTAssertEqual(SystemFontFace(pointSize: 36, weight: .bold).name, "Inter Display Bold")
        XCTAssertEqual(SystemFontFace(pointSize: 13, weight: .semibold).name, "Inter SemiBold")
    }

    /// UIKit's nine weights map to Inter's nine by weight class, each to its own file.
    func testEveryWeightHasItsOwnFace() {
        let files = LaunchFontWeight.allCases.map { SystemFontFace(pointSize: 13, weight: $0).fileName }
        XCTAssertEqual(Set(files).count, LaunchFontWeight.allCases.count)
        XCTAssertEqual(SystemFontFace(pointSize: 13, weight: .ultraLight).fileName, "Inter-Thin.otf", "SF's Ultralight is weight 100")
        XCTAssertEqual(SystemFontFace(pointSize: 13, weight: .thin).fileName, "Inter-ExtraLight.otf", "SF's Thin is weight 200")
        XCTAssertEqual(SystemFontFace(pointSize: 13, weight: .heavy).fileName, "Inter-ExtraBold.otf", "SF's Heavy is weight 800")
    }

    func testExplainNamesTheFaceAndTheTracking() {
        XCTAssertEqual(SystemFontFace.describe(pointSize: 36, weight: .bold), "Inter Display Bold, SF tracking +0.37 pt")
        XCTAssertEqual(SystemFontFace.describe(pointSize: 17, weight: .regular), "Inter Regular, SF tracking \u{2212}0.43 pt")
        XCTAssertEqual(SystemFontFace.describe(pointSize: 12, weight: .medium), "Inter Medium, SF tracking 0.00 pt")
    }
}
