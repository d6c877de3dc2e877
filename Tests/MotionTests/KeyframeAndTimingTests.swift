import XCTest
import TestFixtures
@testable import Motion

final class KeyframeTrackTests: XCTestCase {
    /// The splash hole's track on a 667 pt screen: [1, 0.85, 18] at [0, 0.2, 1], easeInEaseOut then easeOut.
    func testHoleTrackHitsItsKeyframesAndEasesBetween() throws {
        let track = try KeyframeTrack(values: [1, 0.85, 18], keyTimes: [0, 0.2, 1], timingFunctions: [.easeInEaseOut, .easeOut])
        XCTAssertEqual(track.sample(0).value, 1, accuracy: 1e-12)
        XCTAssertEqual(track.sample(0.2).value, 0.85, accuracy: 1e-12)
        XCTAssertEqual(track.sample(1).value, 18, accuracy: 1e-9)
        // Halfway through the first segment, easeInEaseOut is at exactly half.
        XCTAssertEqual(track.sample(0.1).value, 0.925, accuracy: 1e-7)
        // In the second segment at local progress 0.5, easeOut's value.
        let local = TimingCurve.easeOut.value(0.5)
        XCTAssertEqual(track.sample(0.6).value, 0.85 + (18 - 0.85) * local, accuracy: 1e-9)
        // Velocity matches the finite difference.
        for x in stride(from: 0.05, through: 0.95, by: 0.1) where abs(x - 0.2) > 0.01 {
            let h = 1e-6
            let numeric = (track.sample(x + h).value - track.sample(x - h).value) / (2 * h)
            XCTAssertEqual(track.sample(x).velocity, numeric, accuracy: 1e-3 * max(1, abs(numeric)))
        }
    }

    func testDiscreteModeHoldsEachValue() throws {
        let track = try KeyframeTrack(values: [3, 5, 7], keyTimes: [0, 0.5, 1], calculationMode: .discrete)
        XCTAssertEqual(track.sample(0.25).value, 3)
        XCTAssertEqual(track.sample(0.5).value, 5)
        XCTAssertEqual(track.sample(0.99).value, 5)
        XCTAssertEqual(track.sample(1).value, 7)
    }

    func testOverallTimingIsAppliedBeforeTheSegmentCurve() throws {
        let track = try KeyframeTrack(values: [0, 10], keyTimes: [0, 1], timingFunctions: [.linear], overallTiming: .easeIn)
        XCTAssertEqual(track.sample(0.3).value, 10 * TimingCurve.easeIn.value(0.3), accuracy: 1e-12)
    }

    func testNotClamped() throws {
        let back = try TimingCurve(parsing: "cubic-bezier(0.68, -0.55, 0.265, 1.55)")
        let track = try KeyframeTrack(values: [0, 100], keyTimes: [0, 1], timingFunctions: [back])
        let values = stride(from: 0.0, through: 1.0, by: 0.01).map { track.sample($0).value }
        XCTAssertLessThan(values.min()!, 0)
        XCTAssertGreaterThan(values.max()!, 100)
    }

    func testValidation() {
        assertRefusals([
            Refusal({ try KeyframeTrack(values: [0, 1, 2], keyTimes: [0, 1]) }, "keyTimes has 2 entries but values has 3"),
            Refusal({ try KeyframeTrack(values: [0, 1, 2, 3], keyTimes: [0, 0.6, 0.4, 1]) }, "must not decrease"),
            Refusal({ try KeyframeTrack(values: [0, 1], keyTimes: [0.1, 1]) }, "must start at 0"),
            Refusal({ try KeyframeTrack(values: [0, 1], keyTimes: [0, 0.9]) }, "must end at 1"),
            Refusal({ try KeyframeTrack(values: [0, 1, 2], keyTimes: [0, 0.5, 1], timingFunctions: [.linear]) }, "timingFunctions has 1 entries"),
            Refusal({ try KeyframeTrack(values: []) }, "at least one value"),
            Refusal({ try KeyframeTrack(values: [0, .nan]) }, "values[1] must be a finite number"),
        ]) { _ = try $0() }
    }
}
