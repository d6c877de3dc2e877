import XCTest
@testable import Render

/// Where review frames put their tiles, labels and strip: pure arithmetic.
final class ReviewLayoutTests: XCTestCase {
    /// Grids are shaped for a 16:9 screen with nearly full rows.
    func testColumnsFitA16By9ScreenWithFullRows() {
        let cases: [(UInt, Int, Int, Int, Int)] = [
            // (line, tiles, cell width, cell height, columns)
            (#line, 1, 375, 700, 1),
            (#line, 2, 375, 700, 2),
            (#line, 3, 375, 700, 3),
            (#line, 4, 430, 960, 4),
            (#line, 8, 188, 360, 4),
            (#line, 6, 667, 400, 3),
            (#line, 2, 1180, 820, 2),
        ]
        for (line, count, w, h, columns) in cases {
            XCTAssertEqual(ReviewLayout.columns(count: count, cellWidth: w, cellHeight: h), columns, line: line)
        }
    }

    func testASingleTileIsTheFrameItself() {
        let bare = ReviewLayout(tileWidth: 750, tileHeight: 1334, count: 1, labelHeight: 0, stripHeight: 0, gap: 16)
        XCTAssertTrue(bare.isBareTile)
        XCTAssertEqual([bare.width, bare.height], [750, 1334])
        XCTAssertEqual(bare.tile(0), ReviewLayout.Box(x: 0, y: 0, width: 750, height: 1334))
        let burnIn = ReviewLayout(tileWidth: 750, tileHeight: 1334, count: 1, labelHeight: 0, stripHeight: 60, gap: 16)
        XCTAssertFalse(burnIn.isBareTile)
        XCTAssertEqual(burnIn.tile(0), ReviewLayout.Box(x: 0, y: 0, width: 750, height: 1334), "the device starts at the corner")
        XCTAssertEqual(burnIn.strip, ReviewLayout.Box(x: 0, y: 1334, width: 750, height: 60), "the strip is below it")
    }

    /// Tiles, labels and the strip never overlap and stay inside the frame.
    func testBoxesNeverOverlapAndStayInside() {
        let layout = ReviewLayout(tileWidth: 188, tileHeight: 334, count: 8, labelHeight: 20, stripHeight: 30, gap: 4)
        XCTAssertEqual([layout.columns, layout.rows], [4, 2])
        var boxes = (0..<8).flatMap { [layout.tile($0), layout.label($0)] }
        boxes.append(layout.strip)
        for (i, a) in boxes.enumerated() {
            XCTAssertTrue(a.x >= 0 && a.y >= 0 && a.x + a.width <= layout.width && a.y + a.height <= layout.height, "\(a)")
            for b in boxes[(i + 1)...] {
                let apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y
                XCTAssertTrue(apart, "\(a) and \(b) overlap")
            }
        }
        XCTAssertEqual(layout.label(5).y + layout.label(5).height, layout.tile(5).y, "a label sits right above its tile")
    }
}
