import Foundation
import XCTest

/// A new, empty folder under the system's temporary directory, named for what the test does with
/// it (`splashlab-PURPOSE-UUID`), so that a folder left behind by a crashed run says whose it was.
/// With `test`, the folder is removed, with all it holds, when that test ends. Throws when the
/// folder cannot be made, so that the test stops at its set-up and says why.
public func makeTemporaryFolder(_ purpose: String, removedAfter test: XCTestCase? = nil) throws -> String {
    let folder = NSTemporaryDirectory() + "splashlab-\(purpose)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    test?.addTeardownBlock { removeTemporaryFolder(folder) }
    return folder
}

/// Removes a folder `makeTemporaryFolder` made, with all it holds.
public func removeTemporaryFolder(_ folder: String) {
    try? FileManager.default.removeItem(atPath: folder)
}

/// An input a reader must refuse, and what its message must hold. `line` is where the case is
/// written (the default takes it), so that a failure points at the case and not at the loop.
public struct Refusal<Input> {
    public let input: Input
    public let message: String
    public let line: UInt
    public init(_ input: Input, _ message: String, line: UInt = #line) {
        self.input = input; self.message = message; self.line = line
    }
}

/// How a refusal's message must match the error's text.
public enum MessageMatch {
    /// The message is somewhere in the error's text.
    case contains
    /// The error's text begins with the message (for messages that must lead with file:line:column).
    case prefix
}

/// Every case's input is refused by `read`, with an error whose text holds the case's message.
public func assertRefusals<Input>(_ cases: [Refusal<Input>], match: MessageMatch = .contains, file: StaticString = #filePath,
                                  by read: (Input) throws -> Void) {
    for refusal in cases {
        XCTAssertThrowsError(try read(refusal.input), file: file, line: refusal.line) { error in
            let text = "\(error)"
            let matches = match == .prefix ? text.hasPrefix(refusal.message) : text.contains(refusal.message)
            XCTAssertTrue(matches, "wanted \(refusal.message), got: \(text)", file: file, line: refusal.line)
        }
    }
}

/// A folder of Tests/Fixtures, as a path, from any test file one folder below Tests.
public func fixtureFolder(_ name: String, testFile: String = #filePath) -> String {
    URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent("../Fixtures/" + name).standardized.path
}

/// The bytes of `file` in the fixture folder `folder` (a path from `fixtureFolder`).
public func fixtureBytes(_ file: String, in folder: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + file)))
}
