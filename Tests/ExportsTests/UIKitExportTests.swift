import Exports
import Foundation
import XCTest

/// `export swift`: UIKit and Core Animation code that plays the timings with its own constants.
final class UIKitExportTests: XCTestCase {
    func testExportSwiftContainsTheTimings() throws {
        let source = try exportText(["swift"], timings: defaultTimingsPath)
        for expected in ["static let minHold: TimeInterval = 2", "static let timeout: TimeInterval = 3",
                         "static let logoDuration: TimeInterval = 0.3", "static let holeScales: [CGFloat] = [1, 0.85, 18]",
                         "CGAffineTransform(scaleX: SplashTimings.logoStartSize / SplashTimings.logoEndSize",
                         "UIViewPropertyAnimator(duration: SplashTimings.logoDuration,",
                         "controlPoint1: CGPoint(x: 0.42, y: 0)", "controlPoint2: CGPoint(x: 0.58, y: 1)",
                         "scale.values = [SplashTimings.holeScales[0], SplashTimings.holeScales[1], SplashTimings.holeScales[2] * screenHeight / SplashTimings.holeReferenceHeight]",
                         "scale.keyTimes = SplashTimings.holeKeyTimes.map", "scale.timingFunctions = SplashTimings.holeTimingFunctions",
                         "CAMediaTimingFunction(controlPoints: 0, 0, 0.58, 1)",
                         "rotation.toValue = -atan(logoCenter.y / logoCenter.x)", "logoFade.duration = SplashTimings.holeLogoFadeDuration",
                         "logoFade.beginTime = CACurrentMediaTime() + SplashTimings.holeLogoFadeDelay",
                         "CGAffineTransform(scaleX: SplashTimings.feedStartScale, y: SplashTimings.feedStartScale)",
                         "UIViewPropertyAnimator(duration: SplashTimings.feedDuration,",
                         "UIViewPropertyAnimator(duration: SplashTimings.reduceMotionFadeDuration,", "static let panelMaxDim: CGFloat = 0.4",
                         "UIViewPropertyAnimator(duration: SplashTimings.panelDuration,",
                         "UISpringTimingParameters(mass: 1, stiffness: 322.27"] {
            XCTAssertTrue(source.contains(expected), "missing: \(expected)")
        }
        // A tuned file's values come through, in the constants the animators use.
        let tuned = try temporaryFile(self, named: "tuned.json",
                                      contents: "{\"splash\": {\"logo\": {\"duration\": 0.45, \"curve\": \"cubic-bezier(0.2, 0.9, 0.3, 1.1)\"}}}")
        let t = try exportText(["swift"], timings: tuned)
        XCTAssertTrue(t.contains("static let logoDuration: TimeInterval = 0.45") && t.contains("controlPoint1: CGPoint(x: 0.2, y: 0.9)"), t)
    }

    /// Every duration, delay, key time, curve and start or end value an animation is given is the
    /// constant of `SplashTimings` beside it, so editing the constant changes the animation: no
    /// number of the constants appears again as a literal outside their declarations, but the
    /// control points a `UIViewPropertyAnimator` takes as points.
    func testAnimationsUseTheirConstants() throws {
        let source = try exportText(["swift"], timings: defaultTimingsPath)
        let lines = source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let timed = lines.filter { $0.contains("duration:") || $0.contains(".duration =") || $0.contains(".beginTime =") }
        XCTAssertGreaterThanOrEqual(timed.count, 12)
        for line in timed where !line.hasPrefix("///") {
            let value = line.components(separatedBy: line.contains("duration:") ? "duration:" : "=")[1].trimmingCharacters(in: .whitespaces)
            XCTAssertTrue(value.hasPrefix("SplashTimings.") || value.hasPrefix("CACurrentMediaTime() + SplashTimings."), "a literal where its constant belongs: \(line)")
        }
        for assignment in ["scale.values", "scale.keyTimes", "scale.timingFunctions", "rotation.timingFunction", "logoFade.timingFunction"] {
            let line = try XCTUnwrap(lines.first { $0.hasPrefix(assignment + " =") }, assignment)
            XCTAssertTrue(line.dropFirst(assignment.count + 3).hasPrefix("SplashTimings.") || line.contains("[SplashTimings."), line)
        }
        for transform in lines where transform.contains("CGAffineTransform(scaleX:") || transform.contains("CGAffineTransform(translationX:") {
            XCTAssertNil(transform.range(of: #"(scaleX|y): [0-9]"#, options: .regularExpression), "a literal where its constant belongs: \(transform)")
        }
    }

    /// The exported Swift parses, and type-checks against the UIKit and Core Animation
    /// declarations it uses (Apple's signatures, restated in Tests/Fixtures).
    func testExportedSwiftCompiles() throws {
        let tuned = try temporaryFile(self, named: "tuned.json", contents: PlatformExportTests.tunedTimings)
        for timings in [defaultTimingsPath, tuned] {
            try assertCompiles(try exportText(["swift"], timings: timings), importing: "UIKit", declarations: "UIKitDeclarations.swift", self)
        }
    }
}
