import XCTest
import Formats

/// The app-wide error says where and what to do, as a compiler would.
final class UserFacingErrorTests: XCTestCase {
    func testPlaceMessageAndHintReadInOrder() {
        XCTAssertEqual("\(UserFacingError("ffmpeg could not finish a.mp4"))", "ffmpeg could not finish a.mp4")
        XCTAssertEqual("\(UserFacingError("image is 10x10 px", file: "s.png"))", "s.png: image is 10x10 px")
        XCTAssertEqual("\(UserFacingError("not a number", file: "t.json", line: 3, column: 14))", "t.json:3:14: not a number")
        XCTAssertEqual("\(UserFacingError("no timings.json in A", hint: "set SPLASHLAB_ASSETS=/path/to/Assets"))",
                       "no timings.json in A; set SPLASHLAB_ASSETS=/path/to/Assets")
        // A line without a file, or a column without a line, has nowhere to be said.
        XCTAssertEqual("\(UserFacingError("x", line: 3))", "x")
        XCTAssertEqual("\(UserFacingError("x", file: "f", column: 2))", "f: x")
    }
}
