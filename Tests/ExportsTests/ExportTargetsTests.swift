import XCTest
@testable import Exports

/// The one table of export targets, which the command line, `--help` and README read.
final class ExportTargetsTests: XCTestCase {
    func testEveryTargetHasItsOwnName() {
        let names = ExportTargets.standard.names
        XCTAssertEqual(names, ["swift", "swiftui", "css", "compose", "launch"])
        XCTAssertEqual(Set(names).count, names.count)
        XCTAssertEqual(ExportTargets.standard.namesInProse, "swift, swiftui, css, compose or launch")
    }

    func testAnUnknownNameFindsNoTarget() {
        XCTAssertNil(ExportTargets.standard.target(named: "kotlin"))
        XCTAssertEqual(ExportTargets.standard.target(named: "css")?.name, "css")
    }
}
