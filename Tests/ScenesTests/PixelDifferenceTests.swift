import XCTest
@testable import Scenes

/// The one pixel comparison: single pixels for the launch blink, blocks for a reference recording.
final class PixelDifferenceTests: XCTestCase {
    private func frame(width: Int, height: Int, grey: UInt8) -> [UInt8] {
        Array(repeating: [grey, grey, grey, 255], count: width * height).flatMap { $0 }
    }

    func testOneChangedPixelCountsAsOnePixelAndLargestIsItsDistance() {
        let a = frame(width: 3, height: 2, grey: 100)
        var b = a
        b[4 * 4] = 103; b[4 * 4 + 1] = 104   // pixel (1, 1): 3 and 4 apart, distance 5
        let d = FrameDifference.between(a, b, width: 3, height: 2)
        XCTAssertEqual(d, FrameDifference(differingPixels: 1, totalPixels: 6, largestColorDistance: 5))
        XCTAssertTrue(FrameDifference.between(a, a, width: 3, height: 2).isNone)
    }

    func testBlocksAtAnOddEdgeHoldThePixelsThereAreAndAlphaIsNotCompared() {
        // 3 × 3 in 2 × 2 blocks: one full block, two of 2 pixels, one of 1.
        let a = frame(width: 3, height: 3, grey: 0)
        var b = a
        b[(2 * 3 + 2) * 4] = 90            // the bottom-right pixel, a block of its own
        for i in stride(from: 3, to: b.count, by: 4) { b[i] = 0 }   // every alpha changed
        let d = PixelDifference.measure(a, b, width: 3, height: 3, blockSide: 2, threshold: 40)
        XCTAssertEqual(d, PixelDifference(blocks: 4, differingBlocks: 1, totalDistance: 90, largestDistance: 90))
    }

    func testSkippedRowsAndShortFramesAreLeftOut() {
        let a = frame(width: 2, height: 4, grey: 0)
        var b = a
        b[0] = 200                          // in the top row, which is skipped
        XCTAssertEqual(PixelDifference.measure(a, b, width: 2, height: 4, blockSide: 1, threshold: 3.5, skippedRows: 1).differingBlocks, 0)
        XCTAssertEqual(PixelDifference.measure(a, b, width: 2, height: 4, blockSide: 1, threshold: 3.5, skippedRows: 0).differingBlocks, 1)
        XCTAssertEqual(PixelDifference.measure(Array(a.prefix(8)), b, width: 2, height: 4, blockSide: 1, threshold: 3.5), .none)
        XCTAssertEqual(PixelDifference.measure(a, b, width: 2, height: 4, blockSide: 1, threshold: 3.5, skippedRows: 9), .none)
    }
}
