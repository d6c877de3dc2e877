import Formats
import Foundation
import Motion
import Scenes

/// `splashlab export swiftui`: a SwiftUI view (iOS 17) that plays the splash over a content view,
/// from the parameter declarations and the track list.
public struct SwiftUIExport: LaidOutSplashExport, SwiftConstantSpelling {
    public let command = ExportCommandLine(name: "swiftui", options: .preview)

    static func number(_ v: Double) -> String { ExportNames.number(v) }

    static func unitCurve(_ c: TimingCurve) -> String {
        switch c {
        case .linear: return "UnitCurve.linear"
        case let .bezier(b):
            return "UnitCurve.bezier(startControlPoint: UnitPoint(x: \(number(b.x1)), y: \(number(b.y1))), endControlPoint: UnitPoint(x: \(number(b.x2)), y: \(number(b.y2))))"
        }
    }

    /// SwiftUI's two forms of one spring: `Spring(response:dampingRatio:)`, and
    /// `Spring(duration:bounce:)` with duration = response (`ExportSpring.bounce`).
    static func springForms(_ spring: ExportSpring) -> (byResponse: String, byDuration: String) {
        ("Spring(response: \(number(spring.response)), dampingRatio: \(number(spring.dampingFraction)))",
         "Spring(duration: \(number(spring.response)), bounce: \(number(spring.bounce)))")
    }

    /// One `static let` per declared parameter, named and typed as `export swift` names them, and
    /// each declared spring in both of SwiftUI's forms.
    static func constants(_ model: ExportModel) -> String {
        var lines = parameterConstants(model)
        for spring in model.springs {
            let forms = springForms(spring)
            let name = ExportNames.swiftName(spring.id)
            lines.append("    /// The \(spring.label) spring: mass 1, stiffness (2π / response)², damping 4π ζ / response.\n    static let \(name) = \(forms.byResponse)")
            lines.append("    /// The same spring by its perceptual duration and bounce.\n    static let \(name)ByDuration = \(forms.byDuration)")
        }
        return lines.joined(separator: "\n")
    }

    static func declaration(_ p: ExportConstant, curve c: TimingCurve) -> String {
        "    static let \(p.name) = \(unitCurve(c))"
    }

    static func declaration(_ p: ExportConstant, curves cs: [TimingCurve]) -> String {
        "    static let \(p.name): [UnitCurve] = [\n" + cs.map { "        \(unitCurve($0))" }.joined(separator: ",\n") + "\n    ]"
    }

    /// A constant of the generated `SplashTimings`.
    static func constant(_ c: ExportConstant) -> String { "SplashTimings." + c.name }

    // MARK: Tracks in SwiftUI

    /// How a track plays in the view, by the layer it acts on: the hole's properties are tracks of
    /// its `keyframeAnimator` (a key path of `HoleFrame`, named by the channel), every other
    /// property a `@State` value named as the property is, animated with `withAnimation`.
    enum SwiftUIForm {
        case state(String)
        case hole(String)
    }

    static func form(of property: SplashProperty) -> SwiftUIForm {
        guard property.layer == .hole else { return .state(property.name) }
        return .hole(String(describing: property.channel))
    }

    /// A view layer's properties as its modifiers, in the channels' order (each size as its frame,
    /// scale, turn, opacity), then its place, lowered by its vertical offsets, where it is placed.
    /// The hole's own properties are drawn by `holeShape` from `HoleFrame`.
    static func drawn(_ layer: SplashLayer, at place: String?) -> String {
        let names = SplashProperty.allCases.compactMap { property -> (String, SplashChannel)? in
            guard property.layer == layer, case let .state(name) = form(of: property) else { return nil }
            return (name, property.channel)
        }
        var modifiers = ""
        for channel in SplashChannel.allCases {
            for (name, drawnChannel) in names where drawnChannel == channel {
                switch channel {
                case .size: modifiers += ".frame(width: \(name), height: \(name))"
                case .scale: modifiers += ".scaleEffect(\(name))"
                // The hole's end rotation, toward the upper-left corner from the logo's centre.
                case .turn: modifiers += ".rotationEffect(.radians(Double(\(name)) * -atan2(Double(logo.y), Double(logo.x))))"
                case .opacity: modifiers += ".opacity(Double(\(name)))"
                case .verticalOffset: break
                }
            }
        }
        guard let place else { return modifiers }
        let offsets = names.filter { $0.1 == .verticalOffset }.map { " + \($0.0)" }.joined()
        return modifiers + (offsets.isEmpty ? ".position(\(place))" : ".position(x: \(place).x, y: \(place).y\(offsets))")
    }

    /// `.timingCurve(curve, duration:)` with the track's delay, from the track's own parameters.
    static func animation(_ track: ExportTrack) -> String {
        let delay = track.begin.map { ".delay(\(constant($0)))" } ?? ""
        return ".timingCurve(\(constant(track.curve)), duration: \(constant(track.duration)))\(delay)"
    }

    /// The `withAnimation` lines of the tracks that play with Reduce Motion `on` from `anchor`.
    static func stateAnimations(_ anchor: SplashTrack.Anchor, reduceMotion on: Bool, _ model: ExportModel, indent: String = "        ") -> String {
        model.tracks(anchor, reduceMotion: on).compactMap { track -> String? in
            guard case let .state(name) = form(of: track.property), track.keyframes == nil else { return nil }
            return indent + "withAnimation(\(animation(track))) { \(name) = \(track.toConstant.map(constant) ?? number(track.to)) }"
        }.joined(separator: "\n")
    }

    /// A keyframe's value: a number, or where it grows with the screen, the export device's value
    /// scaled by `screenHeight`.
    static func keyframeValue(_ v: ExportKeyframes.Value, height: Double) -> String {
        v.scalesWithScreen ? "\(number(v.value)) * screenHeight / \(number(height))" : number(v.value)
    }

    /// The hole's keyframes, one `KeyframeTrack` per hole track.
    static func holeKeyframes(_ model: ExportModel) -> (fields: String, tracks: String) {
        var fields: [String] = [], tracks: [String] = []
        for track in model.tracks(reduceMotion: false) {
            guard case let .hole(path) = form(of: track.property) else { continue }
            var frames: [String] = []
            if let begin = track.begin, begin.number > 0 {
                frames.append("LinearKeyframe(\(number(track.from)), duration: \(constant(begin)))")
            }
            if let keyframes = track.keyframes {
                // Key times start at 0 (the declaration's rule), so the first value is where the track starts.
                fields.append("        var \(path): CGFloat = \(number(track.from))")
                for i in 1..<keyframes.values.count {
                    let share = keyframes.keyTimes[i] - keyframes.keyTimes[i - 1]
                    frames.append("LinearKeyframe(\(keyframeValue(keyframes.values[i], height: keyframes.screenHeight)), duration: \(number(share)) * \(constant(track.duration)), timingCurve: \(constant(track.curve))[\(i - 1)])")
                }
            } else {
                fields.append("        var \(path): CGFloat = \(number(track.from))")
                frames.append("LinearKeyframe(\(number(track.to)), duration: \(constant(track.duration)), timingCurve: \(constant(track.curve)))")
            }
            tracks.append("                KeyframeTrack(\\.\(path)) {\n" + frames.map { "                    " + $0 }.joined(separator: "\n") + "\n                }")
        }
        return (fields.joined(separator: "\n"), tracks.joined(separator: "\n"))
    }

    static func color(_ c: Color) -> String {
        "Color(red: \(number(Double(c.r) / 255)), green: \(number(Double(c.g) / 255)), blue: \(number(Double(c.b) / 255)), opacity: \(number(Double(c.a) / 255)))"
    }

    public static func source(_ splash: SplashSequence, launch: LaunchBackground, description: LaunchDescription, timingsPath: String) -> String {
        let model = ExportModel(timings: splash.timings, screenHeight: splash.device.height)
        let states = SplashProperty.allCases.compactMap { property -> (String, SplashProperty)? in
            if case let .state(name) = form(of: property) { return (name, property) }
            return nil
        }
        // Where a track plays, the state starts where its motion starts; otherwise at its still value.
        func initial(_ property: SplashProperty) -> String {
            guard let track = model.track(driving: property) else { return number(splash.stillValue(property)) }
            return track.fromConstant.map(constant) ?? number(track.from)
        }
        let stateLines = states.map { "    @State private var \($0.0): CGFloat = \(initial($0.1))" }.joined(separator: "\n")
        let stillLines = states.map { "            \($0.0) = \(number(splash.stillValue($0.1)))" }.joined(separator: "\n")
        let hole = holeKeyframes(model)
        let stops: String
        switch launch {
        case let .gradient(list): stops = list.map { ".init(color: \(color($0.color)), location: \(number($0.location)))" }.joined(separator: ", ")
        case .image, .white: stops = ".init(color: \(color(.white)), location: 0)"
        }
        let launchNote: String
        switch launch {
        case .gradient: launchNote = "launch.json's gradient"
        case .image: launchNote = "white here: the launch image is an image asset of its own, to draw instead"
        case .white: launchNote = "white, as no launch.json or launch image describes it"
        }
        let springs = model.springs.map { spring -> String in
            let name = ExportNames.swiftName(spring.id)
            return """
            /// The \(spring.label) spring as an animation that starts at a gesture's velocity (in the animated value's units per second).
            func \(name)Animation(initialVelocity: Double) -> Animation {
                .interpolatingSpring(SplashTimings.\(name), initialVelocity: initialVelocity)
            }
            """
        }.joined(separator: "\n\n")
        let appear = splash.appearDuration
        return """
        // Generated by `splashlab export swiftui` from \(timingsPath), for iOS 17.
        // Curves are Core Animation's control points as UnitCurve.bezier; springs are Spring(response:dampingRatio:)
        // (mass 1, stiffness (2π / response)², damping 4π ζ / response) and the same spring as Spring(duration:bounce:).
        import SwiftUI

        /// Every tunable value of \(timingsPath), as declared by `splashlab timings --schema`.
        enum SplashTimings {
        \(constants(model))
        }

        \(springs)

        /// The launch screen as the app shows it (\(launchNote)).
        enum SplashLaunchScreen {
            /// The background, top to bottom.
            static let background = LinearGradient(stops: [\(stops)], startPoint: .top, endPoint: .bottom)
            /// The logo's centre as a share of the screen, the text's centre below it, the text image's size (pt).
            static let logoCenter = UnitPoint(x: \(number(description.logoCenter.x)), y: \(number(description.logoCenter.y)))
            static let textBelowLogo: CGFloat = \(number(description.textOffset))
            static let textSize = CGSize(width: \(number(splash.layout.textSize.width)), height: \(number(splash.layout.textSize.height)))
        }

        /// The splash's phases, as `splashlab state` names them.
        enum SplashPhase { case appearing, holding, disappearing, done }

        /// The launch screen (SplashLaunchScreen, the logo image "SplashLogo", the text image "SplashText"),
        /// then the splash over `content`: the logo grows and the text rises in; at d the splash gives way to a
        /// logo-shaped hole in a mask over `content`, which turns and grows until it uncovers the screen.
        /// With Reduce Motion the splash stands still and cross-fades once the content is ready (no
        /// minimum hold, seed 002), at the timeout at the latest.
        struct SplashView<Content: View>: View {
            /// When `content` is ready, in seconds from launch: the splash goes at
            /// d = min(max(minHold, contentReadyAfter), timeout).
            var contentReadyAfter: TimeInterval = 0
            @ViewBuilder var content: () -> Content

            @Environment(\\.accessibilityReduceMotion) private var reduceMotion
            @State private var phase = SplashPhase.appearing
            @State private var holeOpens = false
        \(stateLines)

            /// The hole's size (pt) and turn (a share of its turn toward the upper-left corner).
            struct HoleFrame {
        \(hole.fields)
            }

            var body: some View {
                GeometryReader { proxy in
                    let logo = CGPoint(x: proxy.size.width * SplashLaunchScreen.logoCenter.x, y: proxy.size.height * SplashLaunchScreen.logoCenter.y)
                    let text = CGPoint(x: logo.x, y: logo.y + SplashLaunchScreen.textBelowLogo)
                    let opening = phase == .disappearing && !reduceMotion
                    ZStack {
                        if opening {
                            SplashLaunchScreen.background
                            Image("SplashText").resizable().frame(width: SplashLaunchScreen.textSize.width, height: SplashLaunchScreen.textSize.height)
                                \(drawn(.backdropText, at: "text"))
                        }
                        // The hole lives inside the content's transform: both scale about the screen's centre.
                        ZStack {
                            content()
                                .mask {
                                    if opening { holeShape(at: logo, screenHeight: proxy.size.height) } else { Rectangle() }
                                }
                            if opening { holeShape(at: logo, screenHeight: proxy.size.height)\(drawn(.holeLogo, at: nil)) }
                        }
                        \(drawn(.feed, at: nil))
                        if phase == .appearing || phase == .holding || (reduceMotion && phase != .done) {
                            ZStack {
                                SplashLaunchScreen.background
                                Image("SplashLogo").resizable()\(drawn(.logo, at: "logo"))
                                Image("SplashText").resizable().frame(width: SplashLaunchScreen.textSize.width, height: SplashLaunchScreen.textSize.height)
                                    \(drawn(.text, at: "text"))
                            }
                            \(drawn(.splash, at: nil))
                        }
                    }
                }
                .ignoresSafeArea()
                .task { await play() }
            }

            /// The logo's shape at the hole's keyframes; it turns toward the upper-left corner, −atan(cy / cx).
            private func holeShape(at center: CGPoint, screenHeight: CGFloat) -> some View {
                Image("SplashLogo").resizable()
                    .keyframeAnimator(initialValue: HoleFrame(), trigger: holeOpens) { logo, frame in
                        logo.frame(width: frame.size, height: frame.size)
                            .rotationEffect(.radians(Double(frame.turn) * -atan2(Double(center.y), Double(center.x))))
                    } keyframes: { _ in
        \(hole.tracks)
                    }
                    .position(center)
            }

            private func play() async {
                let d = min(max(\(constant(model.shortestHold)), contentReadyAfter), \(constant(model.longestHold)))
                if reduceMotion {
                    // The still splash: every track at rest.
        \(stillLines)
                    phase = .holding
                    // Seed 002: no minimum hold; the still splash fades as soon as the content is ready.
                    try? await Task.sleep(for: .seconds(min(contentReadyAfter, \(constant(model.longestHold)))))
                    phase = .disappearing
        \(stateAnimations(.dismissal, reduceMotion: true, model, indent: "            "))
                    try? await Task.sleep(for: .seconds(\(number(reduceMotionDisappearance(model)))))
                    phase = .done
                    return
                }
                // Appearance, from the launch screen at t = 0.
        \(stateAnimations(.start, reduceMotion: false, model))
                try? await Task.sleep(for: .seconds(min(\(number(appear)), d)))
                phase = .holding
                try? await Task.sleep(for: .seconds(max(d - \(number(appear)), 0)))
                // Disappearance, from d.
                phase = .disappearing
                holeOpens = true
        \(stateAnimations(.dismissal, reduceMotion: false, model))
                try? await Task.sleep(for: .seconds(\(number(splash.disappearDuration))))
                phase = .done
            }
        }
        """
    }

    /// How long the disappearance lasts with Reduce Motion on: the latest end of its tracks from d.
    static func reduceMotionDisappearance(_ model: ExportModel) -> Double {
        model.tracks(.dismissal, reduceMotion: true).map { $0.interval(dismissalTime: 0).end }.max() ?? 0
    }
}
