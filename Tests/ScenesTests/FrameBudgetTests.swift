import XCTest
@testable import Formats
@testable import Scenes

final class FrameBudgetTests: XCTestCase {
    func testBudgetFromRefreshRate() {
        XCTAssertEqual(FrameBudget(refreshRate: 60).seconds * 1000, 16.667, accuracy: 0.001)
        XCTAssertEqual(FrameBudget(refreshRate: 120).seconds * 1000, 8.333, accuracy: 0.001)
    }

    /// Synthetic frame times: on-time frames jitter around the budget; a frame that missed one
    /// vsync at 60 Hz shows 33.3 ms after the last, and is 16.7 ms late.
    func testHitchesOnSyntheticFrameTimes() {
        let budget = FrameBudget(refreshRate: 60)
        let b = budget.seconds
        XCTAssertEqual(budget.hitchTime(interval: b), 0)
        XCTAssertEqual(budget.hitchTime(interval: b * 1.3), 0, "jitter within half a budget is not a hitch")
        XCTAssertEqual(budget.hitchTime(interval: 2 * b), b, accuracy: 1e-12)
        XCTAssertEqual(budget.hitchTime(interval: 4 * b), 3 * b, accuracy: 1e-12)
        // One second at 60 Hz with two frames that each missed one vsync.
        var intervals = Array(repeating: b, count: 56)
        intervals += [2 * b, 2 * b]
        let summary = HitchSummary(intervals: intervals, budget: budget)
        XCTAssertEqual(summary.count, 2)
        XCTAssertEqual(summary.hitchTime, 2 * b, accuracy: 1e-12)
        XCTAssertEqual(summary.duration, 1.0, accuracy: 1e-9)
        XCTAssertEqual(summary.ratio, 33.333, accuracy: 0.01)
        XCTAssertEqual(summary.band, "critical")
    }

    func testApplesBands() {
        let table: [(UInt, Double, String)] = [(#line, 0, "good (target)"), (#line, 5, "good (target)"), (#line, 7, "good"),
                                                (#line, 10, "good"), (#line, 20, "warning"), (#line, 40, "critical"), (#line, 80, "severe")]
        for (line, ratio, band) in table { XCTAssertEqual(FrameBudget.band(forRatio: ratio), band, line: line) }
    }

    func testPercentilesAndTheRingBuffer() {
        let p = Percentiles((1...100).map(Double.init))
        XCTAssertEqual(p.p50, 50); XCTAssertEqual(p.p95, 95); XCTAssertEqual(p.p99, 99); XCTAssertEqual(p.max, 100)
        var log = FrameLog(capacity: 300)
        for i in 0..<450 { log.append(FrameRecord(previewTime: Double(i), input: 0, update: 0, render: 0, present: 0, interval: 0)) }
        XCTAssertEqual(log.records.count, 300)
        XCTAssertEqual(log.records.first?.previewTime, 150)
        XCTAssertEqual(log.records.last?.previewTime, 449)
        XCTAssertEqual(log.totalFrames, 450)
    }
}
