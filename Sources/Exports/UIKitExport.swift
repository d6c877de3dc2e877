import Formats
import Foundation
import Motion
import Scenes

/// `splashlab export swift`: Swift (UIKit and Core Animation) that reproduces the active timings.
/// Every duration, delay, key time and curve a track animates with is its `SplashTimings` constant,
/// so an engineer who edits the constant in Xcode changes the animation.
public struct UIKitExport: ExportTarget, SwiftConstantSpelling {
    public let command = ExportCommandLine(name: "swift", options: .timings)

    public func export(_ source: ExportSource) throws -> ExportOutput {
        .text(Self.source(ExportModel(timings: source.timings, screenHeight: source.splash.device.height), timingsPath: source.timingsPath))
    }

    static func number(_ v: Double) -> String { ExportNames.number(v) }

    /// A constant of the generated `SplashTimings`.
    static func constant(_ c: ExportConstant) -> String { "SplashTimings." + c.name }

    static func controlPoints(_ c: TimingCurve) -> String {
        let p = c.controlPoints
        return "\(number(p.0)), \(number(p.1)), \(number(p.2)), \(number(p.3))"
    }

    /// `UIViewPropertyAnimator` with the curve's control points, which UIView.animate's four
    /// named options cannot express for a custom curve; the animator takes them as points, so
    /// they are written out beside the curve's constant.
    static func animator(_ duration: ExportConstant, _ curve: TimingCurve, _ body: String, indent: String = "        ") -> String {
        let p = curve.controlPoints
        return """
        \(indent)UIViewPropertyAnimator(duration: \(constant(duration)),
        \(indent)                       controlPoint1: CGPoint(x: \(number(p.0)), y: \(number(p.1))),
        \(indent)                       controlPoint2: CGPoint(x: \(number(p.2)), y: \(number(p.3)))) {
        \(indent)    \(body)
        \(indent)}
        """
    }

    /// One `static let` per declared parameter, named after its key path, typed by its kind.
    static func constants(_ model: ExportModel) -> String { parameterConstants(model).joined(separator: "\n") }

    static func declaration(_ p: ExportConstant, curve c: TimingCurve) -> String {
        "    static let \(p.name) = CAMediaTimingFunction(controlPoints: \(controlPoints(c)))"
    }

    static func declaration(_ p: ExportConstant, curves cs: [TimingCurve]) -> String {
        "    static let \(p.name) = [\(cs.map { "CAMediaTimingFunction(controlPoints: \(controlPoints($0)))" }.joined(separator: ", "))]"
    }

    // MARK: Splash tracks in UIKit and Core Animation

    /// How a track is played on iOS, by the property it drives: a UIView property under a
    /// `UIViewPropertyAnimator` (the line that sets where it starts, the animator's name and
    /// what it animates to), or Core Animation lines on the hole's layers. A new property needs
    /// its form here, as it needs its drawing in the renderer.
    enum UIKitForm {
        case view(setup: String?, name: String, body: String)
        case layer([String])
    }

    static func form(of track: ExportTrack) -> UIKitForm {
        // The constants the track maps its motion with, in the order of its `reads`.
        func read(_ i: Int) -> String { i < track.reads.count ? constant(track.reads[i]) : "0" }
        let duration = constant(track.duration)
        switch track.property {
        case .logoSize:
            return .view(setup: "logo.transform = CGAffineTransform(scaleX: \(read(0)) / \(read(1)), y: \(read(0)) / \(read(1)))",
                         name: "logoAnimator", body: "logo.transform = .identity")
        case .textOffset:
            return .view(setup: "text.transform = CGAffineTransform(translationX: 0, y: \(read(0)))", name: "riseAnimator", body: "text.transform = .identity")
        case .textOpacity:
            return .view(setup: "text.alpha = 0", name: "fadeAnimator", body: "text.alpha = 1")
        case .feedScale:
            return .view(setup: "feed.transform = CGAffineTransform(scaleX: \(read(0)), y: \(read(0)))", name: "feedAnimator",
                         body: "feed.transform = CGAffineTransform(scaleX: \(read(1)), y: \(read(1)))")
        case .backdropTextOpacity:
            return .view(setup: nil, name: "textAnimator", body: "backdropText.alpha = 0")
        case .splashOpacity:
            return .view(setup: nil, name: "fadeAnimator", body: "splash.alpha = 0")
        case .holeSize:
            // Core Animation scales the logo-sized hole: the values are the declared scales, the
            // ones that grow with the screen multiplied by its height over the reference height.
            let scales = read(0), referenceHeight = read(1)
            let values = (track.keyframes?.values ?? []).enumerated().map { i, v in
                v.scalesWithScreen ? "\(scales)[\(i)] * screenHeight / \(referenceHeight)" : "\(scales)[\(i)]"
            }
            return .layer([
                "let scale = CAKeyframeAnimation(keyPath: \"transform.scale\")",
                "scale.values = [\(values.joined(separator: ", "))]",
                // Core Animation's key times are NSNumbers.
                "scale.keyTimes = " + (track.keyTimes.map { "\(constant($0)).map { NSNumber(value: Double($0)) }" } ?? "[0, 1]"),
                "scale.timingFunctions = \(constant(track.curve))",
                "scale.duration = \(duration)",
            ])
        case .holeTurn:
            return .layer([
                "let rotation = CABasicAnimation(keyPath: \"transform.rotation.z\")",
                "rotation.fromValue = 0",
                "// Counter-clockwise toward the upper-left corner: −atan(cy / cx).",
                "rotation.toValue = -atan(logoCenter.y / logoCenter.x)",
                "rotation.duration = \(duration)",
                "rotation.timingFunction = \(constant(track.curve))",
            ])
        case .holeLogoOpacity:
            return .layer([
                "let logoFade = CABasicAnimation(keyPath: \"opacity\")",
                "logoFade.fromValue = 1",
                "logoFade.toValue = 0",
                "logoFade.beginTime = CACurrentMediaTime()" + (track.begin.map { " + \(constant($0))" } ?? ""),
                "logoFade.duration = \(duration)",
                "logoFade.timingFunction = \(constant(track.curve))",
                "logoFade.fillMode = .both",
                "logoFade.isRemovedOnCompletion = false",
                "holeLogo.add(logoFade, forKey: \"fade\")",
            ])
        }
    }

    /// Each view track's starting line, then its animator: `let name =` and the animator block.
    static func viewAnimators(_ tracks: [ExportTrack]) -> (names: [String], text: String) {
        var setups: [String] = [], animators: [String] = [], names: [String] = []
        for track in tracks {
            guard case let .view(setup, name, body) = form(of: track) else { continue }
            if let setup { setups.append("    " + setup) }
            names.append(name)
            animators.append("    let \(name) =\n" + animator(track.duration, track.firstCurve, body))
        }
        return (names, (setups + animators).joined(separator: "\n"))
    }

    /// The Core Animation tracks' lines, a blank line between tracks; the hole's transform tracks
    /// (size and turn) are grouped and added to the hole and the logo over it.
    static func layerAnimations(_ tracks: [ExportTrack]) -> String {
        var blocks: [String] = []
        var grouped: [String] = []
        let transforms: [SplashProperty: String] = [.holeSize: "scale", .holeTurn: "rotation"]
        let holeDuration = tracks.first { $0.property == .holeSize }.map { constant($0.duration) } ?? "0"
        for track in tracks {
            guard case let .layer(lines) = form(of: track) else { continue }
            if !grouped.isEmpty && transforms[track.property] == nil {
                blocks.append(group(grouped, duration: holeDuration))
                grouped = []
            }
            blocks.append(lines.map { "    " + $0 }.joined(separator: "\n"))
            if let name = transforms[track.property] { grouped.append(name) }
        }
        if !grouped.isEmpty { blocks.append(group(grouped, duration: holeDuration)) }
        return blocks.joined(separator: "\n\n")
    }

    static func group(_ names: [String], duration: String) -> String {
        """
            let group = CAAnimationGroup()
            group.animations = [\(names.joined(separator: ", "))]
            group.duration = \(duration)
            group.fillMode = .forwards
            group.isRemovedOnCompletion = false
            hole.add(group, forKey: "hole")
            holeLogo.add(group, forKey: "hole")
        """
    }

    /// The appearance's summary: what each start track does, from its parameters' values.
    static func appearanceSummary(_ model: ExportModel) -> String {
        model.tracks(.start, reduceMotion: false).map { track -> String in
            let read = track.reads.map(\.value.json.text)
            switch track.property {
            case .logoSize: return "logo \(read[0]) → \(read[1]) pt"
            case .textOffset: return "text rises \(read[0]) pt"
            case .textOpacity: return "fades in"
            default: return track.label
            }
        }.joined(separator: ", ").replacingOccurrences(of: " pt, fades in", with: " pt and fades in")
    }

    /// The heading of each interaction's part of the UIKit form.
    static let interactionHeadings = ["card": "Card → detail", "panel": "Bottom panel"]

    /// The card's and panel's motions as UIKit animators: a curve as a `UIViewPropertyAnimator`,
    /// the panel's completion spring as `UISpringTimingParameters`. The scroll's motions are
    /// UIScrollView's own and are not written.
    static func interactionAnimators(_ model: ExportModel) -> String {
        var parts: [String] = []
        var heading: String?
        for motion in model.interactions {
            guard let title = interactionHeadings[motion.section] else { continue }
            var text: String
            switch motion.kind {
            case let .curve(duration, curve):
                text = """
                func \(ExportNames.swiftName(motion.id))Animator(animations: @escaping () -> Void) -> UIViewPropertyAnimator {
                    let p: (CGFloat, CGFloat, CGFloat, CGFloat) = (\(controlPoints(curve.curves.first ?? .linear)))
                    return UIViewPropertyAnimator(duration: \(constant(duration)), controlPoint1: CGPoint(x: p.0, y: p.1),
                                                  controlPoint2: CGPoint(x: p.2, y: p.3), animations: animations)
                }
                """
            case let .spring(spring, modes):
                let parameters = spring.parameters
                text = """
                /// The release completion: a spring of response \(number(spring.response)) s and damping fraction
                /// \(number(spring.dampingFraction)) (mass 1, stiffness (2π / response)², damping 4π ζ / response), starting at the gesture's velocity
                /// in progress units per second.\(modes.map { " Completion mode: \($0)." }.joined())
                func \(ExportNames.swiftName(motion.section + ".completion"))Timing(initialVelocity: CGVector) -> UISpringTimingParameters {
                    UISpringTimingParameters(mass: \(number(parameters?.mass ?? 1)), stiffness: \(number(parameters?.stiffness ?? 0)), damping: \(number(parameters?.damping ?? 0)),
                                             initialVelocity: initialVelocity)
                }
                """
            }
            if heading != title {
                text = "// MARK: - \(title)\n\n" + text
                heading = title
            }
            parts.append(text)
        }
        return parts.joined(separator: "\n\n")
    }

    static func source(_ model: ExportModel, timingsPath: String) -> String {
        let firstCurve = model.tracks.first?.firstCurve ?? .linear
        let appearance = viewAnimators(model.tracks(.start, reduceMotion: false))
        let disappearance = viewAnimators(model.tracks(.dismissal, reduceMotion: false))
        let reduceMotionFade = model.tracks(.dismissal, reduceMotion: true).first.map { track -> String in
            guard case let .view(_, _, body) = form(of: track) else { return "" }
            return animator(track.duration, track.firstCurve, body, indent: "    ")
        } ?? ""
        return """
        // Generated by `splashlab export swift` from \(timingsPath).
        // Curves are CAMediaTimingFunction control points (\(firstCurve.specification) is \(controlPoints(firstCurve))).
        import UIKit

        /// Every tunable value of \(timingsPath), as declared by `splashlab timings --schema`.
        enum SplashTimings {
        \(constants(model))
            /// UIScrollView.DecelerationRate.normal, for projecting a release (WWDC 2018 "Designing Fluid Interfaces").
            static let decelerationRate: CGFloat = 0.998
        }

        /// Where a gesture would come to rest: (v / 1000) × d / (1 − d).
        func project(initialVelocity: CGFloat, decelerationRate: CGFloat = SplashTimings.decelerationRate) -> CGFloat {
            (initialVelocity / 1000) * decelerationRate / (1 - decelerationRate)
        }

        // MARK: - Appearance (t = 0): \(appearanceSummary(model))

        func animateSplashAppearance(logo: UIView, text: UIView) {
        \(appearance.text)
            [\(appearance.names.joined(separator: ", "))].forEach { $0.startAnimation() }
        }

        // MARK: - Disappearance (at d): the logo-shaped hole in the feed's mask

        /// `hole` is the mask layer (the logo's shape), `holeLogo` the logo drawn over it, `feed` the main view.
        func animateSplashDisappearance(hole: CALayer, holeLogo: CALayer, backdropText: UIView, feed: UIView, logoCenter: CGPoint) {
            let screenHeight = feed.bounds.height
        \(layerAnimations(model.tracks(.dismissal, reduceMotion: false)))

        \(disappearance.text)
        \(disappearance.names.map { "    \($0).startAnimation()" }.joined(separator: "\n"))
        }

        /// With Reduce Motion on: a still splash that cross-fades.
        func fadeOutSplashForReduceMotion(splash: UIView) -> UIViewPropertyAnimator {
        \(reduceMotionFade)
        }

        \(interactionAnimators(model))
        """
    }
}
