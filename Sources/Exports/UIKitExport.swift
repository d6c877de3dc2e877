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

    /// How a track is played on iOS, by the layer and channel of the property it drives: a
    /// UIView property under a `UIViewPropertyAnimator` (the line that sets where it starts, the
    /// animator's name and what it animates to), or Core Animation lines on the layers in the
    /// feed's mask (the hole and the logo over it), which are CALayers.
    enum UIKitForm {
        case view(setup: String?, name: String, body: String)
        case layer([String])
    }

    /// The names the generated functions give the first tracks' animations; any other track's is
    /// named after its id, so a new track needs no entry.
    static let animationNames = [
        "logo": "logoAnimator", "textRise": "riseAnimator", "textFade": "fadeAnimator", "feed": "feedAnimator",
        "backdropText": "textAnimator", "hole": "scale", "holeRotation": "rotation", "holeLogo": "logoFade",
    ]

    /// The layers drawn in the feed's mask, animated with Core Animation.
    static func isMaskLayer(_ layer: SplashLayer) -> Bool { layer == .hole || layer == .holeLogo }

    static func form(of track: ExportTrack) -> UIKitForm {
        let (layer, channel) = track.property.role
        let from = track.fromConstant.map(constant) ?? number(track.from)
        let to = track.toConstant.map(constant) ?? number(track.to)
        if isMaskLayer(layer) {
            return .layer(layerAnimation(track, name: animationNames[track.id] ?? track.id + "Animation", from: from, to: to))
        }
        let view = layer.rawValue, name = animationNames[track.id] ?? track.id + "Animator"
        switch channel {
        case .size:
            // The view is laid out at the track's end size and scaled from it.
            return .view(setup: "\(view).transform = CGAffineTransform(scaleX: \(from) / \(to), y: \(from) / \(to))",
                         name: name, body: "\(view).transform = .identity")
        case .scale:
            return .view(setup: "\(view).transform = CGAffineTransform(scaleX: \(from), y: \(from))", name: name,
                         body: "\(view).transform = CGAffineTransform(scaleX: \(to), y: \(to))")
        case .verticalOffset:
            return .view(setup: "\(view).transform = CGAffineTransform(translationX: 0, y: \(from))", name: name,
                         body: "\(view).transform = " + (track.to == 0 ? ".identity" : "CGAffineTransform(translationX: 0, y: \(to))"))
        case .opacity:
            // A view is laid out opaque: only another start needs setting.
            return .view(setup: track.from == 1 ? nil : "\(view).alpha = \(from)", name: name, body: "\(view).alpha = \(to)")
        case .turn:
            return .view(setup: "\(view).transform = CGAffineTransform(rotationAngle: \(turn(from)))", name: name,
                         body: "\(view).transform = CGAffineTransform(rotationAngle: \(turn(to)))")
        }
    }

    /// An angle of a turn's share: the hole's end rotation is counter-clockwise toward the
    /// upper-left corner, −atan(cy / cx).
    static func turn(_ share: String) -> String {
        let end = "-atan(logoCenter.y / logoCenter.x)"
        return share == "0" ? "0" : share == "1" ? end : "\(share) * \(end)"
    }

    /// A track's Core Animation lines: the hole's are members of its group (which holds their
    /// fill and adds them to the hole and the logo over it); any other layer's stands alone.
    static func layerAnimation(_ track: ExportTrack, name: String, from: String, to: String) -> [String] {
        let duration = constant(track.duration)
        let (layer, channel) = track.property.role
        if let keyframes = track.keyframes {
            // Core Animation scales the logo-sized hole: the values are the declared scales, the
            // ones that grow with the screen multiplied by its height over the reference height.
            let scales = track.reads.first.map(constant) ?? "[]", referenceHeight = track.reads.count > 1 ? constant(track.reads[1]) : "1"
            let values = keyframes.values.enumerated().map { i, v in
                v.scalesWithScreen ? "\(scales)[\(i)] * screenHeight / \(referenceHeight)" : "\(scales)[\(i)]"
            }
            return [
                "let \(name) = CAKeyframeAnimation(keyPath: \"\(coreAnimation(channel).keyPath)\")",
                "\(name).values = [\(values.joined(separator: ", "))]",
                // Core Animation's key times are NSNumbers.
                "\(name).keyTimes = " + (track.keyTimes.map { "\(constant($0)).map { NSNumber(value: Double($0)) }" } ?? "[0, 1]"),
                "\(name).timingFunctions = \(constant(track.curve))",
                "\(name).duration = \(duration)",
            ]
        }
        var lines = ["let \(name) = CABasicAnimation(keyPath: \"\(coreAnimation(channel).keyPath)\")"]
        switch channel {
        case .turn:
            lines += ["\(name).fromValue = \(turn(from))", "// Counter-clockwise toward the upper-left corner: −atan(cy / cx).", "\(name).toValue = \(turn(to))"]
        case .size:
            lines += ["\(name).fromValue = \(from) / \(to)", "\(name).toValue = 1"]
        case .scale, .opacity, .verticalOffset:
            lines += ["\(name).fromValue = \(from)", "\(name).toValue = \(to)"]
        }
        if layer == .hole {
            return lines + ["\(name).duration = \(duration)", "\(name).timingFunction = \(constant(track.curve))"]
        }
        return lines + [
            "\(name).beginTime = CACurrentMediaTime()" + (track.begin.map { " + \(constant($0))" } ?? ""),
            "\(name).duration = \(duration)",
            "\(name).timingFunction = \(constant(track.curve))",
            "\(name).fillMode = .both",
            "\(name).isRemovedOnCompletion = false",
            "\(layer.rawValue).add(\(name), forKey: \"\(coreAnimation(channel).key)\")",
        ]
    }

    /// The Core Animation key path a channel animates, and the key a standalone layer animation
    /// of it is added under.
    static func coreAnimation(_ channel: SplashChannel) -> (keyPath: String, key: String) {
        switch channel {
        case .size, .scale: return ("transform.scale", "scale")
        case .turn: return ("transform.rotation.z", "rotation")
        case .opacity: return ("opacity", "fade")
        case .verticalOffset: return ("transform.translation.y", "rise")
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
        let holeTracks = tracks.filter { $0.property.layer == .hole }
        let holeDuration = holeTracks.first.map { constant($0.duration) } ?? "0"
        for track in tracks {
            guard case let .layer(lines) = form(of: track) else { continue }
            let inGroup = track.property.layer == .hole
            if !grouped.isEmpty && !inGroup {
                blocks.append(group(grouped, duration: holeDuration))
                grouped = []
            }
            blocks.append(lines.map { "    " + $0 }.joined(separator: "\n"))
            if inGroup { grouped.append(animationNames[track.id] ?? track.id + "Animation") }
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
        let tracks = model.tracks(.start, reduceMotion: false)
        return tracks.indices.map { i -> String in
            let track = tracks[i], read = track.reads.map(\.value.json.text)
            let layer = track.property.layer.rawValue
            switch track.property.channel {
            case .size where read.count > 1: return "\(layer) \(read[0]) → \(read[1]) pt"
            case .verticalOffset where !read.isEmpty: return "\(layer) rises \(read[0]) pt"
            // After another of the same layer's tracks, the layer is already named.
            case .opacity where track.to > track.from:
                return i > 0 && tracks[i - 1].property.layer == track.property.layer ? "fades in" : "\(layer) fades in"
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
