import Foundation
import XCTest

/// `splashlab export` on the command line: the options each target takes, refused with their
/// reason, and the page written by the binary with the app's own images. What each export writes
/// is tested on the library (Tests/ExportsTests).
final class ExportCommandTests: XCTestCase {
    func testExportOptionsAreCheckedWithTheirReason() throws {
        for (arguments, message) in [(["export", "swiftui", "--html"], "--html goes with export css"),
                                     (["export", "css", "--out", "/tmp/x.css"], "--out goes with export css --html"),
                                     (["export", "kotlin"], "unknown export 'kotlin'; expected swift, swiftui, css, compose or launch"),
                                     (["export"], "export needs what to export: swift, swiftui, css, compose or launch"),
                                     (["export", "swift", "--out", "x"], "export swift prints to standard output")] {
            let r = try CLI.run(arguments)
            XCTAssertEqual(r.status, 2, arguments.joined(separator: " "))
            XCTAssertTrue(r.stderr.contains(message), r.stderr)
        }
        let page = try CLI.run(["export", "css", "--html", "--seed", "3"])
        XCTAssertEqual(page.status, 0, page.stderr)
        for id in ["logo", "text", "backdrop", "backdropText", "feed", "hole", "holeLogo", "splash"] {
            XCTAssertTrue(page.stdout.contains("id=\"\(id)\""), "the page has no #\(id)")
        }
        XCTAssertTrue(page.stdout.contains("data:image/png;base64,"), "images are inlined")
    }
}
