import Exports
import Formats
import Foundation
import Scenes
import XCTest

/// The platform-neutral model every exporter spells: constants, tracks and springs.
final class ExportModelTests: XCTestCase {
    func model(_ json: String? = nil) throws -> ExportModel {
        let path = try json.map { try temporaryFile(self, named: "timings.json", contents: $0) } ?? defaultTimingsPath
        return ExportModel(timings: try readTimings(path), screenHeight: 667)
    }

    func track(_ id: String, in model: ExportModel) throws -> ExportTrack { try XCTUnwrap(model.tracks.first { $0.id == id }, id) }

    /// A start or end is a constant where it is one, and follows it; a value worked out from
    /// constants is not one, even where it happens to equal one.
    func testEndpointsAreTheirConstants() throws {
        let defaults = try model()
        let logo = try track("logo", in: defaults), rise = try track("textRise", in: defaults), feed = try track("feed", in: defaults)
        XCTAssertEqual(logo.fromConstant?.name, "logoStartSize")
        XCTAssertEqual(logo.toConstant?.name, "logoEndSize")
        XCTAssertEqual(rise.fromConstant?.name, "textRise")
        XCTAssertNil(rise.toConstant, "the text ends at its place, 0, whatever it rises by")
        XCTAssertEqual(feed.toConstant?.name, "feedEndScale")
        XCTAssertNil(try track("textFade", in: defaults).toConstant)
        // The text rising by 0 ends at 0 too, and still the end is no constant; equal sizes keep their own names.
        let still = try model(#"{"splash": {"text": {"rise": 0}, "logo": {"startSize": 88, "endSize": 88}}}"#)
        XCTAssertEqual(try track("textRise", in: still).fromConstant?.name, "textRise")
        XCTAssertNil(try track("textRise", in: still).toConstant)
        XCTAssertEqual(try track("logo", in: still).fromConstant?.name, "logoStartSize")
        XCTAssertEqual(try track("logo", in: still).toConstant?.name, "logoEndSize")
    }

    /// The hole's keyframes in points; the last grows with the screen (its scale is stated for the
    /// reference height), the others do not.
    func testOnlyTheLastHoleKeyframeGrowsWithTheScreen() throws {
        let hole = try XCTUnwrap(try track("hole", in: try model()).keyframes)
        XCTAssertEqual(hole.values.map(\.value), [88, 74.8, 1584].map { $0 }, accuracy: 1e-9)
        XCTAssertEqual(hole.values.map(\.scalesWithScreen), [false, false, true])
        XCTAssertEqual(hole.keyTimes, [0, 0.2, 1])
    }

    /// Each spring conversion, from the declared response and damping fraction.
    func testSpringConversions() throws {
        let springs = try model(#"{"panel": {"springResponse": 0.5, "springDampingFraction": 0.6}, "scroll": {"bounceDampingFraction": 2.5}}"#).springs
        let panel = try XCTUnwrap(springs.first { $0.id == "panel.spring" })
        XCTAssertEqual(panel.stiffness, pow(2 * .pi / 0.5, 2), accuracy: 1e-9)
        XCTAssertEqual(panel.parameters?.damping ?? .nan, 4 * .pi * 0.6 / 0.5, accuracy: 1e-12)
        XCTAssertEqual(panel.bounce, 0.4, accuracy: 1e-12)
        // Over-damped: bounce 1/ζ − 1 (WWDC23 "Animate with springs").
        let bounce = try XCTUnwrap(springs.first { $0.id == "scroll.bounce" })
        XCTAssertEqual(bounce.bounce, 1 / 2.5 - 1, accuracy: 1e-12)
    }

    /// Every declared parameter but lint's thresholds and the intro's settings, named as the exports name it.
    func testConstantsAreTheDeclarationWithoutLint() throws {
        let constants = try model().constants
        XCTAssertEqual(constants.map(\.path), TimingsSchema.parameters.filter(\.section.isExported).map(\.path))
        XCTAssertFalse(constants.contains { TimingsSchema.parameter($0.path)?.section == .intro })
        // Names are what the generated code declares: each a distinct identifier.
        XCTAssertEqual(Set(constants.map(\.name)).count, constants.count)
        XCTAssertTrue(constants.allSatisfy { $0.name.allSatisfy { $0.isLetter || $0.isNumber } && $0.name.first?.isLetter == true }, "\(constants.map(\.name))")
        XCTAssertEqual(ExportNames.swiftName("panel.spring"), "panelSpring")
        XCTAssertEqual(ExportNames.swiftName("splash.logo.duration"), "logoDuration")
    }
}

private func XCTAssertEqual(_ a: [Double], _ b: [Double], accuracy: Double, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.count, b.count, "\(a) against \(b)", file: file, line: line)
    for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: accuracy, "\(a) against \(b)", file: file, line: line) }
}

extension TimingParameter {
    /// The constant's name in the generated code, as the export model names it.
    var swiftName: String { ExportNames.swiftName(path) }
}
