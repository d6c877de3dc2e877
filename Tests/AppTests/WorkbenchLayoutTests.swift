import Foundation
import XCTest
@testable import App

/// The workbench's rectangles as a pure function of the window size, the splitters and what shows.
final class WorkbenchLayoutTests: XCTestCase {
    let sizes: [(Double, Double)] = [(1728, 972), (1152, 720), (800, 600), (400, 300), (2560, 1440), (200, 150)]

    func testAt1920By1080TheDefaultWindowGivesABigDeviceAndAFullWidthTimeline() {
        let window = WorkbenchLayout.defaultWindowSize(usableWidth: 1920, usableHeight: 1080)
        XCTAssertEqual(window.width, 1728)
        XCTAssertEqual(window.height, 972)
        let layout = WorkbenchLayout.make(width: window.width, height: window.height, splitters: WorkbenchSplitters(), toolsShown: true)
        let device = CanvasLayout.fit(deviceWidth: 375, deviceHeight: 667, in: layout.canvas)
        XCTAssertGreaterThan(device.height, 667, "the device is drawn above 1x when it fits")
        XCTAssertEqual(layout.timeline?.width, 1728, "the dock spans the whole window")
        XCTAssertEqual(layout.timeline?.x, 0)
        XCTAssertEqual(layout.timeline?.maxY, 972)
        XCTAssertEqual(layout.properties?.maxX, 1728)
        XCTAssertEqual(layout.properties?.width, WorkbenchLayout.defaultPropertiesWidth)
    }

    func testNoRectangleOverlapsAnotherAndTogetherTheyTileTheWindow() {
        for (w, h) in sizes {
            for splitters in [WorkbenchSplitters(), WorkbenchSplitters(propertiesWidth: 10, timelineHeight: 5000),
                              WorkbenchSplitters(propertiesWidth: 5000, timelineHeight: 10)] {
                let l = WorkbenchLayout.make(width: w, height: h, splitters: splitters, toolsShown: true)
                let rects = [l.canvas, l.properties!, l.timeline!, l.propertiesSplitter!, l.timelineSplitter!]
                for (i, a) in rects.enumerated() {
                    XCTAssertGreaterThanOrEqual(a.x, 0); XCTAssertGreaterThanOrEqual(a.y, 0)
                    XCTAssertLessThanOrEqual(a.maxX, w + 1e-9); XCTAssertLessThanOrEqual(a.maxY, h + 1e-9)
                    for b in rects[(i + 1)...] { XCTAssertFalse(a.intersects(b), "\(w)x\(h) \(splitters): \(a) overlaps \(b)") }
                }
                let area = rects.map { $0.width * $0.height }.reduce(0, +)
                XCTAssertEqual(area, w * h, accuracy: 1e-6, "\(w)x\(h): the rectangles cover the window")
            }
        }
    }

    func testTheDeviceNeverLeavesTheCanvas() {
        for (w, h) in sizes {
            let l = WorkbenchLayout.make(width: w, height: h, splitters: WorkbenchSplitters(), toolsShown: true)
            for comparing in [false, true] {
                for mode in CompareMode.allCases {
                    let c = CanvasLayout.make(canvas: l.canvas, deviceWidth: 375, deviceHeight: 667, comparing: comparing, mode: mode,
                                              annotated: true, differenceLines: 3)
                    for s in c.screens + c.labels + [c.differences].compactMap({ $0 }) {
                        XCTAssertGreaterThanOrEqual(s.x, l.canvas.x - 1e-9)
                        XCTAssertLessThanOrEqual(s.maxX, l.canvas.maxX + 1e-9, "\(w)x\(h) \(mode)")
                        XCTAssertLessThanOrEqual(s.maxY, l.canvas.maxY + 1e-9, "\(w)x\(h) \(mode)")
                    }
                    for s in c.screens { for other in c.labels + [c.differences].compactMap({ $0 }) { XCTAssertFalse(s.intersects(other), "\(w)x\(h) \(mode): \(s) \(other)") } }
                }
            }
        }
    }

    func testSplitterDragsAreKeptWithinTheirBoundsAndTheCanvasKeepsItsMinimum() {
        let size = (width: 1200.0, height: 800.0)
        var s = WorkbenchLayout.dragging(.properties, to: 700, 0, in: size, from: WorkbenchSplitters())
        XCTAssertEqual(s.propertiesWidth, 1200 - 700 - 3)
        s = WorkbenchLayout.dragging(.properties, to: 0, 0, in: size, from: s)
        XCTAssertEqual(s.propertiesWidth, 1200 - WorkbenchLayout.minimumCanvasWidth - WorkbenchLayout.splitterThickness)
        s = WorkbenchLayout.dragging(.properties, to: 1199, 0, in: size, from: s)
        XCTAssertEqual(s.propertiesWidth, WorkbenchLayout.minimumPropertiesWidth)
        s = WorkbenchLayout.dragging(.timeline, to: 0, 500, in: size, from: s)
        XCTAssertEqual(s.timelineHeight, 800 - 500 - 3)
        let l = WorkbenchLayout.make(width: size.width, height: size.height, splitters: s, toolsShown: true)
        XCTAssertEqual(l.timelineSplitter.map { $0.y + $0.height / 2 }, 500)
        XCTAssertEqual(l.splitter(at: 10, 500), .timeline)
        XCTAssertEqual(l.splitter(at: l.canvas.maxX + 1, 100), .properties)
        XCTAssertNil(l.splitter(at: 10, 10))
    }

    func testWithToolsHiddenTheCanvasIsTheWholeWindow() {
        let l = WorkbenchLayout.make(width: 900, height: 700, splitters: WorkbenchSplitters(propertiesWidth: 500), toolsShown: false)
        XCTAssertEqual(l, WorkbenchLayout(canvas: LayoutRect(x: 0, y: 0, width: 900, height: 700)))
    }

    func testWindowScaleSizesTheWindowSoTheDeviceIsExactlyThatScale() {
        for scale in [0.5, 1, 2] {
            let size = WorkbenchLayout.windowSize(deviceWidth: 375, deviceHeight: 667, scale: scale, toolsShown: true, splitters: WorkbenchSplitters())
            let l = WorkbenchLayout.make(width: size.width, height: size.height, splitters: WorkbenchSplitters(), toolsShown: true)
            let device = CanvasLayout.fit(deviceWidth: 375, deviceHeight: 667, in: l.canvas)
            XCTAssertEqual(device.height, (667 * scale).rounded(), accuracy: 0.5, "scale \(scale)")
        }
        let bare = WorkbenchLayout.windowSize(deviceWidth: 375, deviceHeight: 667, scale: 1, toolsShown: false, splitters: WorkbenchSplitters())
        XCTAssertEqual(bare.width, 375); XCTAssertEqual(bare.height, 667)
    }

    func testTheSplitHasAGutterLabelsAndADifferencesBand() {
        let canvas = LayoutRect(x: 0, y: 0, width: 1200, height: 800)
        let c = CanvasLayout.make(canvas: canvas, deviceWidth: 375, deviceHeight: 667, comparing: true, mode: .split, annotated: true, differenceLines: 2)
        XCTAssertEqual(c.screens.count, 2)
        XCTAssertEqual(c.screens[1].x - c.screens[0].maxX, CanvasLayout.gutter, accuracy: 1e-9)
        XCTAssertEqual(c.screens[0].width, c.screens[1].width)
        XCTAssertEqual(c.labels.count, 2)
        XCTAssertEqual(c.labels[0].maxY, c.screens[0].y, accuracy: 1)
        XCTAssertNotNil(c.differences)
        XCTAssertLessThanOrEqual(c.screens[0].maxY, c.differences!.y)
        for mode in [CompareMode.wipe, .overlay, .difference] {
            let one = CanvasLayout.make(canvas: canvas, deviceWidth: 375, deviceHeight: 667, comparing: true, mode: mode, annotated: true, differenceLines: 2)
            XCTAssertEqual(one.screens.count, 1, "\(mode) shows A and B on one screen")
            XCTAssertEqual(one.labels.count, 1)
            XCTAssertEqual(one.screens[0].maxY, one.differences!.y, accuracy: 1)
        }
    }

    func testPixelsRoundEdgesSoNeighboursShareThem() {
        let a = LayoutRect(x: 0, y: 0, width: 100.4, height: 10), b = LayoutRect(x: 100.4, y: 0, width: 50, height: 10)
        XCTAssertEqual(a.pixels(density: 2).x + a.pixels(density: 2).width, b.pixels(density: 2).x)
    }
}

/// The remembered layout file: written and read back, and refused with a clear warning, never a failure.
final class RememberedLayoutTests: XCTestCase {
    func testPathFollowsXDGConfigHomeThenHome() {
        XCTAssertEqual(RememberedLayout.path(environment: ["XDG_CONFIG_HOME": "/c", "HOME": "/h"]), "/c/splashlab/layout.json")
        XCTAssertEqual(RememberedLayout.path(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"]), "/h/.config/splashlab/layout.json")
        XCTAssertEqual(RememberedLayout.path(environment: ["HOME": "/h"]), "/h/.config/splashlab/layout.json")
        XCTAssertNil(RememberedLayout.path(environment: [:]))
    }

    func testSavedLayoutReadsBackTheSameAndItsFolderIsMade() throws {
        let folder = NSTemporaryDirectory() + "layout-\(getpid())-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/splashlab/layout.json"
        let layout = RememberedLayout(windowWidth: 1500, windowHeight: 900, splitters: WorkbenchSplitters(propertiesWidth: 512.5, timelineHeight: 240))
        try layout.save(path: path)
        let (read, warning) = RememberedLayout.load(path: path)
        XCTAssertNil(warning)
        XCTAssertEqual(read, layout)
        XCTAssertEqual(RememberedLayout.load(path: folder + "/none.json").layout, RememberedLayout())
        XCTAssertNil(RememberedLayout.load(path: folder + "/none.json").warning)
    }

    func testABrokenLayoutFileGivesOneLineNamingItAndTheDefaults() throws {
        let folder = NSTemporaryDirectory() + "layout-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cases: [(String, String)] = [
            ("{\"windowWidth\": 1500,\n \"timelineHeight\": \"tall\"}", "layout.json:2:20: timelineHeight must be a number"),
            ("{\"windowWidth\": -4}", "windowWidth must lie in"),
            ("{\"zoom\": 2}", "unknown field 'zoom'"),
            ("{\"windowWidth\": 15", "layout.json:1:"),
            ("[]", "must be an object"),
        ]
        for (text, expected) in cases {
            let path = folder + "/layout.json"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let (layout, warning) = RememberedLayout.load(path: path)
            XCTAssertEqual(layout, RememberedLayout(), text)
            XCTAssertTrue(warning?.contains(expected) == true, "\(text): \(warning ?? "no warning")")
            XCTAssertFalse(warning?.contains("\n") ?? true)
        }
        // A folder where the file should be cannot be read: a warning too.
        let dir = folder + "/dir.json"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        XCTAssertNotNil(RememberedLayout.load(path: dir).warning)
    }

    func testTheReducerRemembersOnlyAFinishedSplitterDrag() {
        var view = WorkbenchView()
        XCTAssertFalse(view.reduce(.setSplitters(WorkbenchSplitters(propertiesWidth: 500), isFinal: false)))
        XCTAssertTrue(view.reduce(.setSplitters(WorkbenchSplitters(propertiesWidth: 520), isFinal: true)))
        XCTAssertEqual(view.splitters.propertiesWidth, 520)
        _ = view.reduce(.setWipePosition(3))
        XCTAssertEqual(view.wipePosition, 1)
        _ = view.reduce(.setOverlayOpacity(.nan))
        XCTAssertEqual(view.overlayOpacity, 0.5)
        _ = view.reduce(.toggleSection("logo"))
        XCTAssertEqual(view.openSection, "logo")
        _ = view.reduce(.toggleSection("logo"))
        XCTAssertEqual(view.openSection, "")
    }
}
