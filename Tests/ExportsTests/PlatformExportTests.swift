import Exports
import Foundation
import Motion
import XCTest
@testable import Formats
@testable import Scenes

/// `export swiftui` and `export compose` cannot run here, so their numbers are checked against the
/// declaration, after each platform's conversion, and their springs are rebuilt from the exported
/// constants with the platforms' published formulas and integrated here, then compared with the
/// app's own spring (`splashlab curve`). The Motion module is not the reference: the formulas are
/// written out below with their sources.
final class PlatformExportTests: XCTestCase {
    /// Numbers the defaults would hide: an under-damped and an over-damped spring, a duration that is
    /// not a whole millisecond, an overshooting curve, four hole keyframes.
    static let tunedTimings = """
    {"splash": {"logo": {"duration": 0.3337, "curve": "cubic-bezier(0.2, 0.9, 0.3, 1.1)", "startSize": 61.5},
                "holeLogo": {"fadeDelay": 0.125},
                "hole": {"scales": [1, 0.7, 3, 20], "keyTimes": [0, 0.15, 0.5, 1], "timingFunctions": ["easeIn", "cubic-bezier(0.1, 0.6, 0.3, 1)", "easeOut"], "duration": 0.75}},
     "panel": {"springResponse": 0.43, "springDampingFraction": 0.6},
     "scroll": {"bounceResponse": 0.61, "bounceDampingFraction": 2.5}}
    """

    func tunedTimingsPath() throws -> String { try temporaryFile(self, named: "tuned.json", contents: PlatformExportTests.tunedTimings) }

    func export(_ what: String, timings: String) throws -> String { try exportText([what], timings: timings) }

    func timings(_ path: String) throws -> Timings { try readTimings(path) }

    /// `export WHAT` of the tuned timings, and those timings as the app reads them.
    func exportOfTunedTimings(_ what: String) throws -> (timings: Timings, source: String) {
        let path = try tunedTimingsPath()
        return (try timings(path), try export(what, timings: path))
    }

    // MARK: Reading the exports

    /// The numbers in `text`, in order (Swift's and Kotlin's literals, a Kotlin `f` suffix dropped).
    func numbers(in text: some StringProtocol) -> [Double] {
        let regex = try! NSRegularExpression(pattern: #"-?[0-9]+(\.[0-9]+)?(e-?[0-9]+)?"#)
        let s = String(text)
        return regex.matches(in: s, range: NSRange(s.startIndex..., in: s)).compactMap { Double(s[Range($0.range, in: s)!]) }
    }

    /// The number a generated expression stands for: a literal, or the declared value of the
    /// `SplashTimings` constant it names.
    func value(of expression: some StringProtocol, in t: Timings) -> Double? {
        let e = expression.trimmingCharacters(in: .whitespaces)
        guard e.hasPrefix("SplashTimings.") else { return numbers(in: e).first }
        let name = String(e.dropFirst("SplashTimings.".count).prefix { $0.isLetter || $0.isNumber })
        guard let p = TimingsSchema.parameters.first(where: { $0.swiftName == name }), case let .number(v) = p.value(in: t) else { return nil }
        return v
    }

    /// The one line of `text` that starts (after its indent) with `prefix`.
    func line(_ prefix: String, in text: String, file: StaticString = #filePath, lineNumber: UInt = #line) -> String? {
        let found = text.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix(prefix) }
        XCTAssertEqual(found.count, 1, "expected one line starting \(prefix)", file: file, line: lineNumber)
        return found.first.map(String.init)
    }

    func assertClose(_ a: [Double], _ b: [Double], relative: Double = 0, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.count, b.count, "\(message): \(a) against \(b)", file: file, line: line)
        for (x, y) in zip(a, b) where abs(x - y) > relative * max(abs(y), 1e-300) {
            XCTFail("\(message): \(a) against \(b)", file: file, line: line)
            return
        }
    }

    // MARK: The platforms' published spring formulas

    /// SwiftUI `Spring(response:dampingRatio:)` (Apple's documentation of Spring and of
    /// `Animation.spring(response:dampingFraction:blendDuration:)`; WWDC23 session 10158 "Animate
    /// with springs"): mass 1, stiffness = (2π / response)², damping = 4π × dampingRatio / response.
    static func swiftUISpring(response: Double, dampingRatio: Double) -> (mass: Double, stiffness: Double, damping: Double) {
        (1, pow(2 * .pi / response, 2), 4 * .pi * dampingRatio / response)
    }

    /// SwiftUI `Spring(duration:bounce:)` (WWDC23 session 10158 "Animate with springs"): mass 1,
    /// stiffness = (2π / duration)², damping = (1 − bounce) × 4π / duration for bounce ≥ 0, and
    /// 4π / (duration × (1 + bounce)) for a negative (over-damped) bounce.
    static func swiftUISpring(duration: Double, bounce: Double) -> (mass: Double, stiffness: Double, damping: Double) {
        (1, pow(2 * .pi / duration, 2), bounce >= 0 ? (1 - bounce) * 4 * .pi / duration : 4 * .pi / (duration * (1 + bounce)))
    }

    /// Jetpack Compose `spring(dampingRatio, stiffness)` (androidx.compose.animation.core
    /// SpringSimulation.kt, and the `spring` documentation: "a physics-based animation ... mass 1"):
    /// x'' = −stiffness (x − 1) − 2 dampingRatio √stiffness x'.
    static func composeSpring(dampingRatio: Double, stiffness: Double) -> (mass: Double, stiffness: Double, damping: Double) {
        (1, stiffness, 2 * dampingRatio * stiffness.squareRoot())
    }

    /// m x'' + c x' + k (x − 1) = 0 from rest at 0, integrated with classical Runge-Kutta (0.1 ms
    /// steps), sampled at `times`: the motion the platform gives those constants.
    static func integrate(_ s: (mass: Double, stiffness: Double, damping: Double), at times: [Double]) -> [Double] {
        var x = 0.0, v = 0.0, t = 0.0
        func a(_ x: Double, _ v: Double) -> Double { (-s.stiffness * (x - 1) - s.damping * v) / s.mass }
        var out: [Double] = []
        for target in times {
            // Whole steps of at most 0.1 ms that land on the sample's time.
            let steps = max(Int(((target - t) / 1e-4).rounded(.up)), 0)
            let h = steps > 0 ? (target - t) / Double(steps) : 0
            for _ in 0..<steps {
                let k1x = v, k1v = a(x, v)
                let k2x = v + h / 2 * k1v, k2v = a(x + h / 2 * k1x, v + h / 2 * k1v)
                let k3x = v + h / 2 * k2v, k3v = a(x + h / 2 * k2x, v + h / 2 * k2v)
                let k4x = v + h * k3v, k4v = a(x + h * k3x, v + h * k3v)
                x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            }
            t = target
            out.append(x)
        }
        return out
    }

    /// The app's own spring for the declared numbers (what `splashlab curve` prints) at `times`.
    func appSpring(response: Double, dampingFraction: Double, at times: [Double]) throws -> [Double] {
        let motion = try SpringMotion(parameters: SpringParameters(response: response, dampingFraction: dampingFraction))
        return times.map(motion.x)
    }

    static let springTimes = (1...60).map { Double($0) / 60 }

    /// Every declared spring's two numbers in `t`.
    func declaredSprings(_ t: Timings) -> [(id: String, response: Double, fraction: Double)] {
        TimingsSchema.springs.compactMap { s in
            guard case let .number(r) = s.response.value(in: t), case let .number(z) = s.dampingFraction.value(in: t) else { return nil }
            return (s.id, r, z)
        }
    }

    static func camel(_ id: String) -> String {
        let parts = id.split(separator: ".").map(String.init)
        return parts.enumerated().map { i, p in i == 0 ? p : p.prefix(1).uppercased() + p.dropFirst() }.joined()
    }

    // MARK: SwiftUI

    func testSwiftUIViewTypeChecksAgainstSwiftUIDeclarations() throws {
        let dir = NSTemporaryDirectory() + "splashlab-swiftui-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        for timings in [defaultTimingsPath, try tunedTimingsPath()] {
            let source = try export("swiftui", timings: timings)
            XCTAssertTrue(source.contains("import SwiftUI"))
            try assertCompiles(source, importing: "SwiftUI", declarations: "SwiftUIDeclarations.swift", self)
        }
    }

    /// Every declared number appears under its name, exactly; curves as UnitCurve control points;
    /// each spring in both forms after SwiftUI's conversion; every track animates with its own
    /// curve, duration and delay to its own end value; the hole's keyframes are its values and key times.
    func testSwiftUINumbersAreTheDeclarations() throws {
        let (t, source) = try exportOfTunedTimings("swiftui")
        // Lint's thresholds judge the motion; they are no part of the choreography an app plays.
        XCTAssertFalse(source.contains("lint"))
        for p in TimingsSchema.parameters where p.section.isExported {
            var separator = ":"
            switch p.value(in: t) { case .curve, .choice: separator = " ="; default: break }
            guard let text = line("static let \(p.swiftName)\(separator)", in: source) else { continue }
            switch p.value(in: t) {
            case let .number(v): assertClose(numbers(in: text.split(separator: "=")[1]), [v], "\(p.path)")
            case let .numbers(vs): assertClose(numbers(in: text.split(separator: "=")[1]), vs, "\(p.path)")
            case let .curve(c):
                if c == .linear { XCTAssertTrue(text.hasSuffix("= UnitCurve.linear"), text) } else {
                    assertClose(numbers(in: text.split(separator: "=")[1]), ParameterValue.curve(c).numbers, "\(p.path)")
                }
            case let .curves(cs):
                let start = source.range(of: "static let \(p.swiftName): [UnitCurve] = [")!.upperBound
                let body = source[start..<source[start...].range(of: "]\n")!.lowerBound]
                XCTAssertEqual(body.components(separatedBy: "UnitCurve.").count - 1, cs.count, "\(p.path)")
                assertClose(numbers(in: body), ParameterValue.curves(cs).numbers, "\(p.path)")
            case let .choice(name), let .text(name): XCTAssertTrue(text.hasSuffix("= \"\(name)\""), text)
            }
        }
        for spring in declaredSprings(t) {
            let name = Self.camel(spring.id)
            let byResponse = numbers(in: line("static let \(name) = Spring(response:", in: source) ?? "")
            assertClose(byResponse, [spring.response, spring.fraction], "\(spring.id) as Spring(response:dampingRatio:)")
            // Spring(duration:bounce:): duration = response; bounce = 1 − ζ (ζ ≤ 1), 1/ζ − 1 (ζ > 1), WWDC23 10158.
            let bounce = spring.fraction <= 1 ? 1 - spring.fraction : 1 / spring.fraction - 1
            let byDuration = numbers(in: line("static let \(name)ByDuration = Spring(duration:", in: source) ?? "")
            assertClose(byDuration, [spring.response, bounce], relative: 1e-12, "\(spring.id) as Spring(duration:bounce:)")
        }
        let constant = { (path: String) in "SplashTimings." + TimingsSchema.parameter(path)!.swiftName }
        for track in SplashTrack.all {
            switch track.motion {
            case .curve where track.drives == .holeTurn:
                XCTAssertNotNil(line("LinearKeyframe(\(JSONOutput.number(track.value(t, 1)).text), duration: \(constant(track.durationPath)), timingCurve: \(constant(track.curvePath)))", in: source))
            case .curve:
                let delay = track.delayPath.map { ".delay(\(constant($0)))" } ?? ""
                let expected = "withAnimation(.timingCurve(\(constant(track.curvePath)), duration: \(constant(track.durationPath)))\(delay)) {"
                guard let text = line(expected, in: source) else { continue }
                XCTAssertEqual(value(of: text.split(separator: "=").last!, in: t) ?? .nan, track.value(t, 1), accuracy: 1e-12, "\(track.id)'s end value: \(text)")
            case let .keyframes(declared):
                let keyframes = declared.track(in: t, screenHeight: 667)
                for i in 1..<keyframes.values.count {
                    guard let text = line("LinearKeyframe(", in: source.components(separatedBy: "\n").filter {
                        $0.contains("\(constant(track.curvePath))[\(i - 1)])")
                    }.joined(separator: "\n")) else { continue }
                    let share = keyframes.keyTimes[i] - keyframes.keyTimes[i - 1]
                    let found = numbers(in: text)
                    // value (at the 667 pt screen of the default device), the segment's share of the duration.
                    XCTAssertEqual(found[0], track.value(t, keyframes.values[i]), accuracy: 1e-9, "\(track.id) keyframe \(i)")
                    XCTAssertEqual(found.first { abs($0 - share) < 1e-9 } ?? .nan, share, accuracy: 1e-12, "\(track.id) keyframe \(i)'s share: \(text)")
                }
            }
        }
    }

    /// Each exported spring, rebuilt with SwiftUI's published formulas from the numbers in the
    /// export, moves as the app's spring for the declared numbers, in both forms.
    func testSwiftUISpringsMoveLikeTheApp() throws {
        let (t, source) = try exportOfTunedTimings("swiftui")
        for spring in declaredSprings(t) {
            let name = Self.camel(spring.id)
            let app = try appSpring(response: spring.response, dampingFraction: spring.fraction, at: Self.springTimes)
            let r = numbers(in: line("static let \(name) = Spring(response:", in: source) ?? "")
            let d = numbers(in: line("static let \(name)ByDuration = Spring(duration:", in: source) ?? "")
            guard r.count == 2, d.count == 2 else { XCTFail("\(spring.id) not exported in both forms"); continue }
            let byResponse = Self.integrate(Self.swiftUISpring(response: r[0], dampingRatio: r[1]), at: Self.springTimes)
            for (a, b) in zip(byResponse, app) { XCTAssertEqual(a, b, accuracy: 1e-5, "\(spring.id) by response and damping ratio") }
            let byDuration = Self.integrate(Self.swiftUISpring(duration: d[0], bounce: d[1]), at: Self.springTimes)
            for (a, b) in zip(byDuration, app) { XCTAssertEqual(a, b, accuracy: 1e-5, "\(spring.id) by duration and bounce") }
        }
    }

    // MARK: Compose

    /// Seconds as whole milliseconds (round(s × 1000)), other numbers as Floats, curves as
    /// CubicBezierEasing, springs as spring(dampingRatio = ζ, stiffness = (2π / response)²), each
    /// track's tween or keyframes from its own constants.
    func testComposeNumbersAreTheDeclarations() throws {
        let (t, source) = try exportOfTunedTimings("compose")
        // Lint's thresholds judge the motion; they are no part of the choreography an app plays.
        XCTAssertFalse(source.contains("lint"))
        for p in TimingsSchema.parameters where p.section.isExported {
            switch p.value(in: t) {
            case let .number(v) where p.unit == "s":
                guard let text = line("const val \(p.swiftName)Millis =", in: source) else { continue }
                XCTAssertEqual(numbers(in: text.split(separator: "=")[1]), [(v * 1000).rounded()], "\(p.path) in ms")
            case let .number(v):
                guard let text = line("const val \(p.swiftName) =", in: source) else { continue }
                XCTAssertEqual(Float(numbers(in: text.split(separator: "=")[1])[0]), Float(v), "\(p.path)")
            case let .numbers(vs):
                guard let text = line("val \(p.swiftName) = floatArrayOf(", in: source) else { continue }
                XCTAssertEqual(numbers(in: text.split(separator: "=")[1]).map { Float($0) }, vs.map { Float($0) }, "\(p.path)")
            case let .curve(c):
                guard let text = line("val \(p.swiftName): Easing =", in: source) else { continue }
                if c == .linear { XCTAssertTrue(text.hasSuffix("= LinearEasing"), text) } else {
                    XCTAssertEqual(numbers(in: text.split(separator: "=")[1]).map { Float($0) }, ParameterValue.curve(c).numbers.map { Float($0) }, "\(p.path)")
                }
            case let .curves(cs):
                guard let text = line("val \(p.swiftName): List<Easing> =", in: source) else { continue }
                XCTAssertEqual(numbers(in: text.split(separator: "=")[1]).map { Float($0) }, ParameterValue.curves(cs).numbers.map { Float($0) }, "\(p.path)")
                XCTAssertEqual(text.components(separatedBy: "Easing(").count - 1 + text.components(separatedBy: "LinearEasing").count - 1, cs.count)
            case let .choice(name), let .text(name):
                XCTAssertNotNil(line("const val \(p.swiftName) = \"\(name)\"", in: source))
            }
        }
        for spring in declaredSprings(t) {
            let found = numbers(in: line("fun <T> \(Self.camel(spring.id))(): SpringSpec<T> = spring(", in: source) ?? "")
            // k = (2π / response)², mass 1: the response is the undamped period 2π / √k.
            XCTAssertEqual(found.count, 2)
            guard found.count == 2 else { continue }
            XCTAssertEqual(Float(found[0]), Float(spring.fraction), "\(spring.id) dampingRatio")
            XCTAssertEqual(Float(found[1]), Float(pow(2 * .pi / spring.response, 2)), "\(spring.id) stiffness")
        }
        let constant = { (path: String) in "SplashTimings." + TimingsSchema.parameter(path)!.swiftName }
        for track in SplashTrack.all {
            switch track.motion {
            case .curve:
                let delay = track.delayPath.map { ", delayMillis = \(constant($0))Millis" } ?? ""
                let prefix = "launch { \(ComposeAnimatable.name(track.drives)).animateTo("
                guard let text = line(prefix, in: source) else { continue }
                XCTAssertTrue(text.hasSuffix(", tween(durationMillis = \(constant(track.durationPath))Millis\(delay), easing = \(constant(track.curvePath)))) }"), text)
                let end = value(of: text[text.range(of: "animateTo(")!.upperBound...], in: t) ?? .nan
                XCTAssertEqual(Float(end), Float(track.value(t, 1)), "\(track.id): \(text)")
            case let .keyframes(declared):
                let keyframes = declared.track(in: t, screenHeight: 667)
                let ms = (track.duration(in: t) * 1000).rounded()
                for i in 0..<(keyframes.values.count - 1) {
                    guard let text = line("\(ComposeExportNumber.float(track.value(t, keyframes.values[i]))) at", in: source) else { continue }
                    XCTAssertTrue(text.hasSuffix("using \(constant(track.curvePath))[\(i)]"), text)
                    XCTAssertEqual(numbers(in: text)[1], (keyframes.keyTimes[i] * ms).rounded(), "\(track.id) keyframe \(i) time in ms")
                }
            }
        }
    }

    /// Each exported `spring(dampingRatio, stiffness)`, as Compose moves it (mass 1), moves as the
    /// app's spring for the declared response and damping fraction.
    func testComposeSpringsMoveLikeTheApp() throws {
        let (t, source) = try exportOfTunedTimings("compose")
        for spring in declaredSprings(t) {
            let found = numbers(in: line("fun <T> \(Self.camel(spring.id))(): SpringSpec<T> = spring(", in: source) ?? "")
            guard found.count == 2 else { XCTFail("\(spring.id) not exported"); continue }
            // Kotlin reads the literals as Floats.
            let motion = Self.integrate(Self.composeSpring(dampingRatio: Double(Float(found[0])), stiffness: Double(Float(found[1]))), at: Self.springTimes)
            let app = try appSpring(response: spring.response, dampingFraction: spring.fraction, at: Self.springTimes)
            for (a, b) in zip(motion, app) { XCTAssertEqual(a, b, accuracy: 1e-5, "\(spring.id)") }
        }
    }
}

extension PlatformExportTests {
    /// README's table of the exports has a column for every code export of the table of targets,
    /// in its order, and quotes them as they are for the default timings: every piece of code in a
    /// row (its "…" marking what is left out) is in that column's export.
    func testReadmeQuotesTheExportsOfTheDefaultTimings() throws {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let code = ExportTargets.standard.all.filter { $0.options != .folder }
        guard let table = readme.range(of: "| | `export \(code[0].name)`") else { return XCTFail("README has no table of the exports") }
        let lines = readme[table.lowerBound...].split(separator: "\n")
        let columns = lines[0].split(separator: "|").dropFirst().map { $0.split(separator: "`").dropFirst().first.map(String.init) ?? "" }
        XCTAssertEqual(columns, code.map { "export \($0.name)" }, "README's columns are the code exports")
        let rows = lines.dropFirst(2).prefix { $0.hasPrefix("|") }
        XCTAssertGreaterThanOrEqual(rows.count, 3)
        func collapsed(_ s: some StringProtocol) -> String { s.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ") }
        let exports = try code.map { collapsed(try exportText([$0.name], timings: defaultTimingsPath)) }
        for row in rows {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }.dropFirst(2).prefix(code.count)
            for (cell, export) in zip(cells, exports) {
                let quotes = cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
                XCTAssertFalse(quotes.isEmpty, "README cell without code: \(cell)")
                for quote in quotes {
                    for piece in quote.components(separatedBy: "…").map({ collapsed($0).trimmingCharacters(in: CharacterSet(charactersIn: " ,")) }) where !piece.isEmpty {
                        XCTAssertTrue(export.contains(piece), "README quotes `\(piece)`, which the export does not contain")
                    }
                }
            }
        }
    }

}

/// The names the Compose export gives its animatables: each property's own name.
enum ComposeAnimatable {
    static func name(_ p: SplashProperty) -> String { p.name }
}

enum ComposeExportNumber {
    static func float(_ v: Double) -> String { JSONOutput.number(v).text + "f" }
}
