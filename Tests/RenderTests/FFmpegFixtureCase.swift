import Foundation
import XCTest
@testable import Render

/// A test whose files ffmpeg makes (a test dependency) in a temporary folder of its own, removed
/// after the test, rather than kept in the repository.
class FFmpegFixtureCase: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        for tool in ["ffmpeg", "ffprobe"] {
            _ = try XCTUnwrap(findOnPath(tool), "\(tool) is a test dependency: scripts/install-deps.sh test")
        }
        folder = NSTemporaryDirectory() + "splashlab-\(type(of: self))-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let created = folder
        addTeardownBlock { try? FileManager.default.removeItem(atPath: created) }
    }

    /// Runs ffmpeg in the folder, quietly, overwriting; a failure fails the test.
    func ffmpeg(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try XCTUnwrap(findOnPath("ffmpeg")))
        process.arguments = ["-v", "error", "-nostdin", "-y"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "ffmpeg \(arguments.joined(separator: " "))")
    }
}
