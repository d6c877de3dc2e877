import XCTest
import TestFixtures
@testable import Motion
@testable import Formats
@testable import Scenes

final class TimingsFileTests: XCTestCase {
    func testDefaultsMatchTheChoreographyTable() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/timings.json").standardized
        let t = try Timings.load(path: url.path)
        XCTAssertEqual(t, Timings())
    }

    func testErrorsNamePathLineColumnAndField() {
        assertRefusals([
            Refusal("{\n  \"splash\": {\"minHold\": -1}\n}", "t.json:2:25: splash.minHold must lie in [0, 600] (got -1.0)"),
            Refusal("{\n  \"splash\": {\"logo\": {\"duration\": \"long\"}}\n}", "t.json:2:35: splash.logo.duration must be a number, not a string"),
            Refusal("{\"splash\": {\"holdd\": 2}}", "t.json:1:13: unknown field 'splash.holdd'"),
            Refusal("{\"splash\": {\"minHold\": 2,}}", "t.json:1:26: expected a quoted field name"),
            Refusal("{\n\n  \"card\": {\"curve\": \"wobbly\"}}", "t.json:3:21: card.curve: unknown curve 'wobbly'"),
            Refusal("{\"splash\": {\"hole\": {\"keyTimes\": [0, 0.5, 0.2]}}}", "t.json:1:34: splash.hole: keyTimes must end at 1"),
            Refusal("{\"splash\": {\"hole\": {\"keyTimes\": [0, 0.8, 0.5, 1], \"scales\": [1, 2, 3, 4], \"timingFunctions\": [\"linear\", \"linear\", \"linear\"]}}}", "keyTimes must not decrease"),
            Refusal("{\"panel\": {\"heightFraction\": -0.2}}", "t.json:1:30: panel.heightFraction must lie in (0, 1] (got -0.2)"),
            Refusal("{\"panel\": {\"springResponse\": 0}}", "panel.springResponse must lie in (0, 60]"),
            Refusal("{\"splash\": {\"minHold\": 2.5, \"timeout\": 2}}", "splash.timeout (2.0) must not be less than splash.minHold (2.5)"),
            Refusal("[1, 2]", "t.json:1:1: the file must be an object, not an array"),
            Refusal("{\"card\": {\"duration\": 1e999}}", "is not a usable number"),
        ]) { _ = try Timings.parse(text: $0, path: "t.json") }
    }

    func testPartialFileKeepsOtherDefaults() throws {
        let t = try Timings.parse(text: "{\"splash\": {\"minHold\": 1.5, \"logo\": {\"curve\": \"cubic-bezier(0.2, 0, 0, 1)\"}}}", path: "t.json")
        XCTAssertEqual(t.splash.minHold, 1.5)
        XCTAssertEqual(t.splash.timeout, 3)
        XCTAssertEqual(t.splash.logoCurve, try TimingCurve(parsing: "cubic-bezier(0.2, 0, 0, 1)"))
    }
}

final class LaunchDescriptionTests: XCTestCase {
    func testParsesGradientAndPositions() throws {
        let d = try LaunchDescription.parse(text: "{\"gradient\": [{\"location\": 0, \"color\": \"#000000\"}, {\"location\": 1, \"color\": \"#FFFFFF80\"}], \"logo\": {\"centerX\": 0.5, \"centerY\": 0.4}, \"text\": {\"offsetBelowLogo\": 70}}", path: "launch.json")
        XCTAssertEqual(d.gradient, [GradientStop(location: 0, color: .black), GradientStop(location: 1, color: Color(255, 255, 255, 128))])
        XCTAssertEqual(d.logoCenter.y, 0.4)
        let layout = d.layout(device: Device.named("iphone-se")!, textSize: (300, 32))
        XCTAssertEqual(layout.logoCenter.y, 667 * 0.4, accuracy: 1e-9)
        XCTAssertEqual(layout.textCenter.y, 667 * 0.4 + 70, accuracy: 1e-9)
    }

    /// Optional dark stops and the launch logo's size; without them, the light stops in both
    /// appearances and the intro's default start size.
    func testDarkGradientAndLogoSize() throws {
        let d = try LaunchDescription.parse(text: "{\"gradient\": [{\"color\": \"#FFFFFF\"}], \"darkGradient\": [{\"color\": \"#101010\"}], \"logo\": {\"size\": 96}}", path: "launch.json")
        XCTAssertEqual(d.darkGradient, [GradientStop(location: 0, color: Color(16, 16, 16))])
        XCTAssertEqual(d.logoSize, 96)
        let screen = LaunchScreen.described(d, source: "launch.json")
        XCTAssertEqual(screen.introBackground(.dark), .gradient([GradientStop(location: 0, color: Color(16, 16, 16))]))
        XCTAssertEqual(screen.introBackground(.light), .gradient([GradientStop(location: 0, color: .white)]))
        let plain = try LaunchDescription.parse(text: "{\"gradient\": [{\"color\": \"#FFFFFF\"}]}", path: "launch.json")
        XCTAssertNil(plain.darkGradient)
        XCTAssertEqual(plain.logoSize, Timings().splash.logoStartSize)
        XCTAssertEqual(LaunchScreen.described(plain, source: "x").introBackground(.dark), .gradient([GradientStop(location: 0, color: .white)]))
    }

    func testBrokenDescriptionReportsLineAndColumn() {
        assertRefusals([
            Refusal("{\n  \"gradient\": [\n    {\"location\": 0, \"color\": \"blue\"}\n  ]\n}", "launch.json:3:30: gradient[0].color must be #RRGGBB or #RRGGBBAA"),
            Refusal("{\n  \"gradient\": [\n    {\"location\": 0 \"color\": \"#000000\"}\n  ]\n}", "launch.json:3:20: expected ',' or '}' in an object"),
            Refusal("{\"gradient\": []}", "launch.json:1:14: gradient must be a non-empty array"),
            Refusal("{\"gradient\": [{\"color\": \"#000000\"}], \"logo\": {\"width\": 3}}", "launch.json:1:47: unknown field 'logo.width'"),
            Refusal("{\"gradient\": [{\"color\": \"#000000\"}], \"logo\": {\"size\": 0}}", "logo.size must lie in (0, 10000]"),
            Refusal("{\"gradient\": [{\"color\": \"#000000\"}], \"darkGradient\": []}", "launch.json:1:54: darkGradient must be a non-empty array"),
            Refusal("{\"gradient\": [{\"color\": \"#000000\"}], \"darkGradient\": [{\"color\": \"#12\"}]}", "darkGradient[0].color must be #RRGGBB"),
            Refusal("", "launch.json:1:1: the file is empty"),
            Refusal("{\"gradient\": [{\"color\": \"#000000\"}], \"logo\": {\"centerY\": 1.5}}", "logo.centerY must lie in [0, 1]"),
        ]) { _ = try LaunchDescription.parse(text: $0, path: "launch.json") }
    }
}

final class JSONParserTests: XCTestCase {
    func testParsesAllValueKindsWithPositions() throws {
        let node = try JSONParser.parse("{\"a\": [1, -2.5e1, true, false, null, \"x\\n\\u00e9\"],\n \"b\": {}}", path: "x")
        guard case let .object(members) = node.value else { return XCTFail() }
        XCTAssertEqual(members.map(\.key), ["a", "b"])
        XCTAssertEqual(members[1].keyLocation, SourceLocation(line: 2, column: 2))
        guard case let .array(items) = members[0].value.value else { return XCTFail() }
        XCTAssertEqual(items.map(\.value), [.number(1), .number(-25), .bool(true), .bool(false), .null, .string("x\né")])
        XCTAssertEqual(items[1].location, SourceLocation(line: 1, column: 11))
    }

    func testRejectsDuplicateKeysAndTrailingText() {
        XCTAssertThrowsError(try JSONParser.parse("{\"a\": 1, \"a\": 2}", path: "x")) { XCTAssertTrue("\($0)".contains("x:1:10: field 'a' appears twice")) }
        XCTAssertThrowsError(try JSONParser.parse("{} x", path: "x")) { XCTAssertTrue("\($0)".contains("x:1:4: unexpected text")) }
        XCTAssertThrowsError(try JSONParser.parse("[01]", path: "x"))
    }
}

final class FeedLayoutTests: XCTestCase {
    func testContentIsDeterministicPerSeedAndLargeEnough() {
        XCTAssertEqual(FeedContent(seed: 7), FeedContent(seed: 7))
        XCTAssertNotEqual(FeedContent(seed: 7), FeedContent(seed: 8))
        XCTAssertGreaterThanOrEqual(FeedContent(seed: 7).ads.count, 40)
    }

    func testTwoColumnsOnPhonesAndCardsInsideTheViewport() {
        let layout = FeedLayout(device: Device.named("iphone-se")!, content: FeedContent(seed: 1))
        XCTAssertEqual(layout.columns, 2)
        let a = layout.cardFrame(0, scrollOffset: 0), b = layout.cardFrame(1, scrollOffset: 0)
        XCTAssertEqual(a.y, b.y)
        XCTAssertEqual(b.x - a.maxX, FeedLayout.gap, accuracy: 1e-9)
        XCTAssertEqual(layout.card(at: a.midX, a.midY, scrollOffset: 0), 0)
        XCTAssertTrue(layout.visibleCards(scrollOffset: 0).allSatisfy { layout.cardFrame($0, scrollOffset: 0).intersects(layout.viewport) })
    }
}
