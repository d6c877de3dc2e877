import Foundation
import XCTest
import TestFixtures
@testable import Formats
@testable import Motion
@testable import Scenes

/// The reproducers of the hardening issue, each now a clear error or the right result. Sizes are
/// those of the reports; the tests check results, never time. `splashlab bench --motion` prints
/// the parse timings, and parses a million-event script, which takes too long for a debug test.
final class NestingTests: XCTestCase {
    private func deep(_ open: String, _ close: String, _ count: Int) -> String {
        String(repeating: open, count: count) + String(repeating: close, count: count)
    }

    func testFortyThousandNestedArraysInTimingsAreRefusedAtTheDepthLimit() {
        XCTAssertThrowsError(try Timings.parse(text: deep("[", "]", 40_000), path: "t.json")) {
            XCTAssertEqual("\($0)", "t.json:1:257: arrays and objects nest deeper than 256 levels")
        }
    }

    func testFortyThousandNestedObjectsAreRefusedAtTheDepthLimit() {
        let text = String(repeating: "{\"a\": ", count: 40_000) + "1" + String(repeating: "}", count: 40_000)
        XCTAssertThrowsError(try JSONParser.parse(text, path: "o.json")) {
            XCTAssertEqual("\($0)", "o.json:1:\(256 * 6 + 1): arrays and objects nest deeper than 256 levels")
        }
    }

    func testDeepNestingInsideAScriptsEventsIsRefused() {
        let text = "{\"events\": [" + deep("[", "]", 40_000) + "]}"
        XCTAssertThrowsError(try InputScript.parse(text: text, path: "s.json")) {
            XCTAssertEqual("\($0)", "s.json:1:\(12 + 255): arrays and objects nest deeper than 256 levels")
        }
    }

    func testTheLimitItselfIsAccepted() throws {
        let node = try JSONParser.parse(deep("[", "]", JSONParser.maximumDepth), path: "x")
        XCTAssertEqual(node.value.typeName, "an array")
        XCTAssertThrowsError(try JSONParser.parse(deep("[", "]", JSONParser.maximumDepth + 1), path: "x"))
    }
}

final class LongInputTests: XCTestCase {
    func testAOneLineScriptOfManyEventsReadsEveryEventAndPlace() throws {
        let count = 20_000
        let events = (0..<count).map { "{\"t\": \(Double($0) / 1000), \"type\": \"move\", \"x\": \($0 % 375), \"y\": 300}" }
        let script = try InputScript.parse(text: "{\"events\": [" + events.joined(separator: ", ") + "]}", path: "s.json")
        XCTAssertEqual(script.events.count, count)
        XCTAssertEqual(script.events.last, InputEvent(time: 19.999, kind: .move(x: Double((count - 1) % 375), y: 300)))
        // A mistake at the end of the line is placed by counting forward, not by rescanning.
        let broken = "{\"events\": [" + events.joined(separator: ", ") + ", {\"t\": 20, \"type\": \"tap\"}]}"
        let column = broken.count - 7
        XCTAssertThrowsError(try InputScript.parse(text: broken, path: "s.json")) {
            XCTAssertEqual("\($0)", "s.json:1:\(column): events[\(count)].type 'tap' is unknown; expected one of down, move, up, key, wheel, cancel")
        }
    }

    func testAnObjectOfFortyThousandKeysKeepsThemAllAndFindsADuplicate() throws {
        let keys = (0..<40_000).map { "\"k\($0)\": \($0)" }
        let node = try JSONParser.parse("{" + keys.joined(separator: ",") + "}", path: "o.json")
        guard case let .object(members) = node.value else { return XCTFail("not an object") }
        XCTAssertEqual(members.count, 40_000)
        XCTAssertEqual(members[39_999].key, "k39999")
        XCTAssertEqual(members[39_999].value.value, .number(39_999))
        let duplicated = "{" + keys.joined(separator: ",") + ",\"k20000\": 0}"
        XCTAssertThrowsError(try JSONParser.parse(duplicated, path: "o.json")) {
            XCTAssertEqual("\($0)", "o.json:1:\(duplicated.count - 11): field 'k20000' appears twice")
        }
    }

    func testAMillionDigitNumberGivesAShortMessage() {
        let text = "{\"card\": {\"duration\": " + String(repeating: "9", count: 1_000_000) + "}}"
        XCTAssertThrowsError(try Timings.parse(text: text, path: "t.json")) {
            XCTAssertEqual("\($0)", "t.json:1:23: '9999999999999999999999999999999999999999…' (1000000 characters) is not a usable number: it overflows a double")
        }
    }

    func testAMillionCharacterFieldNameGivesAShortMessage() {
        let name = String(repeating: "x", count: 1_000_000)
        XCTAssertThrowsError(try Timings.parse(text: "{\"\(name)\": 1}", path: "t.json")) {
            let message = "\($0)"
            XCTAssertTrue(message.hasPrefix("t.json:1:2: unknown field 'xxxxxxxx"), message)
            XCTAssertTrue(message.contains("…' (1000000 characters); expected one of"), message)
            XCTAssertLessThan(message.count, 200)
        }
    }

    func testAbbreviationCountsWhatItPrints() {
        XCTAssertEqual(abbreviatedForMessage("short"), "'short'")
        XCTAssertEqual(abbreviatedForMessage("a\nb"), "'a\\u{a}b'")
        // Found by fuzz-curve: a spec of NUL bytes printed six characters for each one.
        let nuls = String(repeating: "\u{0}", count: 100)
        XCTAssertEqual(abbreviatedForMessage(nuls), "'" + String(repeating: "\\u{0}", count: 8) + "…' (100 characters)")
        XCTAssertThrowsError(try MotionSpec(parsing: "cubic-bezier(" + nuls + ", 0, 1, 1)")) {
            XCTAssertLessThan("\($0)".unicodeScalars.count, 200)
        }
    }
}

final class EncodingTests: XCTestCase {
    private let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    private func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "splashlab-\(UUID().uuidString).json"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testALeadingBOMIsSkippedInTimingsScriptsAndLaunchDescriptions() throws {
        let timings = try temporaryFile(bom + Array("{\"card\": {\"duration\": 0.5}}".utf8))
        XCTAssertEqual(try Timings.load(path: timings).card.duration, 0.5)
        let script = try InputScript.parse(bytes: bom + Array("{\"events\": [{\"t\": 1, \"type\": \"cancel\"}]}".utf8), path: "s.json")
        XCTAssertEqual(script.events, [InputEvent(time: 1, kind: .cancel)])
        let launch = try LaunchDescription.parse(bytes: bom + Array("{\"gradient\": [{\"color\": \"#000000\"}]}".utf8), path: "l.json")
        XCTAssertEqual(launch.gradient.count, 1)
        // Text that starts with U+FEFF, as the window's reload decodes it, reads the same.
        XCTAssertEqual(try InputScript.parse(text: "\u{FEFF}{\"events\": []}", path: "s.json").events, [])
        // Columns do not count the mark.
        XCTAssertThrowsError(try InputScript.parse(bytes: bom + Array("{\"evts\": []}".utf8), path: "s.json")) {
            XCTAssertTrue("\($0)".hasPrefix("s.json:1:2: unknown field 'evts'"), "\($0)")
        }
    }

    func testInvalidUTF8IsRefusedAtItsByteInTimingsAndScripts() throws {
        let bytes = Array("{\"$comment\": \"caf".utf8) + [0xE9] + Array("\",\n \"card\": {}}".utf8)
        let expected = "the file is not UTF-8 text: byte 18 (0xE9) is not valid UTF-8"
        let timings = try temporaryFile(bytes)
        XCTAssertThrowsError(try Timings.load(path: timings)) { XCTAssertEqual("\($0)", "\(timings):1:18: \(expected)") }
        XCTAssertThrowsError(try InputScript.parse(bytes: bytes, path: "s.json")) { XCTAssertEqual("\($0)", "s.json:1:18: \(expected)") }
        XCTAssertThrowsError(try LaunchDescription.parse(bytes: bytes, path: "l.json")) { XCTAssertEqual("\($0)", "l.json:1:18: \(expected)") }
    }

    func testUTF8ValidationFollowsTheStandardsTable() {
        let cases: [(UInt, [UInt8], Int?)] = [
            (#line, Array("aé€😀".utf8), nil),
            (#line, [0x61, 0xC0, 0xAF], 1),       // overlong '/'
            (#line, [0xE0, 0x80, 0xAF], 0),       // overlong three-byte form
            (#line, [0xED, 0xA0, 0x80], 0),       // a UTF-16 surrogate
            (#line, [0xF4, 0x90, 0x80, 0x80], 0), // above U+10FFFF
            (#line, [0xE2, 0x82], 0),             // cut short at the end
            (#line, [0x80], 0),                   // a lone continuation byte
        ]
        for (line, bytes, expected) in cases {
            XCTAssertEqual(JSONParser.firstInvalidUTF8(bytes), expected, line: line)
        }
    }

    func testColumnsCountCharactersNotBytes() {
        XCTAssertThrowsError(try JSONParser.parse("{\"é😀\": \"ü\", \"b\": x}", path: "x")) {
            XCTAssertEqual("\($0)", "x:1:18: unexpected character 'x'; expected a value")
        }
        XCTAssertThrowsError(try JSONParser.parse("[1,\n  é]", path: "x")) {
            XCTAssertEqual("\($0)", "x:2:3: unexpected character 'é'; expected a value")
        }
    }
}

final class EscapeTests: XCTestCase {
    func testMalformedUnicodeEscapesAreRefused() {
        assertRefusals([
            Refusal(#"["\u-000"]"#, "x:1:5: \\u needs four hex digits"),
            Refusal(#"["\u+00A"]"#, "x:1:5: \\u needs four hex digits"),
            Refusal(#"["\u00"]"#, "x:1:5: \\u needs four hex digits"),
            Refusal(#"["\uD83D"]"#, "x:1:3: \\uD83D is half of a UTF-16 surrogate pair; the low half must follow"),
            Refusal(#"["\uD83D\u0041"]"#, "x:1:3: \\uD83D is half of a UTF-16 surrogate pair"),
            Refusal(#"["\uDE00"]"#, "x:1:3: \\uDE00 is a lone low surrogate, not a character"),
            Refusal(#"["\x"]"#, "x:1:3: unknown escape \\x"),
            Refusal("[\"a\u{1}\"]", "x:1:4: control character U+0001 inside a string"),
        ], match: .prefix) { _ = try JSONParser.parse($0, path: "x") }
    }

    func testWellFormedEscapesDecode() throws {
        let node = try JSONParser.parse(#"["\u00e9\uD83D\uDE00\u0000\"\\\/\b\f\n\r\t", "plain"]"#, path: "x")
        XCTAssertEqual(node.value, .array([
            JSONNode(value: .string("é😀\u{0}\"\\/\u{8}\u{c}\n\r\t"), location: SourceLocation(line: 1, column: 2)),
            JSONNode(value: .string("plain"), location: SourceLocation(line: 1, column: 46)),
        ]))
    }
}

final class EmptyAndUnreadableTests: XCTestCase {
    func testAnEmptyFileIsReportedAsEmpty() {
        XCTAssertThrowsError(try Timings.load(path: "/dev/null")) {
            XCTAssertEqual("\($0)", "/dev/null:1:1: the file is empty; expected a JSON value")
        }
        XCTAssertThrowsError(try InputScript.load(path: "/dev/null")) {
            XCTAssertEqual("\($0)", "/dev/null:1:1: the file is empty; expected a JSON value")
        }
        XCTAssertThrowsError(try JSONParser.parse(" \n\t", path: "w.json")) {
            XCTAssertEqual("\($0)", "w.json:2:2: the file holds only whitespace; expected a JSON value")
        }
    }

    func testAFileThatCannotBeReadSaysWhy() {
        XCTAssertThrowsError(try InputScript.load(path: "/nonexistent/s.json")) {
            XCTAssertEqual("\($0)", "/nonexistent/s.json:1:1: cannot read the file: No such file or directory")
        }
        XCTAssertThrowsError(try Timings.load(path: NSTemporaryDirectory())) {
            XCTAssertTrue("\($0)".hasSuffix(":1:1: cannot read the file: it is a directory"), "\($0)")
        }
    }
}

final class ScriptRangeTests: XCTestCase {
    func testTheHugeDragOfTheIssueIsRefusedAtParse() {
        let text = """
        {"events": [{"t": 0.1, "type": "down", "x": 180, "y": 500},
                    {"t": 0.15, "type": "move", "x": 180, "y": 1e38},
                    {"t": 0.2, "type": "up", "x": 180, "y": 1e38}]}
        """
        XCTAssertThrowsError(try InputScript.parse(text: text, path: "drag.json")) {
            XCTAssertEqual("\($0)", "drag.json:2:56: events[1].y must lie in [-100000, 100000] (got 1e+38)")
        }
    }

    func testTimesAndWheelClicksHaveLimitsToo() {
        assertRefusals([
            Refusal(#"{"events": [{"t": 86401, "type": "cancel"}]}"#, "s.json:1:19: events[0].t must lie in [0, 86400] (got 86401.0)"),
            Refusal(#"{"events": [{"t": -1, "type": "cancel"}]}"#, "s.json:1:19: events[0].t must lie in [0, 86400] (got -1.0)"),
            Refusal(#"{"events": [{"t": 1, "type": "wheel", "dy": -1001}]}"#, "s.json:1:45: events[0].dy must lie in [-1000, 1000] (got -1001.0)"),
            Refusal(#"{"events": [{"t": 1, "type": "down", "x": 100001, "y": 0}]}"#, "s.json:1:43: events[0].x must lie in [-100000, 100000]"),
        ], match: .prefix) { _ = try InputScript.parse(text: $0, path: "s.json") }
        XCTAssertNoThrow(try InputScript.parse(text: #"{"events": [{"t": 86400, "type": "move", "x": -100000, "y": 100000}, {"t": 86400, "type": "wheel", "dy": 1000}]}"#, path: "s.json"))
    }

    func testTheWindowClampsToTheSameLimits() {
        let wild = InputEvent(time: .infinity, kind: .move(x: -1e300, y: .nan))
        XCTAssertEqual(wild.clampedToLimits(), InputEvent(time: InputEvent.timeLimit, kind: .move(x: -InputEvent.coordinateLimit, y: 0)))
        XCTAssertEqual(InputEvent(time: 1, kind: .wheel(dy: 5e9)).clampedToLimits(), InputEvent(time: 1, kind: .wheel(dy: InputEvent.wheelLimit)))
        let ordinary = InputEvent(time: 2, kind: .down(x: 10, y: 20))
        XCTAssertEqual(ordinary.clampedToLimits(), ordinary)
    }
}

final class CurveLimitTests: XCTestCase {
    func testTheInfiniteCurveOfTheIssueIsRefusedWhenTheTimingsLoad() {
        let text = #"{"splash": {"logo": {"curve": "cubic-bezier(0.5, 1e300, 0.5, 1e300)"}}}"#
        XCTAssertThrowsError(try Timings.parse(text: text, path: "t.json")) {
            XCTAssertEqual("\($0)", "t.json:1:31: splash.logo.curve: y1 must lie in [-1000, 1000] (got 1e+300)")
        }
    }

    func testCurvesAtTheLimitsKeepEveryFrameFinite() throws {
        // The extreme accepted curve on every curve field: `state` must still print finite numbers.
        let curve = "\"cubic-bezier(0.000001, 1, 1, -1000)\""
        let text = """
        {"splash": {"logo": {"curve": \(curve), "endSize": 10000}, "feed": {"curve": \(curve), "endScale": 100},
                    "hole": {"timingFunctions": [\(curve), \(curve)], "rotationCurve": \(curve)},
                    "text": {"riseCurve": \(curve), "fadeCurve": \(curve)}, "holeLogo": {"fadeCurve": \(curve)}}}
        """
        XCTAssertNoThrow(try Timings.parse(text: text, path: "t.json"))
        XCTAssertNoThrow(try FuzzCorpusTests.check(.timings, Array(text.utf8)))
    }

    func testControlPointsThatMakeSlopesOverflowAreRefused() {
        assertRefusals([
            Refusal("cubic-bezier(1e-300, 1, 0.5, 1)", "the start slope y1 / x1 must lie in [-1e6, 1e6]"),
            Refusal("cubic-bezier(0.5, 0, 0.9999999999, -5)", "the end slope (1 - y2) / (1 - x2) must lie in [-1e6, 1e6]"),
            Refusal("cubic-bezier(0.5, 0, 0.5, -1000.5)", "y2 must lie in [-1000, 1000]"),
            Refusal("cubic-bezier(0x1p-2, 0, 1, 1)", "'0x1p-2' is not a number"),
            Refusal("cubic-bezier(0.5, inf, 0.5, 1)", "inf must be a finite number"),
        ]) { _ = try TimingCurve(parsing: $0) }
        XCTAssertNoThrow(try TimingCurve(parsing: "cubic-bezier(0, 1000, 1, -1000)"))
        XCTAssertNoThrow(try TimingCurve(parsing: "cubic-bezier(.25, +1e2, 1., 1E-1)"))
    }

    func testACuspGivesAFiniteSlope() throws {
        // x1 = 1, x2 = 0 makes dx/dt vanish at t = 0.5, where dy/dx would divide by zero.
        let curve = try TimingCurve(parsing: "cubic-bezier(1, 0, 0, 1)")
        for x in stride(from: 0.0, through: 1.0, by: 0.001) {
            XCTAssertTrue(curve.slope(x).isFinite && curve.value(x).isFinite, "at \(x)")
        }
    }
}

final class JSONOutputTests: XCTestCase {
    func testNumbersNeverPrintAsInfOrNan() {
        XCTAssertEqual(JSONOutput.number(1e300).text, "1e+300")
        XCTAssertEqual(JSONOutput.number(-1.5e20).text, "-1.5e+20")
        XCTAssertEqual(JSONOutput.number(.infinity).text, "null")
        XCTAssertEqual(JSONOutput.number(.nan).text, "null")
        XCTAssertEqual(JSONOutput.number(2.3).text, "2.3")
        XCTAssertEqual(JSONOutput.number(123456789012345).text, "123456789012345")
        // What it prints reads back as JSON.
        XCTAssertNoThrow(try JSONParser.parse(JSONOutput.array([.number(1e300), .number(-1e-300), .number(.greatestFiniteMagnitude)]).text, path: "x"))
    }
}

final class SpringLimitTests: XCTestCase {
    func testSpringsThatCouldNotBeMeasuredAreRefused() {
        assertRefusals([
            // Found by fuzz-curve: measuring its settling scanned 1e14 steps.
            Refusal("spring(mass: 1, stiffness: 1005555555555555555555555555555, damping: 10, initialVelocity: -3)",
             "the response 2π√(mass / stiffness) must lie in [0.001, 1000] s"),
            Refusal("spring(response: 0.5, dampingFraction: 0.0000001)", "the damping ratio damping / (2√(stiffness × mass)) must lie in 0 or [0.001, 1000]"),
            Refusal("spring(mass: 1e200, stiffness: 1e200, damping: 1)", "the damping ratio"),
            Refusal("spring(duration: 0.5, bounce: 0, initialVelocity: 1e7)", "initialVelocity must lie in [-1e6, 1e6]"),
        ]) { _ = try MotionSpec(parsing: $0) }
    }

    func testSpringsAtTheLimitsSettleOrSayTheyNeverDo() throws {
        guard case let .spring(stiff) = try MotionSpec(parsing: "spring(response: 0.001, dampingFraction: 0.001)"),
              case let .spring(undamped) = try MotionSpec(parsing: "spring(duration: 0.4, bounce: 1)") else {
            return XCTFail("not springs")
        }
        XCTAssertTrue(stiff.settlingDuration.isFinite)
        XCTAssertEqual(undamped.settlingDuration, .infinity)
    }

    /// A choice's wrong value is echoed cut, like every other token.
    func testALongChoiceIsCutInTheMessage() {
        let text = "{\"panel\": {\"completion\": \"" + String(repeating: "x", count: 5000) + "\"}}"
        XCTAssertThrowsError(try Timings.parse(text: text, path: "t.json")) {
            XCTAssertEqual("\($0)", "t.json:1:26: panel.completion must be \"spring\" or \"percent\" (got 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (5000 characters))")
        }
    }

    /// Each number's editing is declared with it, inside its range, and the springs pair up from
    /// their parameters' own declarations (nothing is guessed from a path).
    func testEveryNumberDeclaresHowItIsEditedAndSpringsPairUp() {
        for p in TimingsSchema.parameters {
            guard let range = p.range else { XCTAssertNil(p.editing, p.path); continue }
            guard let e = p.editing else { XCTFail("\(p.path) declares no editing"); continue }
            XCTAssertTrue(range.contains(e.slider.lowerBound) && range.contains(e.slider.upperBound), p.path)
            XCTAssertLessThan(e.slider.lowerBound, e.slider.upperBound, p.path)
            XCTAssertEqual(e.step, (e.slider.upperBound - e.slider.lowerBound) / 300, accuracy: 1e-15, p.path)
            XCTAssertEqual(e.decimals, p.kind == .size ? 1 : 3, p.path)
        }
        XCTAssertEqual(TimingsSchema.springs.map(\.id), ["panel.spring", "scroll.bounce"])
        for spring in TimingsSchema.springs {
            XCTAssertEqual(spring.response.spring?.role, .response)
            XCTAssertEqual(spring.dampingFraction.spring?.role, .dampingFraction)
            XCTAssertEqual(spring.response.kind, .spring)
        }
        XCTAssertEqual(TimingsSchema.parameter("panel.springDampingFraction")?.editing?.slider, 0.05...2)
        XCTAssertEqual(TimingsSchema.parameter("splash.minHold")?.editing?.slider, 0...10)
        XCTAssertEqual(TimingsSchema.parameter("scroll.decelerationRate")?.editing?.slider, 0.9...0.9999)
    }
}
