import XCTest
@testable import App
@testable import Scenes

/// Where the window's parts go, from the window's size alone.
final class WindowLayoutTests: XCTestCase {
    let device = Device.named("iphone-se")!  // 375 × 667 points
    let column = WindowLayout.Column(preferredWidth: 400, minimumWidth: 360)

    /// Each device screen's scale and offset.
    func mappings(_ layout: WindowLayout) -> [[Double]] { layout.deviceMappings.map { [$0.scale, $0.offsetX, $0.offsetY] } }

    func testTheDeviceFillsWhatTheColumnLeavesAtOnePixelAPoint() {
        let layout = WindowLayout(windowWidth: 775, outputWidth: 775, outputHeight: 667, device: device, column: column, sideBySide: false)
        XCTAssertEqual(layout.density, 1)
        XCTAssertEqual(layout.columnPixels, 400)
        XCTAssertEqual(layout.columnX, 375)
        XCTAssertEqual(mappings(layout), [[1, 0, 0]])
        let v = layout.viewport
        XCTAssertEqual([v.x, v.y, v.width, v.height], [0, 0, 375, 667])
        let p = layout.devicePoint(windowX: 100, windowY: 200)
        XCTAssertEqual([p.0, p.1], [100, 200])
        XCTAssertTrue(layout.isOnDevice(windowX: 374))
        XCTAssertFalse(layout.isOnDevice(windowX: 375))
        let frame = layout.columnFrame
        XCTAssertEqual([frame.x, frame.width, frame.height], [375, 400, 667])
    }

    func testAHiDPIWindowDoublesPixelsButNotWindowUnits() {
        let layout = WindowLayout(windowWidth: 775, outputWidth: 1550, outputHeight: 1334, device: device, column: column, sideBySide: false)
        XCTAssertEqual(layout.density, 2)
        XCTAssertEqual(layout.columnPixels, 800)
        XCTAssertEqual(layout.deviceMappings[0].scale, 2)
        let p = layout.devicePoint(windowX: 100, windowY: 200)
        XCTAssertEqual([p.0, p.1], [100, 200])
        let v = layout.viewport
        XCTAssertEqual([v.x, v.y, v.width, v.height], [0, 0, 375, 667])
        XCTAssertEqual(layout.columnFrame.x, 375)
    }

    func testANarrowWindowShrinksTheColumnToKeepSomeDeviceButNotBelowItsMinimum() {
        let narrow = WindowLayout(windowWidth: 500, outputWidth: 500, outputHeight: 667, device: device, column: column, sideBySide: false)
        XCTAssertEqual(narrow.columnPixels, 380)  // 120 left for the device
        let narrower = WindowLayout(windowWidth: 400, outputWidth: 400, outputHeight: 667, device: device, column: column, sideBySide: false)
        XCTAssertEqual(narrower.columnPixels, 360)
    }

    func testWithoutTheColumnTheDeviceIsLetterboxedInTheWholeWindow() {
        let layout = WindowLayout(windowWidth: 1000, outputWidth: 1000, outputHeight: 667, device: device, column: nil, sideBySide: false)
        XCTAssertFalse(layout.inspectorVisible)
        XCTAssertEqual(layout.columnPixels, 0)
        XCTAssertEqual(layout.columnX, 1000)
        XCTAssertEqual(mappings(layout), [[1, 313, 0]])  // (1000 - 375) / 2, rounded
        XCTAssertTrue(layout.isOnDevice(windowX: 999))
    }

    func testSideBySideSplitsTheDeviceAreaAndMapsEachHalfToItsOwnScreen() {
        let layout = WindowLayout(windowWidth: 1150, outputWidth: 1150, outputHeight: 667, device: device, column: column, sideBySide: true)
        XCTAssertEqual(mappings(layout), [[1, 0, 0], [1, 375, 0]])
        let onA = layout.devicePoint(windowX: 10, windowY: 20), onB = layout.devicePoint(windowX: 400, windowY: 20)
        XCTAssertEqual([onA.0, onA.1], [10, 20])
        XCTAssertEqual([onB.0, onB.1], [25, 20])
    }
}
