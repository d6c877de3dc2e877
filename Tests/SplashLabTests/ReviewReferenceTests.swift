import Foundation
import XCTest

/// `splashlab review --reference`: the page's data says what differs from the recording of the
/// real app: the offset found, and the difference by phase (the hole 0.2 s slower shows in the
/// disappearance, not in the hold).
final class ReviewReferenceTests: PhoneRecordingTestCase {
    func testTheDataHoldsTheOffsetAndTheDifferenceByPhase() throws {
        let reference = try makeReference()
        let r = try CLI.run(["review", "--out", folder + "/r", "--reference", reference, "--seed", "7", "--scale", "0.5"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let data = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/r/review.json"))) as? [String: Any])
        let compared = try XCTUnwrap(data["reference"] as? [String: Any])
        XCTAssertTrue((compared["offset"] as? String)?.hasPrefix("reference offset 0.4") == true, "\(compared)")
        let phases = try XCTUnwrap(compared["phases"] as? [[String: Any]])
        func share(_ name: String) -> Double { (phases.first { $0["phase"] as? String == name }?["meanShare"] as? NSNumber)?.doubleValue ?? .nan }
        XCTAssertLessThan(share("holding"), 0.02, "\(phases)")
        XCTAssertGreaterThan(share("disappearing"), share("holding") * 3, "\(phases)")
    }
}
