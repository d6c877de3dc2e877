import CSDL2
import Foundation
@testable import PreviewWindow
import TestFixtures
import XCTest

/// `run --comments`: a review's comments as pins on the timeline's ruler and a list in the
/// inspector, each seeking to its time, and listed with their times in the UI dump.
final class WindowCommentsTests: XCTestCase {
    func testPinsAndTheListSeekToEachCommentsTime() throws {
        let folder = try makeTemporaryFolder("window-comments", removedAfter: self)
        let path = folder + "/comments.json"
        try #"{"comments": [{"t": 2.3, "author": "Engineer", "text": "the hole feels slow"}, {"t": 0.5, "author": "Designer", "text": "logo ## settles"}, {"t": -1, "text": "before the take"}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let window = try openSteppedWindow(["--seed", "3", "--comments", path], folder: folder)
        XCTAssertTrue(window.step(until: { $0.control("timeline.comment.1") != nil }, limit: 120), "the ruler pins the comments")
        window.press(SDLK_SPACE)
        let dump = window.dump()
        let listed = try XCTUnwrap(dump.json["comments"] as? [[String: Any]])
        XCTAssertEqual(listed.map { ($0["t"] as? NSNumber)?.doubleValue }, [0.5, 2.3], "the dump lists the comments in the take by time")
        XCTAssertEqual(listed.map { $0["author"] as? String }, ["Designer", "Engineer"])
        XCTAssertEqual(dump.control("timeline.comment.0")?.number, 0.5)
        XCTAssertEqual(dump.control("timeline.comment.1")?.number, 2.3)
        XCTAssertNil(dump.control("timeline.comment.2"), "the comment before the take is left out")
        XCTAssertEqual(dump.control("comments.1")?.text, "  2.300 s  Engineer: the hole feels slow")
        XCTAssertEqual(dump.control("comments.0")?.text?.contains("logo # # settles"), true, "an ImGui label's ## is kept as text")

        try window.click("timeline.comment.1")
        XCTAssertTrue(window.step(until: { abs(($0.control("playhead")?.number ?? 0) - 2.3) < 1e-9 }, limit: 30), "a pin seeks to its comment's time")
        try window.click("comments.0")
        XCTAssertTrue(window.step(until: { abs(($0.control("playhead")?.number ?? 0) - 0.5) < 1e-9 }, limit: 30), "the inspector's list seeks to its comment's time")
        XCTAssertTrue(window.step(until: { $0.control("comments.0")?.text?.hasPrefix("▸") == true }, limit: 30), "the list marks the comment at the playhead")
    }
}
