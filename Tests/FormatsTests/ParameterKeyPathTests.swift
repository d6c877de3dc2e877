import Formats
import Motion
import XCTest

/// The declaration is indexed by key path: every field a track or a motion reads is declared, and
/// each declaration's key path, path and section agree.
final class ParameterKeyPathTests: XCTestCase {
    func testEveryParameterIsFoundByItsKeyPath() {
        for p in TimingsSchema.parameters {
            XCTAssertEqual(TimingsSchema.parameter(for: p.keyPath)?.path, p.path)
            XCTAssertEqual(TimingsSchema.path(of: p.keyPath), p.path)
        }
        XCTAssertEqual(Set(TimingsSchema.parameters.map(\.keyPath)).count, TimingsSchema.parameters.count, "two declarations of one field")
    }

    func testEverySectionIsThePathsFirstPart() {
        for p in TimingsSchema.parameters {
            XCTAssertEqual(p.path.split(separator: ".").first.map(String.init), p.section.rawValue, p.path)
        }
        XCTAssertEqual(TimingsSchema.parameters.filter(\.isLintThreshold).map(\.path),
                       ["lint.popShare", "lint.velocityJumpShare", "lint.overshootShare", "lint.settleBudget"])
    }

    func testEveryFieldATrackReadsIsDeclared() {
        for track in SplashTrack.all {
            XCTAssertFalse(track.parameters.isEmpty, track.id)
            for keyPath in track.parameters {
                XCTAssertNotNil(TimingsSchema.parameter(for: keyPath), "\(track.id) reads \(keyPath), which is not declared")
            }
        }
        let logo = SplashTrack.all[0]
        XCTAssertEqual([logo.durationPath, logo.curvePath] + logo.reads,
                       ["splash.logo.duration", "splash.logo.curve", "splash.logo.startSize", "splash.logo.endSize"])
        let hole = SplashTrack.all.first { $0.drives == .holeSize }
        XCTAssertEqual(hole?.reads, ["splash.hole.scales", "splash.hole.referenceHeight", "splash.logo.endSize"])
        XCTAssertEqual(hole?.keyTimesPath, "splash.hole.keyTimes")
    }

    /// Each interaction motion names its parameters through their key paths, and each spring is
    /// declared once: its schema entries carry its id and label.
    func testEveryMotionsParametersAndSpringsDeriveFromTheirEntries() {
        XCTAssertEqual(InteractionMotion.all.map(\.reads), [
            ["card.duration", "card.curve"], ["panel.heightFraction"], ["panel.maxDim"], ["panel.duration", "panel.curve"],
            ["panel.completion"], ["panel.springResponse", "panel.springDampingFraction"],
            ["scroll.bounceResponse", "scroll.bounceDampingFraction"], ["scroll.decelerationRate"],
        ])
        XCTAssertEqual(TimingsSchema.springs.map(\.id), ["panel.spring", "scroll.bounce"])
        for spring in TimingsSchema.springs {
            for (parameter, role) in [(spring.response, SpringMembership.Role.response), (spring.dampingFraction, .dampingFraction)] {
                XCTAssertEqual(parameter.spring?.spring, spring.id)
                XCTAssertEqual(parameter.spring?.label, spring.label)
                XCTAssertEqual(parameter.spring?.role, role)
            }
        }
    }

    /// A curve motion's spec is its curve and a spring motion's its spring, read through the
    /// entry's key paths; the other motions have none.
    func testCurveAndSpringMotionsGiveTheirSpec() throws {
        var t = Timings()
        t.card.curve = .easeIn
        t.scroll.bounceResponse = 0.5
        XCTAssertEqual(InteractionMotion.all.map { $0.spec(in: t) != nil }, [true, false, false, true, false, true, true, false])
        XCTAssertEqual(CardMotions.transition.motion.spec(in: t), .curve(.easeIn))
        guard case let .spring(bounce)? = ScrollMotions.bounce.motion.spec(in: t) else { return XCTFail("no spring") }
        XCTAssertEqual(bounce.parameters.response, 0.5, accuracy: 1e-12)
        XCTAssertEqual(bounce.parameters.dampingFraction, 1, accuracy: 1e-12)
    }
}
