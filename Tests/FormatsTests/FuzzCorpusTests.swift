import Foundation
import FuzzChecks
import XCTest

/// Replays the saved fuzz corpus (`Fuzz/corpus/TARGET/`) through the fuzz targets' own checks,
/// so `make test` keeps every input the fuzzers once found interesting, including each crash
/// they found, without libFuzzer or sanitizers. `make fuzz` explores further.
final class FuzzCorpusTests: XCTestCase {
    static let corpusRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../Fuzz/corpus").standardized

    static func check(_ target: FuzzTarget, _ bytes: [UInt8]) throws { try target.check(bytes) }

    func testEverySavedInputPassesItsTargetsChecks() throws {
        for target in FuzzTarget.allCases {
            let folder = FuzzCorpusTests.corpusRoot.appendingPathComponent(target.rawValue)
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            XCTAssertFalse(files.isEmpty, "no saved inputs for \(target.rawValue) in \(folder.path)")
            for file in files {
                let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
                XCTAssertNoThrow(try target.check(bytes), "\(target.rawValue)/\(file)")
            }
        }
    }

    func testTheChecksCatchWhatTheyAreFor() {
        // An error placed outside its input is a violation, not a pass.
        XCTAssertTrue(FuzzTarget.contains(.init(line: 1, column: 3), in: Array("ab".utf8)))
        XCTAssertFalse(FuzzTarget.contains(.init(line: 1, column: 4), in: Array("ab".utf8)))
        XCTAssertFalse(FuzzTarget.contains(.init(line: 2, column: 1), in: Array("ab".utf8)))
        XCTAssertTrue(FuzzTarget.contains(.init(line: 2, column: 2), in: Array("ab\néx".utf8)))
        XCTAssertFalse(FuzzTarget.contains(.init(line: 2, column: 4), in: Array("ab\néx".utf8)))
        XCTAssertTrue(FuzzTarget.contains(.init(line: 1, column: 1), in: [0xEF, 0xBB, 0xBF]))
    }
}
