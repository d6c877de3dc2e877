import Foundation
import XCTest

/// `splashlab review` through the real binary: the folder it writes, what review.json holds, the
/// page's data kept inert, and `--comments`' bad input. The page itself is played in headless
/// Chromium by scripts/review/run.sh (`make test`).
final class ReviewPageTests: XCTestCase {
    func temporaryDirectory() -> String {
        let dir = NSTemporaryDirectory() + "splashlab-review-page-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    func write(_ text: String, _ path: String) throws { try text.write(toFile: path, atomically: true, encoding: .utf8) }

    func testTheFolderHoldsThePageTheVideoAndTheDataFromTheModel() throws {
        let dir = temporaryDirectory()
        let comments = dir + "/c.json"
        // A comment that tries to close the page's data element and run a script of its own.
        try write(#"{"comments": [{"t": 0.5, "author": "A", "text": "</script><script>alert(1)</script><!--"}, {"t": 99, "text": "after"}]}"#, comments)
        let r = try CLI.run(["review", "--out", dir + "/r", "--seed", "3", "--duration", "1", "--fps", "30", "--comments", comments])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("\(comments): comments[1] at 99 s lies outside the take (0 to 1 s): left out"), r.stderr)
        for name in ["index.html", "review.mp4", "review.json"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/r/" + name), name)
        }
        let data = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/r/review.json"))) as? [String: Any])
        let video = try XCTUnwrap(data["video"] as? [String: Any])
        XCTAssertEqual(video["frames"] as? Int, 30)
        XCTAssertEqual(video["fps"] as? Int, 30)
        let kept = try XCTUnwrap(data["comments"] as? [[String: Any]])
        XCTAssertEqual(kept.count, 1)
        XCTAssertEqual(kept.first?["text"] as? String, "</script><script>alert(1)</script><!--")
        let variant = try XCTUnwrap((data["variants"] as? [[String: Any]])?.first)
        XCTAssertEqual((variant["phases"] as? [[String: Any]])?.map { $0["name"] as? String }, ["appearing", "holding", "disappearing"])
        XCTAssertTrue(((variant["tracks"] as? [[String: Any]]) ?? []).contains { $0["id"] as? String == "logoSize" || ($0["label"] as? String ?? "").contains("logo") })
        let graph = try XCTUnwrap(variant["graph"] as? [String: Any])
        XCTAssertEqual((graph["times"] as? [Any])?.count, 30, "a sample at every frame")
        // The page embeds the same data with no way out of its script element.
        let page = try String(contentsOfFile: dir + "/r/index.html", encoding: .utf8)
        let start = try XCTUnwrap(page.range(of: #"<script type="application/json" id="review-data">"#))
        let end = try XCTUnwrap(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let embedded = String(page[start.upperBound..<end.lowerBound])
        XCTAssertFalse(embedded.contains("<"), "no < in the embedded data")
        XCTAssertTrue(embedded.contains(#"\u003c/script\u003e"#))
        XCTAssertTrue(page.contains(#"src="review.mp4""#))
        try? FileManager.default.removeItem(atPath: dir)
    }

    /// A tap during the appearance skips the splash: the phases are those the take played, with no
    /// hold, and the activity after the splash is listed by frame.
    func testThePhasesAreThoseTheTakePlayed() throws {
        let dir = temporaryDirectory()
        let script = dir + "/tap.json"
        try write(#"{"events": [{"t": 0.1, "type": "down", "x": 100, "y": 300}, {"t": 0.15, "type": "up", "x": 100, "y": 300}, {"t": 1.5, "type": "key", "key": "p"}]}"#, script)
        let r = try CLI.run(["review", "--out", dir + "/r", "--seed", "3", "--duration", "2.5", "--fps", "20", "--script", script])
        XCTAssertEqual(r.status, 0, r.stderr)
        let data = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/r/review.json"))) as? [String: Any])
        let variant = try XCTUnwrap((data["variants"] as? [[String: Any]])?.first)
        let phases = try XCTUnwrap(variant["phases"] as? [[String: Any]])
        XCTAssertEqual(phases.map { $0["name"] as? String }, ["appearing", "disappearing"])
        XCTAssertEqual((phases[0]["end"] as? NSNumber)?.doubleValue ?? .nan, 0.1, accuracy: 1e-9)
        let activities = try XCTUnwrap(variant["activities"] as? [[String: Any]])
        XCTAssertEqual(activities.first { $0["name"] as? String == "panel-presenting" }?["frame"] as? Int, 30, "P at 1.5 s, frame 30 at 20 fps")
        XCTAssertEqual((data["inputs"] as? [[String: Any]])?.map { $0["type"] as? String }, ["down", "up", "key"])
        try? FileManager.default.removeItem(atPath: dir)
    }

    func testOneFileEmbedsTheVideo() throws {
        let dir = temporaryDirectory()
        let r = try CLI.run(["review", "--single-file", "--out", dir + "/review.html", "--seed", "3", "--duration", "0.5", "--fps", "30"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let page = try String(contentsOfFile: dir + "/review.html", encoding: .utf8)
        XCTAssertTrue(page.contains(#"src="data:video/mp4;base64,AAAA"#))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["review.html"])
        try? FileManager.default.removeItem(atPath: dir)
    }

    func testBadCommentsAndOptionsGetAMessageNamingTheFile() throws {
        let dir = temporaryDirectory()
        let notJSON = dir + "/broken.json"
        try write("{\"comments\": [\n  {\"t\": 1,, \"text\": \"a\"}\n]}", notJSON)
        let cases: [(UInt, [String], Int32, String)] = [
            (#line, ["review", "--out", dir + "/r", "--comments", notJSON], 1, "\(notJSON):2:11: "),
            (#line, ["review", "--out", dir + "/r", "--comments", dir + "/missing.json"], 1, "\(dir)/missing.json"),
            (#line, ["review"], 2, "review needs --out DIR"),
            (#line, ["review", "--out", dir + "/r.mp4"], 2, "review writes a folder"),
            (#line, ["review", "--single-file", "--out", dir + "/r"], 2, "--out must end in .html"),
            (#line, ["review", "--single-file", "--out", dir + "/missing/r.html"], 1, "cannot write \(dir)/missing/r.html: the folder \(dir)/missing does not exist"),
            (#line, ["record", "--out", dir + "/x.mp4", "--comments", notJSON], 2, "--comments shows a comment in the burn-in strip: add --burn-in"),
            (#line, ["render", "--at", "1", "--out", dir + "/x.png", "--burn-in", "--comments", notJSON], 1, "\(notJSON):2:11: "),
        ]
        for (line, arguments, status, message) in cases {
            let r = try CLI.run(arguments)
            XCTAssertEqual(r.status, status, r.stderr, line: line)
            XCTAssertTrue(r.stderr.contains(message), r.stderr, line: line)
            XCTAssertFalse(r.stderr.contains("Fatal error") || r.stderr.contains("backtrace"), r.stderr, line: line)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/r"), "nothing written after a failure")
        try? FileManager.default.removeItem(atPath: dir)
    }
}
