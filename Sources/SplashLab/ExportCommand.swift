import App
import Formats
import Foundation
import Motion
import Render
import Scenes

/// `splashlab export swift|launch`: tuned values back into the iOS project.
func exportCommand(_ arguments: [String]) throws -> Int32 {
    let usage = CLI.usage("export")
    guard let what = arguments.first, !what.hasPrefix("-") else { throw UsageError(message: "export needs what to export: swift or launch", usage: usage) }
    let rest = Array(arguments.dropFirst())
    switch what {
    case "swift":
        let args = try ParsedArguments(rest, command: "export")
        for unused in ["--out", "--renderer"] where args.values[unused] != nil {
            throw UsageError(message: "export swift prints to standard output and takes only --timings and --assets (got \(unused))", usage: usage)
        }
        var options = PreviewOptions(device: Device.named(Device.defaultName)!)
        options.timingsPath = args.values["--timings"]
        options.assetsDirectory = args.values["--assets"]
        let session = try makeSession(options)
        try printOutput(SwiftExport.source(timings: session.timings, timingsPath: session.timingsPath))
        return 0
    case "launch":
        let args = try ParsedArguments(rest, command: "export")
        guard let out = args.values["--out"] else { throw UsageError(message: "export launch needs --out DIR", usage: usage) }
        try OutputFile.createFolder(out)
        var written = 0
        for preset in Device.presets {
            for orientation in Orientation.allCases {
                var options = PreviewOptions(device: preset.oriented(orientation), seed: 0)
                options.assetsDirectory = args.values["--assets"]
                options.timingsPath = args.values["--timings"]
                options.renderer = args.values["--renderer"]
                let session = try makeSession(options)
                let device = options.device
                let context = try RenderContext(target: .offscreen(width: device.pixelWidth, height: device.pixelHeight),
                                                rendererName: options.renderer, vsync: false)
                let renderer = try session.makeSceneRenderer(context: context, mapping: PointToPixel(scale: device.scale))
                try renderer.draw(session.preview.splash.launchScene())
                let path = "\(out)/launch-\(device.name)-\(orientation.rawValue).png"
                try writePNG(try context.readPixels(width: device.pixelWidth, height: device.pixelHeight), width: device.pixelWidth, height: device.pixelHeight, to: path)
                session.reportWarnings(renderer.images.catalog.warnings)
                written += 1
            }
        }
        printError("wrote \(written) launch images (\(Device.presets.count) devices × 2 orientations) to \(out)")
        return 0
    default:
        throw UsageError(message: "unknown export '\(what)'; expected swift or launch", usage: usage)
    }
}

/// Swift (UIKit and Core Animation) that reproduces the active timings.
enum SwiftExport {
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
    static func constants(_ t: Timings) -> String {
        TimingsSchema.parameters.map { p -> String in
            let doc = "    /// \(p.doc)\(p.unit.isEmpty ? "" : " (\(p.unit))")\n"
            switch p.value(in: t) {
            case let .number(v):
                let type = p.unit == "s" ? "TimeInterval" : "CGFloat"
                return doc + "    static let \(p.swiftName): \(type) = \(number(v))"
            case let .numbers(vs):
                return doc + "    static let \(p.swiftName): [CGFloat] = [\(vs.map(number).joined(separator: ", "))]"
            case let .curve(c):
                return doc + "    static let \(p.swiftName) = CAMediaTimingFunction(controlPoints: \(controlPoints(c)))"
            case let .curves(cs):
                return doc + "    static let \(p.swiftName) = [\(cs.map { "CAMediaTimingFunction(controlPoints: \(controlPoints($0)))" }.joined(separator: ", "))]"
            case let .choice(name):
                return doc + "    static let \(p.swiftName) = \"\(name)\""
            }
        }.joined(separator: "\n")
    }

    static func source(timings t: Timings, timingsPath: String) -> String {
        let s = t.splash
        let spring = Optional(t.panel.spring)
        return """
        // Generated by `splashlab export swift` from \(timingsPath).
        // Curves are CAMediaTimingFunction control points (\(s.logoCurve.specification) is \(controlPoints(s.logoCurve))).
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

        // MARK: - Appearance (t = 0): logo \(number(s.logoStartSize)) → \(number(s.logoEndSize)) pt, text rises \(number(s.textRise)) pt and fades in

        func animateSplashAppearance(logo: UIView, text: UIView) {
            logo.transform = CGAffineTransform(scaleX: \(number(s.logoStartSize)) / \(number(s.logoEndSize)), y: \(number(s.logoStartSize)) / \(number(s.logoEndSize)))
            text.transform = CGAffineTransform(translationX: 0, y: \(number(s.textRise)))
            text.alpha = 0
            let logoAnimator =
        \(animator(s.logoDuration, s.logoCurve, "logo.transform = .identity"))
            let riseAnimator =
        \(animator(s.textRiseDuration, s.textRiseCurve, "text.transform = .identity"))
            let fadeAnimator =
        \(animator(s.textFadeDuration, s.textFadeCurve, "text.alpha = 1"))
            [logoAnimator, riseAnimator, fadeAnimator].forEach { $0.startAnimation() }
        }

        // MARK: - Disappearance (at d): the logo-shaped hole in the feed's mask

        /// `hole` is the mask layer (the logo's shape), `holeLogo` the logo drawn over it, `feed` the main view.
        func animateSplashDisappearance(hole: CALayer, holeLogo: CALayer, backdropText: UIView, feed: UIView, logoCenter: CGPoint) {
            let screenHeight = feed.bounds.height
            let scale = CAKeyframeAnimation(keyPath: "transform.scale")
            scale.values = [\(s.holeScales.dropLast().map(number).joined(separator: ", ")), \(number(s.holeScales.last ?? 1)) * screenHeight / SplashTimings.holeReferenceHeight]
            scale.keyTimes = [\(s.holeKeyTimes.map(number).joined(separator: ", "))]
            scale.timingFunctions = [
        \(s.holeCurves.map { "        CAMediaTimingFunction(controlPoints: \(controlPoints($0)))" }.joined(separator: ",\n"))
            ]
            scale.duration = \(number(s.holeDuration))

            let rotation = CABasicAnimation(keyPath: "transform.rotation.z")
            rotation.fromValue = 0
            // Counter-clockwise toward the upper-left corner: −atan(cy / cx).
            rotation.toValue = -atan(logoCenter.y / logoCenter.x)
            rotation.duration = \(number(s.holeDuration))
            rotation.timingFunction = CAMediaTimingFunction(controlPoints: \(controlPoints(s.holeRotationCurve)))

            let group = CAAnimationGroup()
            group.animations = [scale, rotation]
            group.duration = \(number(s.holeDuration))
            group.fillMode = .forwards
            group.isRemovedOnCompletion = false
            hole.add(group, forKey: "hole")
            holeLogo.add(group, forKey: "hole")

            let logoFade = CABasicAnimation(keyPath: "opacity")
            logoFade.fromValue = 1
            logoFade.toValue = 0
            logoFade.beginTime = CACurrentMediaTime() + \(number(s.holeLogoFadeDelay))
            logoFade.duration = \(number(s.holeLogoFadeDuration))
            logoFade.timingFunction = CAMediaTimingFunction(controlPoints: \(controlPoints(s.holeLogoFadeCurve)))
            logoFade.fillMode = .both
            logoFade.isRemovedOnCompletion = false
            holeLogo.add(logoFade, forKey: "fade")

            feed.transform = CGAffineTransform(scaleX: \(number(s.feedStartScale)), y: \(number(s.feedStartScale)))
            let feedAnimator =
        \(animator(s.feedDuration, s.feedCurve, "feed.transform = CGAffineTransform(scaleX: \(number(s.feedEndScale)), y: \(number(s.feedEndScale)))"))
            let textAnimator =
        \(animator(s.backdropTextFadeDuration, s.backdropTextFadeCurve, "backdropText.alpha = 0"))
            feedAnimator.startAnimation()
            textAnimator.startAnimation()
        }

        /// With Reduce Motion on: a still splash that cross-fades.
        func fadeOutSplashForReduceMotion(splash: UIView) -> UIViewPropertyAnimator {
        \(animator(s.reduceMotionFadeDuration, s.reduceMotionFadeCurve, "splash.alpha = 0", indent: "    "))
        }

        // MARK: - Card → detail

        func cardTransitionAnimator(animations: @escaping () -> Void) -> UIViewPropertyAnimator {
            let p: (CGFloat, CGFloat, CGFloat, CGFloat) = (\(controlPoints(t.card.curve)))
            return UIViewPropertyAnimator(duration: \(number(t.card.duration)), controlPoint1: CGPoint(x: p.0, y: p.1),
                                          controlPoint2: CGPoint(x: p.2, y: p.3), animations: animations)
        }

        // MARK: - Bottom panel

        func panelPresentationAnimator(animations: @escaping () -> Void) -> UIViewPropertyAnimator {
            let p: (CGFloat, CGFloat, CGFloat, CGFloat) = (\(controlPoints(t.panel.curve)))
            return UIViewPropertyAnimator(duration: \(number(t.panel.duration)), controlPoint1: CGPoint(x: p.0, y: p.1),
                                          controlPoint2: CGPoint(x: p.2, y: p.3), animations: animations)
        }

        /// The release completion: a spring of response \(number(t.panel.springResponse)) s and damping fraction
        /// \(number(t.panel.springDampingFraction)) (mass 1, stiffness (2π / response)², damping 4π ζ / response), starting at the gesture's velocity
        /// in progress units per second. Completion mode: \(t.panel.completion.rawValue).
        func panelCompletionTiming(initialVelocity: CGVector) -> UISpringTimingParameters {
            UISpringTimingParameters(mass: \(number(spring?.mass ?? 1)), stiffness: \(number(spring?.stiffness ?? 0)), damping: \(number(spring?.damping ?? 0)),
                                     initialVelocity: initialVelocity)
        }
        """
    }
}
