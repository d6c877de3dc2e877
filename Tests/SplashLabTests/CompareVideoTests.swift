import Foundation
import XCTest

/// `splashlab compare-video`, end to end and small, on the phone-like recording of
/// `PhoneRecordingTestCase`.
final class CompareVideoTests: PhoneRecordingTestCase {
    func testTheOffsetIsFoundWithinAFrameAndTheSlowerHoleFailsItsPhase() throws {
        let reference = try makeReference()
        let found = try CLI.run(["compare-video", reference, "--seed", "7", "--scale", "0.5"])
        XCTAssertEqual(found.status, 1, "the hole's phase differs: \(found.stdout)\(found.stderr)")
        let offsetLine = try XCTUnwrap(found.stdout.split(separator: "\n").first { $0.hasPrefix("offset: ") }, found.stdout)
        let offset = try XCTUnwrap(Double(offsetLine.dropFirst("offset: ".count).prefix { $0 != " " }))
        XCTAssertEqual(offset, 0.4, accuracy: 1.0 / 120, "within one frame of the 0.4 s lead: \(offsetLine)")
        XCTAssertTrue(offsetLine.contains("(launch-screen cut)"), String(offsetLine))
        func verdict(_ phase: String) -> String? {
            found.stdout.split(separator: "\n").first { $0.hasPrefix(phase + " ") }.map { String($0) }
        }
        XCTAssertTrue(verdict("appearing")?.hasSuffix("agrees") ?? false, found.stdout)
        XCTAssertTrue(verdict("holding")?.hasSuffix("agrees") ?? false, found.stdout)
        XCTAssertTrue(verdict("disappearing")?.contains("differs") ?? false, found.stdout)

        // The offset by hand, the curve as CSV, a threshold no phase passes.
        let csv = try CLI.run(["compare-video", reference, "--seed", "7", "--scale", "0.5", "--reference-offset", "0.4", "--csv", "--max-difference", "100"])
        XCTAssertEqual(csv.status, 0, csv.stderr)
        let rows = csv.stdout.split(separator: "\n")
        XCTAssertEqual(rows.first, "time,phase,share,mean_distance")
        XCTAssertTrue(csv.stderr.contains("offset: 0.4000 s (manual)"), csv.stderr)
        let holding = rows.dropFirst().map { $0.split(separator: ",") }.filter { $0[1] == "holding" }.compactMap { Double($0[2]) }
        let disappearing = rows.dropFirst().map { $0.split(separator: ",") }.filter { $0[1] == "disappearing" }.compactMap { Double($0[2]) }
        XCTAssertFalse(holding.isEmpty || disappearing.isEmpty, csv.stdout)
        XCTAssertLessThan(holding.max() ?? 1, 0.01, "near zero where the timings agree")
        XCTAssertGreaterThan(disappearing.max() ?? 0, 0.1, "it rises where the hole is slower")
    }

    func testBadInputIsExitCodeTwoWithTheFileNamed() throws {
        try "not a video".write(toFile: folder + "/notes.mov", atomically: true, encoding: .utf8)
        let notVideo = try CLI.run(["compare-video", folder + "/notes.mov", "--scale", "0.5"])
        XCTAssertEqual(notVideo.status, 2, notVideo.stderr)
        XCTAssertTrue(notVideo.stderr.hasPrefix("splashlab: \(folder)/notes.mov: ffprobe could not read it"), notVideo.stderr)
        let none = try CLI.run(["compare-video"])
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.contains("compare-video needs the recording: compare-video FILE"), none.stderr)
        let far = try CLI.run(["compare-video", folder + "/notes.mov", "--reference-offset", "500"])
        XCTAssertEqual(far.status, 2)
        XCTAssertTrue(far.stderr.contains("--reference-offset must be at most 120 s (got 500)"), far.stderr)
    }
}
