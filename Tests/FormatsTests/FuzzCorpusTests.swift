import Foundation
import Formats
import FuzzChecks
import LaunchImport
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

    /// The project file target's saved inputs get past the parsers: some read as Xcode project
    /// files and some as XcodeGen specs, so the replay reaches target and settings extraction.
    func testTheProjectFileCorpusReachesEachReader() throws {
        let folder = FuzzCorpusTests.corpusRoot.appendingPathComponent(FuzzTarget.projectFile.rawValue)
        var projectFiles = 0, specs = 0
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let outcome = try FuzzTarget.projectFile.projectFileOutcome([UInt8](Data(contentsOf: folder.appendingPathComponent(file))))
            if outcome.projectFile { projectFiles += 1 }
            if outcome.spec { specs += 1 }
        }
        XCTAssertGreaterThanOrEqual(projectFiles, 4, "inputs read as project files")
        XCTAssertGreaterThanOrEqual(specs, 3, "inputs read as XcodeGen specs")
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

    /// The image targets' input formats reach the shapes and folders they are meant to.
    func testTheImageInputsDecodeAsDocumented() {
        XCTAssertEqual(FuzzMask([]).alpha, [])
        let full = FuzzMask([3, 2, 0, 255])
        XCTAssertEqual([full.width, full.height], [3, 2])
        XCTAssertEqual(full.alpha, [UInt8](repeating: 255, count: 6), "one byte repeats to fill the mask")
        XCTAssertEqual(FuzzMask([2, 2, 0]).alpha, [0, 0, 0, 0], "no alpha bytes is an empty mask")
        XCTAssertEqual(FuzzMask([3, 2, 0, 0, 255]).alpha, [0, 255, 0, 255, 0, 255], "a short run repeats")
        let scaled = FuzzMask([2, 1, 1, 10, 20])
        XCTAssertEqual([scaled.width, scaled.height], [4, 2])
        XCTAssertEqual(scaled.alpha, [10, 10, 20, 20, 10, 10, 20, 20], "each pixel a 2×2 block")
        XCTAssertEqual(FuzzMask([129 + 5, 255, 9]).width, 5 * 5, "sides wrap at 129, scales at 5")
        XCTAssertEqual(FuzzMask([129 + 5, 255, 9]).height, 126 * 5)

        let folder = FuzzLaunchFolder([1, 0x61, 2, 7, 8] + [1, 0x62, 0] + [1, 0x61, 1, 9] + [2, 0x63])
        XCTAssertEqual(folder.names, ["a", "b", "c"])
        XCTAssertEqual(folder.headers, ["a": [9], "b": [], "c": []], "a later record of a name replaces the earlier, a cut one keeps what is there")
    }

    /// The image file target's saved inputs hold every kind it reads, and inputs each refused.
    func testTheImageFileCorpusHoldsEveryKind() throws {
        let folder = FuzzCorpusTests.corpusRoot.appendingPathComponent(FuzzTarget.vectorImage.rawValue)
        var kinds = Set<ImageFileKind>(), refused = 0
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
            if let kind = ImageFileKind.sniff(bytes) { kinds.insert(kind) }
            if (try? ImageFileInfo.read(bytes, path: file)) == nil { refused += 1 }
        }
        XCTAssertEqual(kinds, Set(ImageFileKind.allCases))
        XCTAssertGreaterThanOrEqual(refused, 3, "the bomb, the encrypted PDF, the PDF with no trailer")
    }

    /// The solver target's programs decode as documented.
    func testTheSolverInputsDecodeAsDocumented() {
        XCTAssertEqual(FuzzSolverProgram([]).variableCount, 1)
        XCTAssertEqual(FuzzSolverProgram([]).operations, [])
        // 3 variables; x1 - 2·x0 + 2.5 >= 0 at strong; an edit of x2 at weak, suggested -1; a removal.
        let program = FuzzSolverProgram([2, 0, 2 + 3 * 3, 1, 1, 0, 0, 3, 0, 10, 5, 2, 5, 6, 2, 0xFF, 0xFC, 7, 9])
        XCTAssertEqual(program.variableCount, 3)
        XCTAssertEqual(program.operations, [
            .add(terms: [(1, 1), (0, -2)], constant: 2.5, relation: .greaterOrEqual, strength: FuzzSolverProgram.strengths[3]),
            .addEdit(variable: 2, strength: FuzzSolverProgram.strengths[5]),
            .suggest(variable: 2, value: -1),
            .remove(pick: 9),
        ])
        XCTAssertEqual(FuzzSolverProgram([0, 0, 0, 0, 0, 255, 0x80, 0x00]).operations.count, 1)
        guard case let .add(terms, constant, _, _) = FuzzSolverProgram([0, 0, 0, 0, 0, 255, 0x80, 0x00]).operations[0] else { return XCTFail() }
        XCTAssertTrue(terms[0].coefficient.isNaN && constant.isNaN, "255 is a NaN coefficient, Int16.min a NaN constant")
        XCTAssertEqual(FuzzSolverProgram([0, 0, 0, 0, 0, 0, 0]).operations, [], "a cut operation is dropped")
        XCTAssertEqual(FuzzSolverProgram([0] + [UInt8](repeating: 7, count: 200)).operations.count, FuzzSolverProgram.maxOperations)
    }
}
