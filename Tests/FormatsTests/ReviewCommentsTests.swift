import Foundation
import XCTest
@testable import Formats

/// The comments file a review page exports and `--comments` reads: what it keeps, and the clear
/// message for each kind of bad input, with the file, line and column.
final class ReviewCommentsTests: XCTestCase {
    private func parse(_ text: String) throws -> ReviewComments {
        try ReviewComments.parse(bytes: Array(text.utf8), path: "c.json")
    }

    func testTheExportedFormatReadsBackEveryField() throws {
        let read = try parse(#"{"comments": [{"t": 2.3, "author": "Ana", "text": "the hole feels slow"}, {"t": 0.5, "text": "no name"}]}"#)
        XCTAssertEqual(read.comments, [ReviewComment(time: 2.3, author: "Ana", text: "the hole feels slow"),
                                       ReviewComment(time: 0.5, author: "", text: "no name")])
        // What is written is what is read.
        XCTAssertEqual(try parse(read.json.text), read)
    }

    func testTextThatIsNotJSONNamesTheLineAndColumn() {
        XCTAssertThrowsError(try parse("{\"comments\": [\n  {\"t\": 1, \"text\": \"a\"},\n  oops\n]}")) { error in
            XCTAssertTrue("\(error)".hasPrefix("c.json:3:3: "), "\(error)")
        }
    }

    func testAMissingOrMistypedFieldIsNamedWithItsComment() {
        XCTAssertThrowsError(try parse(#"{"comments": [{"t": 1, "text": "a"}, {"text": "b"}]}"#)) {
            XCTAssertEqual("\($0)", "c.json:1:38: comments[1]: missing field 't' (seconds)")
        }
        XCTAssertThrowsError(try parse(#"{"comments": [{"t": "soon", "text": "a"}]}"#)) {
            XCTAssertEqual("\($0)", "c.json:1:21: comments[0].t must be a number, not a string")
        }
        XCTAssertThrowsError(try parse(#"{"comments": [{"t": 1, "text": "a", "colour": "red"}]}"#)) {
            XCTAssertTrue("\($0)".hasPrefix("c.json:1:37: unknown field 'comments[0].colour'"), "\($0)")
        }
        XCTAssertThrowsError(try parse(#"{"notes": []}"#)) { XCTAssertTrue("\($0)".hasPrefix("c.json:1:2: unknown field 'notes'"), "\($0)") }
    }

    func testMoreThanTheLimitOfCommentsIsRefusedWithTheCount() {
        let item = #"{"t": 1, "text": "x"}"#
        let text = #"{"comments": ["# + Array(repeating: item, count: 100_000).joined(separator: ",") + "]}"
        XCTAssertThrowsError(try parse(text)) {
            XCTAssertEqual("\($0)", "c.json:1:14: 100,000 comments; at most 10,000 are read")
        }
        let atTheLimit = #"{"comments": ["# + Array(repeating: item, count: ReviewComments.maximumCount).joined(separator: ",") + "]}"
        XCTAssertEqual(try parse(atTheLimit).comments.count, ReviewComments.maximumCount)
    }

    func testANameOfAMegabyteAndAnOverlongTextAreRefused() {
        let name = String(repeating: "n", count: 1 << 20)
        XCTAssertThrowsError(try parse(#"{"comments": [{"t": 1, "author": ""# + name + #"", "text": "a"}]}"#)) {
            XCTAssertEqual("\($0)", "c.json:1:34: comments[0].author is 1,048,576 characters long; at most 100")
        }
        let text = String(repeating: "é", count: ReviewComments.maximumTextCharacters + 1)
        XCTAssertThrowsError(try parse(#"{"comments": [{"t": 1, "text": ""# + text + #""}]}"#)) {
            XCTAssertEqual("\($0)", "c.json:1:32: comments[0].text is 4,001 characters long; at most 4,000")
        }
    }

    func testMarkupInATextIsKeptAsText() throws {
        let markup = "<img src=x onerror=alert(1)><script>alert(2)</script>"
        let read = try parse(#"{"comments": [{"t": 1, "author": "<b>x</b>", "text": ""# + markup + #""}]}"#)
        XCTAssertEqual(read.comments.first?.text, markup)
        XCTAssertEqual(read.comments.first?.author, "<b>x</b>")
    }

    func testTimesOutsideTheTakeAreLeftOutWithAWarningNamingEach() throws {
        let read = try parse(#"{"comments": [{"t": 2, "text": "b"}, {"t": -1, "text": "before"}, {"t": 0.5, "text": "a"}, {"t": 9, "text": "after"}]}"#)
        let (kept, warnings) = read.within(duration: 3.1, path: "c.json")
        XCTAssertEqual(kept.comments.map(\.text), ["a", "b"])
        XCTAssertEqual(warnings, ["c.json: comments[1] at -1 s lies outside the take (0 to 3.1 s): left out",
                                  "c.json: comments[3] at 9 s lies outside the take (0 to 3.1 s): left out"])
    }

    func testTheBurnInShowsTheLatestCommentAtOrBeforeTheTimeWithinTwoSeconds() throws {
        let comments = ReviewComments([ReviewComment(time: 1, author: "", text: "one"), ReviewComment(time: 1.5, author: "", text: "two"),
                                       ReviewComment(time: 5, author: "", text: "five")])
        XCTAssertNil(comments.shown(at: 0.99))
        XCTAssertEqual(comments.shown(at: 1)?.text, "one")
        XCTAssertEqual(comments.shown(at: 1.6)?.text, "two")
        XCTAssertEqual(comments.shown(at: 3.5)?.text, "two")
        XCTAssertNil(comments.shown(at: 3.51))
        XCTAssertEqual(comments.shown(at: 5)?.text, "five")
        // A frame's time printed to 9 decimals (0.166666667 for frame 10 at 60 fps) is that frame.
        XCTAssertEqual(ReviewComments([ReviewComment(time: 0.166666667, author: "", text: "f")]).shown(at: 10.0 / 60)?.text, "f")
    }
}
