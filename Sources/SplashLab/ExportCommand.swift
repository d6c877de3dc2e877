import App
import Formats
import Foundation
import Motion
import Render
import Scenes

/// `splashlab export swift|launch`: tuned values back into the iOS project.
func exportCommand(_ arguments: [String]) throws -> Int32 {
    let usage = CLI.usage("export")
    guard let what = arguments.first, !what.hasPrefix("-") else { throw UsageError(message: "export needs what to export: swift, swiftui, css, compose or launch", usage: usage) }
    let rest = Array(arguments.dropFirst())
    switch what {
    case "swift":
        let export = try ExportOptions(rest)
        try export.checkPrintsToStandardOutput(what)
        var options = PreviewOptions(device: Device.named(Device.defaultName)!)
        options.timingsPath = export.timingsPath
        options.assetsDirectory = export.assetsDirectory
        let session = try makeSession(options)
        try printOutput(SwiftExport.source(timings: session.timings, timingsPath: session.timingsPath))
        return 0
    case "swiftui", "css", "compose":
        return try platformExportCommand(what, rest)
    case "launch":
        let export = try ExportOptions(rest)
        let out = try export.outputFolder(what)
        try OutputFile.createFolder(out)
        var written = 0
        for preset in Device.presets {
            for orientation in Orientation.allCases {
                var options = PreviewOptions(device: preset.oriented(orientation), seed: 0)
                options.assetsDirectory = export.assetsDirectory
                options.timingsPath = export.timingsPath
                options.renderer = export.renderer
                let session = try makeSession(options)
                let device = options.device
                let context = try RenderContext(target: .offscreen(width: device.pixelWidth, height: device.pixelHeight),
                                                rendererName: options.renderer, vsync: false)
                let renderer = try session.makeSceneRenderer(context: context, mapping: PointToPixel(scale: device.scale))
                // The launch screen as iOS draws it from its sources, not the intro's first frame.
                try renderer.draw(session.launchScene())
                let path = "\(out)/launch-\(device.name)-\(orientation.rawValue).png"
                try writePNG(try context.readPixels(width: device.pixelWidth, height: device.pixelHeight), width: device.pixelWidth, height: device.pixelHeight, to: path)
                session.reportWarnings(renderer.images.catalog.warnings)
                written += 1
            }
        }
        printError("wrote \(written) launch images (\(Device.presets.count) devices × 2 orientations) to \(out)")
        return 0
    default:
        throw UsageError(message: "unknown export '\(what)'; expected swift, swiftui, css, compose or launch", usage: usage)
    }
}

/// Swift (UIKit and Core Animation) that reproduces the active timings.
enum SwiftExport: SwiftConstantSpelling {
    static func number(_ v: Double) -> String { JSONOutput.number(v).text }

    static func controlPoints(_ c: TimingCurve) -> String {
        let p = c.controlPoints
        return "\(number(p.0)), \(number(p.1)), \(number(p.2)), \(number(p.3))"
    }

    /// `UIViewPropertyAnimator` with the curve's control points, which UIView.animate's four
    /// named options cannot express for a custom curve.
    static func animator(_ duration: Double, _ curve: TimingCurve, _ body: String, indent: String = "        ") -> String {
        let p = curve.controlPoints
        return """
        \(indent)UIViewPropertyAnimator(duration: \(number(duration)),
        \(indent)                       controlPoint1: CGPoint(x: \(number(p.0)), y: \(number(p.1))),
        \(indent)                       controlPoint2: CGPoint(x: \(number(p.2)), y: \(number(p.3)))) {
        \(indent)    \(body)
        \(indent)}
        """
    }

    /// One `static let` per declared parameter, named after its key path, typed by its kind.
    static func constants(_ t: Timings) -> String { parameterConstants(t).joined(separator: "\n") }

    static func declaration(_ p: TimingParameter, curve c: TimingCurve) -> String {
        "    static let \(p.swiftName) = CAMediaTimingFunction(controlPoints: \(controlPoints(c)))"
    }

    static func declaration(_ p: TimingParameter, curves cs: [TimingCurve]) -> String {
        "    static let \(p.swiftName) = [\(cs.map { "CAMediaTimingFunction(controlPoints: \(controlPoints($0)))" }.joined(separator: ", "))]"
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

    static func form(of track: SplashTrack, in t: Timings) -> UIKitForm {
        // The values the track maps its motion with, in the order of its `reads`.
        let read = track.reads.map { TimingsSchema.parameter($0)?.value(in: t) }
        func number(_ i: Int) -> String { if case let .number(v)? = read[i] { return SwiftExport.number(v) }; return "0" }
        let duration = SwiftExport.number(track.duration(in: t))
        let curve = track.curves(in: t).first ?? .linear
        switch track.drives {
        case .logoSize:
            return .view(setup: "logo.transform = CGAffineTransform(scaleX: \(number(0)) / \(number(1)), y: \(number(0)) / \(number(1)))",
                         name: "logoAnimator", body: "logo.transform = .identity")
        case .textOffset:
            return .view(setup: "text.transform = CGAffineTransform(translationX: 0, y: \(number(0)))", name: "riseAnimator", body: "text.transform = .identity")
        case .textOpacity:
            return .view(setup: "text.alpha = 0", name: "fadeAnimator", body: "text.alpha = 1")
        case .feedScale:
            return .view(setup: "feed.transform = CGAffineTransform(scaleX: \(number(0)), y: \(number(0)))", name: "feedAnimator",
                         body: "feed.transform = CGAffineTransform(scaleX: \(number(1)), y: \(number(1)))")
        case .backdropTextOpacity:
            return .view(setup: nil, name: "textAnimator", body: "backdropText.alpha = 0")
        case .splashOpacity:
            return .view(setup: nil, name: "fadeAnimator", body: "splash.alpha = 0")
        case .holeSize:
            var scales: [Double] = []
            if case let .numbers(vs)? = read[0] { scales = vs }
            return .layer([
                "let scale = CAKeyframeAnimation(keyPath: \"transform.scale\")",
                "scale.values = [\(scales.dropLast().map(SwiftExport.number).joined(separator: ", ")), \(SwiftExport.number(scales.last ?? 1)) * screenHeight / SplashTimings.holeReferenceHeight]",
                "scale.keyTimes = [\(track.keyTimes(in: t).map(SwiftExport.number).joined(separator: ", "))]",
                "scale.timingFunctions = [",
                track.curves(in: t).map { "    CAMediaTimingFunction(controlPoints: \(controlPoints($0)))" }.joined(separator: ",\n    "),
                "]",
                "scale.duration = \(duration)",
            ])
        case .holeTurn:
            return .layer([
                "let rotation = CABasicAnimation(keyPath: \"transform.rotation.z\")",
                "rotation.fromValue = 0",
                "// Counter-clockwise toward the upper-left corner: −atan(cy / cx).",
                "rotation.toValue = -atan(logoCenter.y / logoCenter.x)",
                "rotation.duration = \(duration)",
                "rotation.timingFunction = CAMediaTimingFunction(controlPoints: \(controlPoints(curve)))",
            ])
        case .holeLogoOpacity:
            return .layer([
                "let logoFade = CABasicAnimation(keyPath: \"opacity\")",
                "logoFade.fromValue = 1",
                "logoFade.toValue = 0",
                "logoFade.beginTime = CACurrentMediaTime() + \(SwiftExport.number(track.delay(in: t)))",
                "logoFade.duration = \(duration)",
                "logoFade.timingFunction = CAMediaTimingFunction(controlPoints: \(controlPoints(curve)))",
                "logoFade.fillMode = .both",
                "logoFade.isRemovedOnCompletion = false",
                "holeLogo.add(logoFade, forKey: \"fade\")",
            ])
        }
    }

    /// The tracks that play with Reduce Motion `on` and count from `anchor`, in the list's order.
    static func tracks(_ anchor: SplashTrack.Anchor, reduceMotion on: Bool = false) -> [SplashTrack] {
        SplashTrack.all.filter { $0.anchor == anchor && $0.playing.includes(reduceMotion: on) }
    }

    /// Each view track's starting line, then its animator: `let name =` and the animator block.
    static func viewAnimators(_ tracks: [SplashTrack], _ t: Timings) -> (names: [String], text: String) {
        var setups: [String] = [], animators: [String] = [], names: [String] = []
        for track in tracks {
            guard case let .view(setup, name, body) = form(of: track, in: t) else { continue }
            if let setup { setups.append("    " + setup) }
            names.append(name)
            animators.append("    let \(name) =\n" + animator(track.duration(in: t), track.curves(in: t).first ?? .linear, body))
        }
        return (names, (setups + animators).joined(separator: "\n"))
    }

    /// The Core Animation tracks' lines, a blank line between tracks; the hole's transform tracks
    /// (size and turn) are grouped and added to the hole and the logo over it.
    static func layerAnimations(_ tracks: [SplashTrack], _ t: Timings) -> String {
        var blocks: [String] = []
        var grouped: [String] = []
        let transforms: [SplashProperty: String] = [.holeSize: "scale", .holeTurn: "rotation"]
        let holeDuration = tracks.first { $0.drives == .holeSize }.map { number($0.duration(in: t)) } ?? "0"
        for track in tracks {
            guard case let .layer(lines) = form(of: track, in: t) else { continue }
            if !grouped.isEmpty && transforms[track.drives] == nil {
                blocks.append(group(grouped, duration: holeDuration))
                grouped = []
            }
            blocks.append(lines.map { "    " + $0 }.joined(separator: "\n"))
            if let name = transforms[track.drives] { grouped.append(name) }
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
    static func appearanceSummary(_ t: Timings) -> String {
        tracks(.start).map { track -> String in
            let read = track.reads.map { TimingsSchema.parameter($0)?.value(in: t).json.text ?? "" }
            switch track.drives {
            case .logoSize: return "logo \(read[0]) → \(read[1]) pt"
            case .textOffset: return "text rises \(read[0]) pt"
            case .textOpacity: return "fades in"
            default: return track.label
            }
        }.joined(separator: ", ").replacingOccurrences(of: " pt, fades in", with: " pt and fades in")
    }

    /// The heading of each interaction's part of the UIKit form.
    static let interactionHeadings = ["card": "Card → detail", "panel": "Bottom panel"]

    /// The card's and panel's motions (`InteractionMotion.all`) as UIKit animators: a curve as a
    /// `UIViewPropertyAnimator`, the panel's completion spring as `UISpringTimingParameters`. The
    /// scroll's motions are UIScrollView's own and are not written.
    static func interactionAnimators(_ t: Timings) -> String {
        var parts: [String] = []
        var heading: String?
        func value(_ path: String) -> ParameterValue? { TimingsSchema.parameter(path)?.value(in: t) }
        for motion in InteractionMotion.all {
            let section = String(motion.id.split(separator: ".")[0])
            guard let title = interactionHeadings[section] else { continue }
            let name = SwiftUIExport.swiftName(motion.id)
            var text: String
            switch motion.kind {
            case let .curve(durationPath, curvePath):
                guard case let .number(duration)? = value(durationPath), case let .curve(curve)? = value(curvePath) else { continue }
                text = """
                func \(name)Animator(animations: @escaping () -> Void) -> UIViewPropertyAnimator {
                    let p: (CGFloat, CGFloat, CGFloat, CGFloat) = (\(controlPoints(curve)))
                    return UIViewPropertyAnimator(duration: \(number(duration)), controlPoint1: CGPoint(x: p.0, y: p.1),
                                                  controlPoint2: CGPoint(x: p.2, y: p.3), animations: animations)
                }
                """
            case let .spring(_, responsePath, fractionPath):
                guard case let .number(response)? = value(responsePath), case let .number(fraction)? = value(fractionPath) else { continue }
                let spring = try? SpringParameters(response: response, dampingFraction: fraction)
                let modes = InteractionMotion.all.compactMap { m -> String? in
                    guard m.drives == motion.drives, case let .choice(path) = m.kind, case let .choice(mode)? = value(path) else { return nil }
                    return " Completion mode: \(mode)."
                }.joined()
                text = """
                /// The release completion: a spring of response \(number(response)) s and damping fraction
                /// \(number(fraction)) (mass 1, stiffness (2π / response)², damping 4π ζ / response), starting at the gesture's velocity
                /// in progress units per second.\(modes)
                func \(SwiftUIExport.swiftName(section + ".completion"))Timing(initialVelocity: CGVector) -> UISpringTimingParameters {
                    UISpringTimingParameters(mass: \(number(spring?.mass ?? 1)), stiffness: \(number(spring?.stiffness ?? 0)), damping: \(number(spring?.damping ?? 0)),
                                             initialVelocity: initialVelocity)
                }
                """
            case .decay, .share, .choice:
                continue
            }
            if heading != title {
                text = "// MARK: - \(title)\n\n" + text
                heading = title
            }
            parts.append(text)
        }
        return parts.joined(separator: "\n\n")
    }

    static func source(timings t: Timings, timingsPath: String) -> String {
        let firstCurve = SplashTrack.all.first?.curves(in: t).first ?? .linear
        let appearance = viewAnimators(tracks(.start), t)
        let disappearance = viewAnimators(tracks(.dismissal), t)
        let reduceMotion = tracks(.dismissal, reduceMotion: true).first
        let reduceMotionFade = reduceMotion.map { track -> String in
            guard case let .view(_, _, body) = form(of: track, in: t) else { return "" }
            return animator(track.duration(in: t), track.curves(in: t).first ?? .linear, body, indent: "    ")
        } ?? ""
        return """
        // Generated by `splashlab export swift` from \(timingsPath).
        // Curves are CAMediaTimingFunction control points (\(firstCurve.specification) is \(controlPoints(firstCurve))).
        import UIKit

        /// Every tunable value of \(timingsPath), as declared by `splashlab timings --schema`.
        enum SplashTimings {
        \(constants(t))
            /// UIScrollView.DecelerationRate.normal, for projecting a release (WWDC 2018 "Designing Fluid Interfaces").
            static let decelerationRate: CGFloat = 0.998
        }

        /// Where a gesture would come to rest: (v / 1000) × d / (1 − d).
        func project(initialVelocity: CGFloat, decelerationRate: CGFloat = SplashTimings.decelerationRate) -> CGFloat {
            (initialVelocity / 1000) * decelerationRate / (1 - decelerationRate)
        }

        // MARK: - Appearance (t = 0): \(appearanceSummary(t))

        func animateSplashAppearance(logo: UIView, text: UIView) {
        \(appearance.text)
            [\(appearance.names.joined(separator: ", "))].forEach { $0.startAnimation() }
        }

        // MARK: - Disappearance (at d): the logo-shaped hole in the feed's mask

        /// `hole` is the mask layer (the logo's shape), `holeLogo` the logo drawn over it, `feed` the main view.
        func animateSplashDisappearance(hole: CALayer, holeLogo: CALayer, backdropText: UIView, feed: UIView, logoCenter: CGPoint) {
            let screenHeight = feed.bounds.height
        \(layerAnimations(tracks(.dismissal), t))

        \(disappearance.text)
        \(disappearance.names.map { "    \($0).startAnimation()" }.joined(separator: "\n"))
        }

        /// With Reduce Motion on: a still splash that cross-fades.
        func fadeOutSplashForReduceMotion(splash: UIView) -> UIViewPropertyAnimator {
        \(reduceMotionFade)
        }

        \(interactionAnimators(t))
        """
    }
}
