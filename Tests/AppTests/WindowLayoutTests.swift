import XCTest
@testable import App
@testable import Scenes

/// Where the window's parts go, from the window's size alone.
final class WindowLayoutTests: XCTestCase {
    let device = Device.named("iphone-se")!  // 375 × 667 points

    /// Each device screen's scale and offset.
    func mappings(_ layout: WindowLayout) -> [[Double]] { layout.deviceMappings.map { [$0.scale, $0.offsetX, $0.offsetY] } }

    /// A window sized by `--window-scale 1`: the device at one pixel a point beside the tools.
    func windowAtScaleOne(output: Int = 1) -> WindowLayout {
        let size = WorkbenchLayout.windowSize(deviceWidth: 375, deviceHeight: 667, scale: 1, toolsShown: true, splitters: WorkbenchSplitters())
        return WindowLayout(windowWidth: Int(size.width), windowHeight: Int(size.height), outputWidth: Int(size.width) * output,
                            outputHeight: Int(size.height) * output, device: device, toolsShown: true)
    }

    func testAtWindowScaleOneTheDeviceIsOnePixelAPointAtTheTopLeft() {
        let layout = windowAtScaleOne()
        XCTAssertEqual(layout.density, 1)
        XCTAssertEqual(layout.deviceMappings.count, 1)
        XCTAssertEqual(layout.deviceMappings[0].scale, 1, accuracy: 0.002)
        let v = layout.viewport
        XCTAssertEqual(v.height, 667, accuracy: 1)
        let p = layout.devicePoint(windowX: v.x + 100, windowY: v.y + 200)
        XCTAssertEqual(p.0, 100, accuracy: 0.5)
        XCTAssertEqual(p.1, 200, accuracy: 0.5)
        XCTAssertTrue(layout.isOnDevice(windowX: v.x + 10, windowY: v.y + 10))
        let properties = layout.workbench.properties!
        XCTAssertFalse(layout.isOnDevice(windowX: properties.x + 1, windowY: 10))
        XCTAssertFalse(layout.isOnDevice(windowX: 10, windowY: layout.workbench.timeline!.y + 1))
    }

    func testAHiDPIWindowDoublesPixelsButNotWindowUnits() {
        let one = windowAtScaleOne(), two = windowAtScaleOne(output: 2)
        XCTAssertEqual(two.density, 2)
        XCTAssertEqual(two.deviceMappings[0].scale, one.deviceMappings[0].scale * 2, accuracy: 0.005)
        let v1 = one.viewport, v2 = two.viewport
        XCTAssertEqual(v2.x, v1.x, accuracy: 0.5)
        XCTAssertEqual(v2.height, v1.height, accuracy: 0.5)
        let p = two.devicePoint(windowX: v2.x + 100, windowY: v2.y + 200)
        XCTAssertEqual(p.0, 100, accuracy: 0.5)
        XCTAssertEqual(p.1, 200, accuracy: 0.5)
    }

    func testWithoutToolsTheDeviceIsCentredInTheWholeWindow() {
        let layout = WindowLayout(windowWidth: 1000, windowHeight: 667, outputWidth: 1000, outputHeight: 667, device: device, toolsShown: false)
        XCTAssertFalse(layout.inspectorVisible)
        XCTAssertEqual(mappings(layout), [[1, 313, 0]])  // (1000 - 375) / 2, rounded
        XCTAssertTrue(layout.isOnDevice(windowX: 999, windowY: 10))
    }

    func testTheSplitMapsEachScreenToItsOwnPointsAndTheGutterToTheNearerOne() {
        let layout = WindowLayout(windowWidth: 1400, windowHeight: 1000, outputWidth: 1400, outputHeight: 1000, device: device, toolsShown: true,
                                  compareMode: .split, differenceLines: 1)
        let m = layout.deviceMappings
        XCTAssertEqual(m.count, 2)
        XCTAssertEqual(m[0].scale, m[1].scale)
        let aRight = m[0].offsetX + 375 * m[0].scale
        XCTAssertEqual(m[1].offsetX - aRight, CanvasLayout.gutter, accuracy: 1)
        let onA = layout.devicePoint(windowX: m[0].offsetX + 10 * m[0].scale, windowY: m[0].offsetY + 20 * m[0].scale)
        let onB = layout.devicePoint(windowX: m[1].offsetX + 25 * m[1].scale, windowY: m[1].offsetY + 20 * m[1].scale)
        XCTAssertEqual(onA.0, 10, accuracy: 0.01); XCTAssertEqual(onA.1, 20, accuracy: 0.01)
        XCTAssertEqual(onB.0, 25, accuracy: 0.01); XCTAssertEqual(onB.1, 20, accuracy: 0.01)
        // Just right of A, in the gutter: A's right edge; just left of B: B's left edge.
        XCTAssertGreaterThan(layout.devicePoint(windowX: aRight + 2, windowY: 300).0, 374)
        XCTAssertLessThan(layout.devicePoint(windowX: m[1].offsetX - 2, windowY: 300).0, 1)
    }

    func testTheWipeHasOneScreenAndADividerAcrossIt() {
        let layout = WindowLayout(windowWidth: 1400, windowHeight: 1000, outputWidth: 1400, outputHeight: 1000, device: device, toolsShown: true,
                                  compareMode: .wipe)
        XCTAssertEqual(layout.deviceMappings.count, 1)
        let screen = layout.canvas.screens[0]
        XCTAssertEqual(layout.wipeDividerX(position: 0.25)!, screen.x + screen.width / 4, accuracy: 1e-9)
        XCTAssertNil(WindowLayout(windowWidth: 1400, windowHeight: 1000, outputWidth: 1400, outputHeight: 1000, device: device, toolsShown: true,
                                  compareMode: .overlay).wipeDividerX(position: 0.5))
    }
}
