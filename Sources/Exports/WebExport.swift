import Formats
import Foundation
import Motion
import Scenes

/// `splashlab export css [--html]`: the splash as CSS animations (`@keyframes` and `animation`
/// rules), and with `--html` a self-contained page that plays it. Every rule comes from a track of
/// the export model (`ExportModel.tracks`); the elements carry the names of `state`'s layers as
/// ids, and every animation counts from the splash's start (time 0 on the Web Animations
/// timeline), its begin as its delay.
public struct WebExport: ExportTarget {
    public let command = ExportCommandLine(name: "css", options: .preview, writesPage: true)

    public func export(_ source: ExportSource) throws -> ExportOutput {
        if source.page { return .text(try Self.page(source)) }
        return .text(Self.css(source.splash, timingsPath: source.timingsPath) + "\n:root {\n\(Self.springProperties(ExportModel(timings: source.timings, screenHeight: source.splash.device.height)))\n}")
    }

    static func number(_ v: Double) -> String { ExportNames.number(v) }
    /// Six decimals: a CSS number's precision is single (Blink keeps floats), so more digits say nothing.
    static func short(_ v: Double) -> String {
        let rounded = (v * 1e6).rounded() / 1e6
        return number(rounded == 0 ? 0 : rounded)
    }

    // MARK: Easing

    /// The CSS easing of a timing curve: `cubic-bezier()` with Core Animation's control points;
    /// a curve whose x leaves [0, 1] (which CSS refuses) as `linear()` through its samples.
    static func easing(_ curve: TimingCurve) -> String {
        switch curve {
        case .linear: return "linear"
        case let .bezier(b):
            if (0...1).contains(b.x1) && (0...1).contains(b.x2) {
                return "cubic-bezier(\(number(b.x1)), \(number(b.y1)), \(number(b.x2)), \(number(b.y2)))"
            }
            return LinearEasing(MotionSpec.curve(curve).simulation.x).css
        }
    }

    // MARK: Where each property shows

    /// How a property of the splash shows on the page: the elements it moves (ids named after
    /// `state`'s layers), the CSS property, and the CSS value for the property's value, from the
    /// property's layer and channel.
    struct WebForm {
        let elements: [String]
        let property: String
        let css: (Double) -> String
    }

    /// The elements a layer is drawn as: the hole is the mask's content and the logo over it.
    static func elements(of layer: SplashLayer) -> [String] {
        layer == .hole ? [SplashLayer.hole.rawValue, SplashLayer.holeLogo.rawValue] : [layer.rawValue]
    }

    static func form(of property: SplashProperty, in splash: SplashSequence) -> WebForm {
        let elements = elements(of: property.layer)
        switch property.channel {
        case .size:
            // Sized elements are drawn at their still size and scaled from it.
            let base = splash.stillValue(property)
            return WebForm(elements: elements, property: "scale") { short($0 / base) }
        case .scale: return WebForm(elements: elements, property: "scale") { short($0) }
        case .verticalOffset: return WebForm(elements: elements, property: "translate") { "0px \(short($0))px" }
        case .opacity: return WebForm(elements: elements, property: "opacity") { short($0) }
        case .turn:
            let end = splash.holeEndRotation
            return WebForm(elements: elements, property: "rotate") { "\(short($0 * end))rad" }
        }
    }

    // MARK: Animations

    /// One CSS animation: its keyframes (offset, value, easing to the next), its begin and duration
    /// in seconds from the splash's start, the elements and property it moves.
    struct Animation {
        let name: String
        let elements: [String]
        let property: String
        let keyframes: [(offset: Double, value: String, easing: String?)]
        let begin: Double
        let duration: Double
        /// Which side it holds its values on outside its run: both, or (for a step that must not
        /// cover what plays before it) forwards.
        var fill = "both"

        var keyframesRule: String {
            let frames = keyframes.map { k -> String in
                let easing = k.easing.map { " animation-timing-function: \($0);" } ?? ""
                return "  \(short(k.offset * 100))% { \(property): \(k.value);\(easing) }"
            }
            return "@keyframes \(name) {\n" + frames.joined(separator: "\n") + "\n}"
        }

        /// The `animation` shorthand's entry: each segment's easing is in its keyframe, so the
        /// whole runs `linear`; `both` holds the first value before the begin and the last after.
        var shorthand: String { "\(name) \(number(duration))s linear \(number(begin))s 1 \(fill)" }
    }

    /// A track's animation: a curve track as two keyframes eased by its curve, a keyframe track
    /// as its values at its key times, each segment eased by its own curve. The property's value
    /// is the track's `value` of the motion's value at each keyframe.
    static func animation(of track: ExportTrack, in splash: SplashSequence) -> Animation {
        let form = self.form(of: track.property, in: splash)
        let frames: [(Double, String, String?)]
        if let keyframes = track.keyframes {
            frames = keyframes.values.indices.map { i in
                let curve = i < keyframes.timingFunctions.count ? keyframes.timingFunctions[i] : nil
                return (keyframes.keyTimes[i], form.css(keyframes.values[i].value), i + 1 < keyframes.values.count ? curve.map(easing) : nil)
            }
        } else {
            frames = [(0, form.css(track.from), easing(track.firstCurve)), (1, form.css(track.to), nil)]
        }
        let (begin, end) = track.interval(dismissalTime: splash.dismissalTime)
        return Animation(name: track.id, elements: form.elements, property: form.property, keyframes: frames, begin: begin, duration: end - begin)
    }

    /// The splash window goes at d, and the backdrop comes (SplashSequence.frame): steps, not tracks.
    static func windowSteps(_ splash: SplashSequence, reduceMotion: Bool) -> [Animation] {
        let d = splash.dismissalTime
        var steps = [Animation]()
        if !reduceMotion {
            steps.append(Animation(name: "splashWindow", elements: ["splash"], property: "opacity",
                                   keyframes: [(0, "1", nil), (1, "0", nil)], begin: d, duration: 0))
            steps.append(Animation(name: "backdropWindow", elements: ["backdrop"], property: "opacity",
                                   keyframes: [(0, "0", nil), (1, "1", nil)], begin: d, duration: 0))
        }
        return steps
    }

    /// Every animation that plays with Reduce Motion on or off, in the track list's order.
    static func animations(_ splash: SplashSequence, reduceMotion: Bool) -> [Animation] {
        windowSteps(splash, reduceMotion: reduceMotion)
            + ExportModel(timings: splash.timings, screenHeight: splash.device.height).tracks(reduceMotion: reduceMotion).map { animation(of: $0, in: splash) }
    }

    /// Each element's still values (where no track plays, as with Reduce Motion) and animations.
    static func elementRules(_ splash: SplashSequence, reduceMotion: Bool, extra: [Animation] = []) -> String {
        let playing = animations(splash, reduceMotion: reduceMotion) + extra
        var order: [String] = []
        var stills: [String: [(String, String)]] = [:]
        func add(_ id: String, _ property: String, _ value: String) {
            if stills[id] == nil { order.append(id); stills[id] = [] }
            if !stills[id]!.contains(where: { $0.0 == property }) { stills[id]!.append((property, value)) }
        }
        for property in SplashProperty.allCases {
            let form = self.form(of: property, in: splash)
            for id in form.elements { add(id, form.property, form.css(splash.stillValue(property))) }
        }
        // The backdrop shows from d, with Reduce Motion never (its window step below).
        add("backdrop", "opacity", "0")
        for a in playing { for id in a.elements { add(id, a.property, a.keyframes.first?.value ?? "") } }
        return order.map { id -> String in
            let own = playing.filter { $0.elements.contains(id) }
            let still = stills[id]!.map { "\($0.0): \($0.1);" }.joined(separator: " ")
            let animation = own.isEmpty ? "none" : own.map(\.shorthand).joined(separator: ", ")
            return "#\(id) { \(still) animation: \(animation); }"
        }.joined(separator: "\n")
    }

    /// The CSS: keyframes for both modes, the rules with Reduce Motion off, and under
    /// `prefers-reduced-motion: reduce` the still splash and its cross-fade.
    static func css(_ given: SplashSequence, timingsPath: String, extra: [Animation] = []) -> String {
        // Each mode has its own d: with Reduce Motion the still splash gives way when loading
        // completes, without waiting for the minimum hold (seed 002).
        let splash = given.withReduceMotion(false), still = given.withReduceMotion(true)
        var names = Set<String>()
        var keyframes: [String] = []
        for a in animations(splash, reduceMotion: false) + animations(still, reduceMotion: true) + extra where names.insert(a.name).inserted {
            keyframes.append(a.keyframesRule)
        }
        let reduced = elementRules(still, reduceMotion: true, extra: extra).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        return """
        /* Generated by `splashlab export css` from \(timingsPath), for \(splash.device.name) (\(number(splash.device.width))x\(number(splash.device.height)) pt as CSS px).
           Elements by id, as `splashlab state` names its layers: #splash (the launch screen: gradient, #logo, #text),
           #backdrop (gradient, #backdropText), #feed (the screen, scaled about its centre) holding the hole: the screen
           seen through a mask whose content is #hole (the logo image), and #holeLogo over it. Times count from the
           splash's start: every animation's delay is its begin. The dismissal time d is \(number(splash.dismissalTime)) s (with Reduce Motion \(number(still.dismissalTime)) s). */
        \(keyframes.joined(separator: "\n"))
        \(elementRules(splash, reduceMotion: false, extra: extra))
        @media (prefers-reduced-motion: reduce) {
        \(reduced)
        }
        """
    }
}

// MARK: - Springs as `linear()`

/// A function of progress u in [0, 1] as CSS `linear()` easing (CSS Easing Functions Level 2):
/// points joined by straight lines, placed where the chord from the last point strays from the
/// function by no more than `tolerance` at any of `checks` points between, so a stiff spring's
/// quick start gets many points and its tail few.
struct LinearEasing {
    var points: [(u: Double, value: Double)] = []

    /// 2e-5 of the travel: a tenth of a tenth of the 1e-3 of a property's range the parity check
    /// allows, leaving the rest to Chromium's single-precision numbers.
    static let defaultTolerance = 2e-5

    init(_ f: (Double) -> Double, tolerance: Double = LinearEasing.defaultTolerance, checks: Int = 16, maxPoints: Int = 4000) {
        points = [(0, f(0))]
        var start = 0.0
        let smallest = 1.0 / Double(maxPoints)
        while start < 1 {
            // Double the step while the chord holds, then halve back to the last that held.
            var step = smallest
            func holds(_ h: Double) -> Bool {
                let end = min(start + h, 1)
                let a = f(start), b = f(end)
                for k in 1..<checks {
                    let u = start + (end - start) * Double(k) / Double(checks)
                    let chord = a + (b - a) * Double(k) / Double(checks)
                    if abs(f(u) - chord) > tolerance { return false }
                }
                return true
            }
            while start + step < 1 && holds(step * 2) { step *= 2 }
            var low = step, high = min(step * 2, 1 - start)
            if start + step < 1 {
                for _ in 0..<20 {
                    let mid = (low + high) / 2
                    if holds(mid) { low = mid } else { high = mid }
                }
            }
            let end = min(start + low, 1)
            points.append((end, f(end)))
            start = end
        }
    }

    var css: String {
        "linear(" + points.map { "\(WebExport.short($0.value)) \(WebExport.short($0.u * 100))%" }.joined(separator: ", ") + ")"
    }
}

extension WebExport {
    /// How long a spring's CSS animation runs: until it stays within 1e-5 of its travel of the
    /// target (past the 1e-3 settling time it still moves by that much), capped at 60 s.
    static func springDuration(_ spring: SpringMotion) -> Double {
        spring.restTime(within: 1e-5, step: 0.01, limit: 60)
    }

    /// Every declared spring as a `linear()` easing from rest, with its
    /// duration, as custom properties a page can use: `animation-timing-function: var(--panel-spring)`.
    static func springProperties(_ model: ExportModel) -> String {
        model.springs.compactMap { spring -> String? in
            let response = spring.response, fraction = spring.dampingFraction
            guard let parameters = spring.parameters, let motion = try? SpringMotion(parameters: parameters) else { return nil }
            let duration = springDuration(motion)
            let name = spring.id.replacingOccurrences(of: ".", with: "-")
            return """
              /* \(spring.label): spring(response: \(number(response)), dampingFraction: \(number(fraction))) from rest, over \(short(duration)) s */
              --\(name)-duration: \(short(duration))s;
              --\(name): \(LinearEasing({ motion.x($0 * duration) }).css);
            """
        }.joined(separator: "\n")
    }
}

extension SplashSequence {
    /// The same splash with Reduce Motion on or off.
    func withReduceMotion(_ on: Bool) -> SplashSequence {
        guard options.reduceMotion != on else { return self }
        var o = options
        o.reduceMotion = on
        return SplashSequence(timings: timings, device: device, layout: layout, options: o)
    }
}
